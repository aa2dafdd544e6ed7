import XMLKit

/// Reads UDDF — the Universal Dive Data Format many dive computers and logbooks export — in
/// its 2.x and 3.0–3.3 versions, with or without the `http://www.streit.cc/uddf/3.x/`
/// namespace.
///
/// Values come in SI units (K, Pa, s, m, m³, gas fractions) and are converted exactly to the
/// log's units (°C, bar, litres, percent). Where a file has no `diveduration` (UDDF 2.x), the
/// duration is derived from the profile by Subsurface's rule (``DiveProfile/duration(of:)``).
/// Where `generator/name` says Subsurface, visibility 1/3/5/10/15 reads as its 1–5 stars.
///
/// Problems in single values or dives are reported in the result's issues; a file that is not
/// UDDF, not well-formed, of an unknown version, in the wrong units or without dives throws.
/// ``UDDFWriter`` lists what UDDF cannot carry.
public enum UDDFReader {
    /// Reads a whole file in memory; large files are read dive by dive through
    /// `LogbookFiles.open`, by the same reader.
    public static func read(_ bytes: [UInt8]) throws(LogbookReadError) -> LogbookReadResult {
        try UDDFStream(bytes: .memory(bytes)).readAll()
    }
}
