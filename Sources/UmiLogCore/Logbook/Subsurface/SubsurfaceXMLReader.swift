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

    /// Reads `bytes` as Subsurface XML.
    ///
    /// - Throws: `LogbookReadError.malformedXML` for bytes that are not XML, `.wrongFormat` when
    ///   the root is not `<divelog>`, `.unsupportedVersion` for a version above 3, `.wrongUnit`
    ///   for a non-metric unit suffix, `.noDives` when the file contains no `<dive>`.
    public static func read(_ bytes: [UInt8]) throws(LogbookReadError) -> LogbookReadResult {
        let root: XMLTree
        do {
            root = try XMLReader.parse(bytes)
        } catch {
            throw .malformedXML(reason: error.localizedDescription)
        }
        guard root.name == "divelog" else {
            throw .wrongFormat(expected: .subsurface, found: "<\(root.name)>")
        }
        if let version = root.attribute("version") {
            guard let number = SubsurfaceValue.integer(version), number <= supportedVersion else {
                throw .unsupportedVersion(format: .subsurface, version: version)
            }
        }

        var issues: [LogbookIssue] = []
        var sites = SubsurfaceSiteBook(divelog: root, issues: &issues)
        let elements = diveElements(of: root)
        guard !elements.isEmpty else { throw .noDives }
        var reader = SubsurfaceDiveReader()
        var dives: [LogbookDive] = []
        for element in elements {
            if let dive = try reader.read(element, sites: &sites) { dives.append(dive) }
        }
        // Every dive skipped is not "no dives": the issues say why, and the preview shows them.
        return LogbookReadResult(logbook: Logbook(sites: sites.sites, dives: dives), issues: issues + reader.issues)
    }

    /// The `<dive>`s of `<dives>` and of its `<trip>`s, in file order (older files put them
    /// directly under the root).
    private static func diveElements(of root: XMLTree) -> [XMLTree] {
        var elements: [XMLTree] = []
        func collect(_ parent: XMLTree) {
            for child in parent.children {
                switch child.name {
                case "dive": elements.append(child)
                case "trip": elements += child.children("dive")
                case "dives": collect(child)
                default: break
                }
            }
        }
        collect(root)
        return elements
    }
}
