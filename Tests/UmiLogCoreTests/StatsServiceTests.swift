import Foundation
import Testing

@testable import UmiLogCore

@Suite("StatsService: tiles, depth clubs, streaks and years")
struct StatsServiceTests {
    @Test("an empty log has zero tiles and no streak")
    func emptyLog() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        let stats = try await log.services.stats.stats()
        #expect(stats.dives == 0)
        #expect(stats.maxDepthMeters == nil)
        #expect(stats.totalBottomTimeSeconds == 0)
        #expect(stats.longestStreak == nil)
        #expect(stats.depthClubs.map(\.reached) == [false, false])
    }

    @Test("depth clubs are joined by the first dive that reached them")
    func depthClubs() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        let saver = log.services.saver
        _ = try await saver.save(.essentials(at: .utc("2026-01-01T09:00:00Z"), depth: 29.9), at: .testNow)
        let thirty = try await saver.save(.essentials(at: .utc("2026-01-02T09:00:00Z"), depth: 30), at: .testNow)
        _ = try await saver.save(.essentials(at: .utc("2026-01-03T09:00:00Z"), depth: 35), at: .testNow)
        let stats = try await log.services.stats.stats()
        #expect(
            stats.depthClubs[0] == DepthClub(depthMeters: 30, reached: true, firstDiveID: thirty.id, firstReachedAt: .utc("2026-01-02T09:00:00Z")))
        #expect(!stats.depthClubs[1].reached)
        #expect(stats.maxDepthMeters == 35)
    }

    @Test("the longest streak counts consecutive local days, two dives on a day counting once")
    func streaks() async throws {
        let log = try await TemporaryLog(timeZone: TimeZone(identifier: "Asia/Makassar")!)  // UTC+8
        defer { log.remove() }
        let saver = log.services.saver
        // 2026-06-01 23:30 UTC is 2026-06-02 07:30 in Bali.
        for start in [
            "2026-05-30T01:00:00Z", "2026-05-31T01:00:00Z", "2026-06-01T01:00:00Z", "2026-06-01T05:00:00Z",
            "2026-06-01T23:30:00Z", "2026-06-10T01:00:00Z", "2025-12-31T20:00:00Z",
        ] {
            _ = try await saver.save(.essentials(at: .utc(start)), at: .testNow)
        }
        let stats = try await log.services.stats.stats()
        #expect(stats.longestStreak == DivingStreak(days: 4, firstDay: "2026-05-30", lastDay: "2026-06-02"))
        // 2025-12-31 20:00 UTC is already 2026 in Bali.
        #expect(stats.divesPerYear == [YearCount(year: 2026, dives: 7)])
    }

    @Test("countries and sites count each once")
    func countries() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        for site in ["ss-thistlegorm", "ras-mohammed-shark-reef", "salt-pier", "playa-lagun", "salt-pier"] {
            _ = try await log.services.saver.save(.essentials(site: site), at: .testNow)
        }
        let stats = try await log.services.stats.stats()
        #expect(stats.countries == ["Bonaire", "Curaçao", "Egypt"])
        #expect(stats.sites == 4)
        #expect(stats.dives == 5)
        #expect(stats.totalBottomTimeSeconds == 5 * 45 * 60)
    }
}
