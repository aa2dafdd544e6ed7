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
    public static func read(_ bytes: [UInt8]) throws(LogbookReadError) -> LogbookReadResult {
        let root: XMLTree
        do throws(XMLError) {
            root = try XMLReader.parse(bytes)
        } catch {
            throw .malformedXML(reason: error.localizedDescription)
        }
        guard root.name.lowercased() == "uddf" else {
            throw .wrongFormat(expected: .uddf, found: "<\(root.name.prefix(40))>")
        }
        try UDDFVersion.check(root.attribute("version"))
        let groups = root.child("profiledata")?.children("repetitiongroup") ?? []
        let diveElements = groups.flatMap { $0.children("dive") }
        guard !diveElements.isEmpty else { throw .noDives }

        var log = LogbookIssueLog()
        let document = UDDFDocument(root: root, log: &log)
        let sites = UDDFSiteReader.sites(of: document, log: &log)
        // Units are judged per field over the whole file before any dive is read.
        var tankPressures = UDDFFileUnits.Survey()
        for element in diveElements { UDDFFileUnits.survey(element, into: &tankPressures) }
        let units = UDDFFileUnits(tankPressures: tankPressures)
        let reader = UDDFDiveReader(document: document, units: units)
        var dives: [LogbookDive] = []
        for (position, element) in diveElements.enumerated() {
            if let dive = try reader.dive(element, position: position, log: &log) {
                dives.append(dive)
            }
        }
        return LogbookReadResult(logbook: Logbook(sites: sites, dives: dives), issues: log.issues, assumptions: units.assumptions)
    }
}
