import CommandLineKit
import Foundation
import Testing

@Suite("Terminal output shared by the command lines")
struct TerminalOutputTests {
    @Test func tableColumnsArePaddedToTheWidestCellWithoutTrailingBlanks() {
        let lines = TerminalOutput.tableLines(["ID", "PLACE", "NOTE"], [["a1", "Bakery", ""], ["b22", "Bench", "sunny"]])
        #expect(lines == ["ID   PLACE   NOTE", "a1   Bakery", "b22  Bench   sunny"])
    }

    @Test func rowsLongerThanTheHeaderKeepTheirExtraCells() {
        #expect(TerminalOutput.tableLines(["A"], [["x", "y"]]) == ["A", "x  y"])
    }

    private struct Sample: Encodable {
        let id: String
        let createdAt: Date
        let url: String
    }

    @Test func jsonHasSortedKeysISODatesAndUnescapedSlashes() throws {
        let data = try TerminalOutput.jsonEncoder().encode(
            Sample(id: "x", createdAt: Date(timeIntervalSince1970: 0), url: "http://a/b"))
        #expect(
            String(decoding: data, as: UTF8.self) == """
                {
                  "createdAt" : "1970-01-01T00:00:00Z",
                  "id" : "x",
                  "url" : "http://a/b"
                }
                """)
    }

    private enum Failure: LocalizedError {
        case described
        var errorDescription: String? { "first line\nsecond line" }
    }

    @Test func failureReasonsComeFromErrorDescriptionOnOneLine() {
        #expect(TerminalOutput.oneLine(TerminalOutput.reason(for: Failure.described)) == "first line second line")
        #expect(TerminalOutput.reason(for: CocoaError(.fileNoSuchFile)).isEmpty == false)
    }
}
