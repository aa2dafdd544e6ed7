import Foundation
import Testing

@testable import UmiLogCore

/// Issue 13: profile samples whose time goes backwards were stored silently out of order. The
/// import now keeps the longest run of samples in time order, leaves the others out with one
/// issue per dive, and never sorts (see `LogbookProfileCheck`); auxiliary values no dive can have
/// are dropped from their samples the same way, for every format.
@Suite("Regression: imported profiles are stored in time order, with plausible values")
struct ProfileTimeOrderTests {
    static func dive(_ samples: [DiveSample]) -> LogbookDive {
        LogbookDive(
            start: LocalDateTime(year: 2023, month: 7, day: 9, hour: 14)!, durationSeconds: 1_800, maxDepthMeters: 20,
            samples: samples)
    }

    static func point(_ time: Int, _ depth: Double = 10) -> DiveSample {
        DiveSample(timeSeconds: time, depthMeters: depth)
    }

    @Test("samples going back in time are left out, reported once; what is stored is in time order")
    func backwardsTimeIsLeftOut() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        // A glitch at 900 s in the middle, and a stray 5000 s at the start.
        let times = [5_000, 0, 60, 120, 900, 180, 240, 300, 200, 360]
        let logbook = Logbook(dives: [Self.dive(times.map { Self.point($0) })])
        let summary = try await log.services.importer.commit(LogbookReadResult(logbook: logbook), format: .json, at: .testNow)
        #expect(summary.importedDives == 1)
        let stored = try await log.services.dives.samples(of: try #require(try await log.services.dives.history().first).dive.id)
        #expect(stored.map(\.timeSeconds) == [0, 60, 120, 180, 240, 300, 360])
        let warnings = summary.issues.filter { $0.message.contains("going back in time") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.hasPrefix("3 profile points") == true)
        #expect(warnings.first?.outcome == .partLeftOut)
        #expect(summary.skipped == 0)
    }

    @Test("a profile already in time order (equal times included) is kept whole")
    func orderedProfileKept() {
        let samples = [0, 10, 10, 20, 30].map { Self.point($0) }
        let checked = LogbookProfileCheck.check(samples, record: "dive 1")
        #expect(checked.samples == samples)
        #expect(checked.issues.isEmpty)
    }

    @Test("the run kept is a longest one, whatever the disorder", arguments: 0..<20)
    func longestRun(_ seed: UInt64) {
        var state = seed &+ 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33) % 50
        }
        let times = (0..<12).map { _ in next() }
        let kept = LogbookProfileCheck.longestRunInTimeOrder(times.map { Self.point($0) }).map { times[$0] }
        #expect(kept == kept.sorted())
        // No longer non-decreasing subsequence exists (checked by brute force over all subsets).
        var best = 0
        for mask in 0..<(1 << times.count) {
            let chosen = times.indices.filter { mask & (1 << $0) != 0 }.map { times[$0] }
            if chosen == chosen.sorted() { best = max(best, chosen.count) }
        }
        #expect(kept.count == best)
    }

    @Test("auxiliary values no dive can have are dropped from their samples, once per dive and value")
    func implausibleAuxiliaryValues() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        let samples = (0..<10).map { index in
            DiveSample(
                timeSeconds: index * 10, depthMeters: 5, temperatureCelsius: 300, tankPressureBar: 200,
                po2Bar: index < 4 ? 0.98 : 98_000)
        }
        let summary = try await log.services.importer.commit(
            LogbookReadResult(logbook: Logbook(dives: [Self.dive(samples)])), format: .json, at: .testNow
        )
        let stored = try await log.services.dives.samples(of: try #require(try await log.services.dives.history().first).dive.id)
        #expect(stored.count == 10)
        #expect(stored.allSatisfy { $0.temperatureCelsius == nil && $0.tankPressureBar == 200 })
        #expect(stored.map(\.po2Bar) == Array(repeating: 0.98, count: 4) + Array(repeating: nil, count: 6))
        #expect(summary.issues.filter { $0.message.hasPrefix("temperature 300 °C") && $0.message.contains("in 10 profile points") }.count == 1)
        #expect(summary.issues.filter { $0.message.hasPrefix("ppO₂ 98000 bar") && $0.message.contains("in 6 profile points") }.count == 1)
    }
}
