import Testing
import UmiLogSynthetic

@testable import UmiLogPipeline

@Suite("Validation stage (1): lines and chunks")
struct ValidationStageTests {
    private func run(_ text: String, parallelism: Int, maximumLineBytes: Int = 1 << 20) -> ValidationStage.Output {
        Array(text.utf8).withUnsafeBufferPointer {
            ValidationStage(maximumLineBytes: maximumLineBytes, parallelism: parallelism).run($0)
        }
    }

    @Test("line numbers and results are the same whatever the number of chunks")
    func chunking() {
        let records = SyntheticSiteRecords.generate(count: 3_000, seed: 3)
        let text = records.lines.joined(separator: "\n")
        let one = run(text, parallelism: 1)
        for parallelism in [2, 3, 16] {
            let many = run(text, parallelism: parallelism)
            #expect(many.sites.map(\.line) == one.sites.map(\.line))
            #expect(many.sites.map(\.sourceID) == one.sites.map(\.sourceID))
            #expect(many.rejected.map(\.line) == one.rejected.map(\.line))
            #expect(many.dives.map(\.line) == one.dives.map(\.line))
            #expect(many.records == one.records)
        }
        #expect(Dictionary(uniqueKeysWithValues: one.rejected.map { ($0.line, $0.failure.code) }) == records.truth.invalidLines)
    }

    @Test("a byte order mark, CRLF line ends and blank lines are handled; long lines are dropped unread")
    func lineShapes() {
        let site = siteLine("a:1", name: "A", latitude: 1, longitude: 2)
        let text =
            "\u{FEFF}" + site + "\r\n\r\n   \n" + siteLine("a:2", name: String(repeating: "x", count: 300), latitude: 1, longitude: 2) + "\n"
            + siteLine("a:3", name: "C", latitude: 1, longitude: 2)
        let output = run(text, parallelism: 2, maximumLineBytes: 200)
        #expect(output.sites.map(\.line) == [1, 5])
        #expect(output.blankLines == 2)
        #expect(output.rejected.map(\.line) == [4])
        #expect(output.rejected.first?.failure == .lineTooLong)
        #expect(output.records == 3)
    }

    @Test("a repeated source id keeps the first line")
    func duplicateSourceIDs() {
        let text = [
            siteLine("a:1", name: "A", latitude: 1, longitude: 2), siteLine("a:2", name: "B", latitude: 1, longitude: 2),
            siteLine("a:1", name: "A again", latitude: 1, longitude: 2),
        ].joined(separator: "\n")
        let output = run(text, parallelism: 2)
        #expect(output.sites.map(\.name) == ["A", "B"])
        #expect(output.rejected.map(\.line) == [3])
        #expect(output.rejected.first?.failure == .duplicateSourceID)
    }

    @Test("empty input gives nothing, not an error")
    func empty() {
        let output = run("", parallelism: 2)
        #expect(output.records == 0 && output.sites.isEmpty && output.rejected.isEmpty)
    }
}
