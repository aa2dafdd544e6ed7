import Foundation
import XMLKit

/// UDDF read as a stream, one dive at a time (see ``LogbookSource``).
///
/// The first pass keeps what dives link to — `generator`, `diver` (people and equipment),
/// `divesite` and `gasdefinitions`, which the 3.2 schema lets come in any order, also after
/// `profiledata` — counts the dives and surveys the units of the whole file
/// (``UDDFFileUnits``). The second reads each `profiledata/repetitiongroup/dive` as a tree and
/// turns it into a log dive. Both passes check the whole document, so a file that is not
/// well-formed is refused before any dive is handed out.
struct UDDFStream: LogbookSource {
    let bytes: LogbookBytes
    var format: LogbookFormat { .uddf }

    /// The sections dives refer to, each kept once (the first, as a tree reader's `child` finds).
    static let referencedSections: Set<String> = ["generator", "diver", "divesite", "gasdefinitions"]

    /// What the first pass found.
    private struct Survey {
        var document: UDDFDocument
        var header: LogbookHeader
        var units: UDDFFileUnits
    }

    func read(header: (LogbookHeader) throws -> Void, dive: (LogbookDiveRead) throws -> Void) throws {
        let survey = try self.survey()
        try header(survey.header)
        let reader = UDDFDiveReader(document: survey.document, units: survey.units)
        var position = 0
        try walkDives { element throws in
            var log = LogbookIssueLog()
            let read = try reader.dive(element, position: position, log: &log)
            position += 1
            try dive(LogbookDiveRead(dive: read, issues: log.issues))
        }
    }

    // MARK: First pass

    private func survey() throws(LogbookReadError) -> Survey {
        var reader = XMLStreamReader(source: try bytes.open(), limits: LogbookXML.limits)
        do {
            guard case .startElement(let root)? = try reader.next() else { throw XMLError.missingRootElement }
            // A file that is not UDDF (or not a version we read) is said so once it is known
            // to be well-formed, as a tree reader would.
            var refusal: LogbookReadError?
            if root.name.lowercased() != "uddf" {
                refusal = .wrongFormat(expected: .uddf, found: "<\(root.name.prefix(40))>")
            } else {
                do { try UDDFVersion.check(root.attribute("version")) } catch { refusal = error }
            }
            var sections: [XMLTree] = []
            var diveCount = 0
            var tankPressures = UDDFFileUnits.Survey()
            var sawProfile = false
            while case .startElement(let tag)? = try reader.next() {
                if refusal == nil, Self.referencedSections.contains(tag.name), !sections.contains(where: { $0.name == tag.name }) {
                    sections.append(try reader.readElement(tag))
                } else if refusal == nil, tag.name == "profiledata", !sawProfile {
                    sawProfile = true
                    try Self.forEachDive(in: &reader) { reader throws(XMLError) in
                        diveCount += 1
                        try Self.surveyTankPressures(&reader, into: &tankPressures)
                    }
                } else {
                    try reader.skipElement()
                }
            }
            while try reader.next() != nil {}
            if let refusal { throw refusal }
            guard diveCount > 0 else { throw LogbookReadError.noDives }
            var log = LogbookIssueLog()
            let document = UDDFDocument(root: XMLTree(name: root.name, attributes: root.attributes, children: sections), log: &log)
            let sites = UDDFSiteReader.sites(of: document, log: &log)
            let units = UDDFFileUnits(tankPressures: tankPressures)
            return Survey(
                document: document, header: LogbookHeader(sites: sites, issues: log.issues, assumptions: units.assumptions),
                units: units
            )
        } catch let error as XMLError {
            throw LogbookXML.error(error)
        } catch let error as LogbookReadError {
            throw error
        } catch {
            throw .unreadableFile(reason: error.localizedDescription)
        }
    }

    /// Calls `body` at the start tag of each `repetitiongroup/dive` of the `profiledata` whose
    /// start tag was just read; `body` must read through the dive's end tag.
    private static func forEachDive(
        in reader: inout XMLStreamReader, _ body: (inout XMLStreamReader) throws(XMLError) -> Void
    ) throws(XMLError) {
        while case .startElement(let group)? = try reader.next() {
            guard group.name == "repetitiongroup" else {
                try reader.skipElement()
                continue
            }
            while case .startElement(let tag)? = try reader.next() {
                if tag.name == "dive" {
                    try body(&reader)
                } else {
                    try reader.skipElement()
                }
            }
        }
    }

    /// Adds the tank pressures of the dive whose start tag was just read, reading through its end.
    private static func surveyTankPressures(
        _ reader: inout XMLStreamReader, into survey: inout UDDFFileUnits.Survey
    ) throws(XMLError) {
        var open = 1
        while open > 0 {
            switch try reader.next() {
            case .startElement(let tag)?:
                if UDDFFileUnits.tankPressureElements.contains(tag.name) {
                    if let text = try reader.readElement(tag).trimmedText { survey.add(text) }
                } else {
                    open += 1
                }
            case .endElement?:
                open -= 1
            case nil:
                return
            }
        }
    }

    // MARK: Second pass

    /// Reads each dive of the first `profiledata` as a tree and hands it to `body`.
    private func walkDives(_ body: (XMLTree) throws -> Void) throws {
        var reader = XMLStreamReader(source: try bytes.open(), limits: LogbookXML.limits)
        do {
            guard case .startElement? = try reader.next() else { throw XMLError.missingRootElement }
            var sawProfile = false
            while case .startElement(let tag)? = try reader.next() {
                guard tag.name == "profiledata", !sawProfile else {
                    try reader.skipElement()
                    continue
                }
                sawProfile = true
                while case .startElement(let group)? = try reader.next() {
                    guard group.name == "repetitiongroup" else {
                        try reader.skipElement()
                        continue
                    }
                    while case .startElement(let element)? = try reader.next() {
                        if element.name == "dive" {
                            try body(try reader.readElement(element))
                        } else {
                            try reader.skipElement()
                        }
                    }
                }
            }
            while try reader.next() != nil {}
        } catch let error as XMLError {
            throw LogbookXML.error(error)
        }
    }
}
