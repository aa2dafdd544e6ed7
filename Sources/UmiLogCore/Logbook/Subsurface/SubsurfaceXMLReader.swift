import XMLKit

/// Reads a Subsurface XML log (`.ssrf`/`.xml`, `<divelog program='subsurface' version='3'>`,
/// also version 2 and older) into a `Logbook`.
///
/// Values are read the way Subsurface's own `core/parse-xml.cpp` reads them — start times as
/// wall-clock time with no zone, only the leading number of `'25.3 m'`, delta-encoded samples —
/// so imported numbers match what the diver saw in Subsurface. Where the file is not what its
/// native writer produces the reader is stricter than Subsurface: a non-metric unit suffix
/// refuses the whole file rather than being misread as metric.
///
/// A problem with one dive, site or value skips or trims just that record and is listed in
/// `LogbookReadResult.issues`; `sac`, `otu` and `cns` on `<dive>`, events, pictures and settings
/// are derived or not part of the interchange model and are ignored.
public enum SubsurfaceXMLReader {
    /// The newest `<divelog version>` this reader knows (Subsurface's `dataformat_version`).
    static let supportedVersion = 3

    /// Reads `bytes` as Subsurface XML; large files are read dive by dive through
    /// `LogbookFiles.open`, by the same reader.
    ///
    /// - Throws: `LogbookReadError.malformedXML` for bytes that are not XML, `.wrongFormat` when
    ///   the root is not `<divelog>`, `.unsupportedVersion` for a version above 3, `.wrongUnit`
    ///   for a non-metric unit suffix, `.noDives` when the file contains no `<dive>`.
    public static func read(_ bytes: [UInt8]) throws(LogbookReadError) -> LogbookReadResult {
        try SubsurfaceStream(bytes: .memory(bytes)).readAll()
    }
}
