import Foundation
import TestSupport

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Draws for property tests, on the shared seeded generator so every failure reproduces.
extension SplitMix64 {
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    mutating func element<Element>(of options: [Element]) -> Element {
        options[below(options.count)]
    }
}

/// An SVG sketch as Foundation's XMLParser reads it: every element with its attributes and the
/// feature group it sits in, and any character data (a sketch must have none).
struct SketchDocument {
    struct Element {
        let name: String
        let attributes: [String: String]
        /// The `id` of the innermost enclosing `<g>`, if any.
        let groupID: String?
    }

    let elements: [Element]
    let text: String
    let parseError: String?

    init(_ svg: String) {
        let collector = SketchXMLCollector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = collector
        let isParsed = parser.parse()
        elements = collector.elements
        text = collector.text
        parseError = isParsed ? nil : (parser.parserError.map { String(describing: $0) } ?? "unknown parse error")
    }

    var isWellFormed: Bool { parseError == nil }

    var groupIDs: [String] {
        elements.filter { $0.name == "g" }.compactMap { $0.attributes["id"] }
    }

    func hasGroup(_ id: String) -> Bool {
        groupIDs.contains(id)
    }

    /// The shapes drawn inside the group `id`.
    func shapes(in id: String) -> [Element] {
        elements.filter { $0.groupID == id && $0.name != "g" }
    }

    /// The fills used inside the group `id`, as written (`#RRGGBB`).
    func fills(in id: String) -> Set<String> {
        Set(shapes(in: id).compactMap { $0.attributes["fill"] }.filter { $0 != "none" })
    }

    /// The numbers of the first `d` attribute in group `id`, in order (command letters dropped).
    func pathNumbers(in id: String) -> [Double] {
        guard let data = shapes(in: id).first(where: { $0.name == "path" })?.attributes["d"] else { return [] }
        return data.split { !("0123456789.-".contains($0)) }.compactMap { Double($0) }
    }
}

private final class SketchXMLCollector: NSObject, XMLParserDelegate {
    var elements: [SketchDocument.Element] = []
    var text = ""
    private var openGroups: [String?] = []

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        let enclosing = openGroups.last { $0 != nil } ?? nil
        elements.append(SketchDocument.Element(name: elementName, attributes: attributeDict, groupID: enclosing))
        if elementName == "g" {
            openGroups.append(attributeDict["id"])
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        if elementName == "g" {
            openGroups.removeLast()
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string.filter { !$0.isWhitespace }
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        text += "<CDATA>"
    }
}
