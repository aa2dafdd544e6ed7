import Testing
import XMLKit

@testable import UmiLogCore

/// Issue 13: the UDDF export declared `version="3.2.0"` but follows 3.2.2 — `pulserate` and the
/// element order of uddf_3.2.2.xsd, which `UDDFWriterTests.schemaStructure` checks — and gave
/// 462 schema errors against 3.2.0/3.2.1. It now declares the version it follows.
@Suite("Regression: the UDDF export declares the version it follows")
struct UDDFDeclaredVersionTests {
    static let logbook = Logbook(dives: [
        LogbookDive(
            start: LocalDateTime(year: 2024, month: 6, day: 1, hour: 8)!, durationSeconds: 600, maxDepthMeters: 12,
            samples: [
                DiveSample(timeSeconds: 0, depthMeters: 0, heartRate: 80),
                DiveSample(timeSeconds: 60, depthMeters: 12, heartRate: 95),
            ]
        )
    ])

    @Test("the root says 3.2.2, the schema the writer's structure test models, and reads back")
    func declaresSchemaVersion() throws {
        let text = UDDFWriter.write(Self.logbook, generatedAt: LocalDateTime(year: 2026, month: 1, day: 1)!)
        let root = try XMLReader.parse(Array(text.utf8))
        #expect(root.attribute("version") == "3.2.2")
        // pulserate exists from 3.2.2 on: an export using it must not claim an older version.
        #expect(!root.descendants("pulserate").isEmpty)
        #expect(try UDDFReader.read(Array(text.utf8)).logbook.dives.first?.samples.map(\.heartRate) == [80, 95])
    }
}
