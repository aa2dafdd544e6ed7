import Foundation
import TestSupport
import Testing

@testable import UmiLogCore

/// Issue 13: UmiLog could not read back its own export of a large log (2,000 dives with
/// profiles export to 75–94 MB): imports stopped at 64 MiB, checked only after reading the whole
/// file into memory. Imports now stream dive by dive (`LogbookFiles.open`), and anything UmiLog
/// exports it imports.
@Suite("Regression: a log exported larger than 64 MiB imports back whole, dive by dive", .serialized)
struct LargeLogRoundTripTests {
    /// Few dives with long profiles, so the file passes the old 64 MiB limit quickly.
    static func largeLogbook(dives: Int, samplesPerDive: Int) -> Logbook {
        let sites = (0..<5).map { LogbookSite(key: "s\($0)", name: "Reef \($0)", coordinate: .at(10 + Double($0), 120)) }
        let logbook = (0..<dives).map { index in
            let samples = (0..<samplesPerDive).map { second in
                DiveSample(
                    timeSeconds: second, depthMeters: 5 + Double(second % 300) / 10, temperatureCelsius: 24.5,
                    tankPressureBar: 200 - Double(second) / 100, ndlSeconds: 3_000 - second % 100, cnsPercent: 12,
                    po2Bar: 1.21, heartRate: 80 + second % 20
                )
            }
            return LogbookDive(
                id: UUID(), number: index + 1, start: LocalDateTime(year: 2020, month: 1 + index % 12, day: 1 + index % 28, hour: 8 + index % 10)!,
                durationSeconds: samplesPerDive, maxDepthMeters: 34.9, siteKey: "s\(index % 5)", notes: "dive \(index + 1)",
                samples: samples
            )
        }
        return Logbook(sites: sites, dives: logbook)
    }

    @Test("an UmiLog JSON export over 64 MiB imports into a new store with every dive and sample")
    func jsonLargerThanOldLimit() async throws {
        let logbook = Self.largeLogbook(dives: 40, samplesPerDive: 9_000)
        let url = ScratchFolder.fileURL("umilog-large", pathExtension: "json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(try LogbookJSON.write(logbook).utf8).write(to: url)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        #expect(size > 64 << 20, "the file must pass the old limit (\(size) bytes)")

        let source = try LogbookFiles.open(url)
        #expect(source.format == .json)
        let log = try await TemporaryLog()
        defer { log.remove() }
        let preview = try await log.services.importer.preview(source, at: .testNow)
        #expect(preview.found.dives == 40)
        #expect(preview.found.samples == 40 * 9_000)
        #expect(preview.candidates.allSatisfy { $0.dive.samples.isEmpty }, "a preview holds no profiles")
        let summary = try await log.services.importer.commit(source, at: .testNow)
        #expect(summary.importedDives == 40)
        #expect(summary.samples == 40 * 9_000)
        #expect(try await log.services.dives.count() == 40)
        let storedIDs = Set(try await log.services.dives.history().map(\.dive.id))
        #expect(storedIDs == Set(logbook.dives.compactMap(\.id)), "a round trip keeps our dive ids")
    }
}
