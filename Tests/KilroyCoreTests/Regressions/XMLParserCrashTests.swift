import Foundation
import KilroyCore
import Testing

/// Inputs found by the GPX fuzz test that crashed the whole process inside Foundation's
/// `XMLParser` on Linux (`strlen(NULL)` for a processing instruction without data, a trap on an
/// element name that is not UTF-8). GPXTrack now refuses them before XMLParser sees them.
@Suite("Regression: GPX inputs that crashed XMLParser")
struct XMLParserCrashTests {
    @Test(
        "a processing instruction without data is an error, not a crash",
        arguments: [
            ("<?xml version=\"1.0\"?>\n<?xm?><gpx/>", 2),
            ("<gpx>\n<?target   ?></gpx>", 2),
            ("<?xm?>\n<gpx><trkpt lat=\"1\" lon=\"2\"/></gpx>", 1),
        ])
    func emptyProcessingInstruction(text: String, line: Int) {
        #expect(throws: GPXError.unsupportedMarkup(line: line, what: "a processing instruction without data")) {
            try GPXTrack.parse(Data(text.utf8))
        }
    }

    @Test("an element name that is not UTF-8 is an error, not a crash")
    func nonUTF8ElementName() {
        let data = Data("<gpx>\n<".utf8) + Data([0xEB, 0x46, 0x75]) + Data("/></gpx>".utf8)
        #expect(throws: GPXError.notUTF8(line: 2)) { try GPXTrack.parse(data) }
    }

    @Test("DTDs and encodings other than UTF-8 are refused before parsing")
    func doctypeAndForeignEncoding() {
        #expect(throws: GPXError.unsupportedMarkup(line: 3, what: "a DOCTYPE declaration (GPX needs none)")) {
            try GPXTrack.parse(Data("<?xml version=\"1.0\"?>\n\n<!DOCTYPE gpx [<!ENTITY a \"b\">]><gpx/>".utf8))
        }
        #expect(throws: GPXError.unsupportedMarkup(line: 1, what: "the encoding \"utf-16\" (only UTF-8)")) {
            try GPXTrack.parse(Data("<?xml version=\"1.0\" encoding=\"UTF-16\"?><gpx/>".utf8))
        }
        // A declaration naming UTF-8 (any case) is fine.
        #expect(throws: Never.self) {
            try GPXTrack.parse(Data("<?xml version=\"1.0\" encoding=\"utf-8\"?><gpx><wpt lat=\"1\" lon=\"2\"/></gpx>".utf8))
        }
    }
}
