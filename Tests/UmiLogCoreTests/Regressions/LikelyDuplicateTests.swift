import Foundation
import Testing

@testable import UmiLogCore

/// Issue 13: the same dive from another program (seconds cut off, depth or duration rounded)
/// was added a second time without a word. It is now shown as a likely duplicate of the dive it
/// repeats and skipped; an option keeps it; exact repeats are still "already in your log".
@Suite("Regression: likely duplicates are shown and skipped unless kept")
struct LikelyDuplicateTests {
    static func dive(
        number: Int? = 7, second: Int = 37, minute: Int = 0, duration: Int = 4_674, depth: Double = 38.99, site: String? = nil
    ) -> LogbookDive {
        LogbookDive(
            number: number, start: LocalDateTime(year: 2014, month: 4, day: 2, hour: 10, minute: minute, second: second)!,
            durationSeconds: duration, maxDepthMeters: depth, siteKey: site
        )
    }

    static let sites = [
        LogbookSite(key: "lake", name: "Lake Coleridge", coordinate: .at(-43.342295, 171.545936)),
        LogbookSite(key: "quarry", name: "Wanaka Quarry", coordinate: .at(-44.7, 169.1)),
    ]

    static func result(_ dives: [LogbookDive]) -> LogbookReadResult {
        LogbookReadResult(logbook: Logbook(sites: sites, dives: dives))
    }

    @Test("another program's copy (seconds cut, depth and duration rounded) is a likely duplicate, skipped")
    func otherProgramsCopy() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        let first = try await log.services.importer.commit(Self.result([Self.dive()]), format: .subsurface, at: .testNow)
        #expect(first.importedDives == 1)
        let original = try #require(try await log.services.dives.history().first).dive.id

        let copy = Self.result([Self.dive(second: 0, duration: 4_680, depth: 39.2)])
        let preview = try await log.services.importer.preview(copy, format: .uddf, at: .testNow)
        #expect(preview.candidates.map(\.action) == [.likelyDuplicate(of: original)])
        let issue = try #require(preview.issues.first { $0.message.contains("likely duplicate of #7") })
        #expect(issue.outcome == .skipped)
        #expect(issue.message.contains("in your log"))
        #expect(preview.skippedCount == 1)

        let summary = try await log.services.importer.commit(copy, format: .uddf, at: .testNow)
        #expect(summary.importedDives == 0)
        #expect(summary.likelyDuplicates == 1)
        #expect(summary.skipped == 1)
        #expect(try await log.services.dives.count() == 1)

        let kept = try await log.services.importer.commit(
            copy, format: .uddf, at: .testNow, options: LogbookImportOptions(keepDuplicates: true)
        )
        #expect(kept.importedDives == 1)
        #expect(try await log.services.dives.count() == 2)
    }

    @Test(
        "exact repeats stay 'already in your log'; different dives are added",
        arguments: [
            // 61 s later, 61 s longer, 0.6 m deeper (above 1 % of 39 m), seconds cut but at another site:
            (37 + 61, 4_674, 38.99, nil as String?), (37, 4_674 + 61, 38.99, nil), (37, 4_674, 39.6, nil), (0, 4_674, 38.99, "quarry"),
        ] as [(Int, Int, Double, String?)])
    func outsideTheRule(_ second: Int, _ duration: Int, _ depth: Double, _ site: String?) async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        try await log.services.importer.commit(Self.result([Self.dive(site: "lake")]), format: .subsurface, at: .testNow)
        let again = try await log.services.importer.preview(Self.result([Self.dive(site: "lake")]), format: .subsurface, at: .testNow)
        #expect(again.alreadyInLogCount == 1 && again.likelyDuplicateCount == 0)
        let minute = second / 60
        let other = Self.dive(second: second % 60, minute: minute, duration: duration, depth: depth, site: site ?? "lake")
        let preview = try await log.services.importer.preview(Self.result([other]), format: .uddf, at: .testNow)
        #expect(preview.newDiveCount == 1, "\(preview.issues)")
        #expect(preview.likelyDuplicateCount == 0)
    }

    @Test("a site on one side only does not tell dives apart; depth within 1 % of a deep dive does not either")
    func ruleEdges() {
        #expect(LogbookImportPlanner.likelySame(0, 3_000, 60, nil, 59, 3_059, 60.55, "a"))
        #expect(!LogbookImportPlanner.likelySame(0, 3_000, 60, "b", 59, 3_059, 60.55, "a"))
        #expect(!LogbookImportPlanner.likelySame(0, 3_000, 60, nil, 0, 3_000, 60.7, nil))
    }

    @Test("twice in one file, nearly the same: the second is a likely duplicate of the first, in preview and import")
    func withinTheFile() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        let file = Self.result([Self.dive(number: 1), Self.dive(number: 2, second: 0, depth: 39.1)])
        let preview = try await log.services.importer.preview(file, format: .subsurface, at: .testNow)
        #expect(preview.newDiveCount == 1 && preview.likelyDuplicateCount == 1)
        #expect(preview.issues.contains { $0.message.contains("likely duplicate of #1") && $0.message.contains("earlier in the file") })
        let summary = try await log.services.importer.commit(file, format: .subsurface, at: .testNow)
        #expect(summary.importedDives == 1 && summary.likelyDuplicates == 1)
        #expect(summary.issues.filter { $0.outcome == .skipped }.map(\.message) == preview.issues.filter { $0.outcome == .skipped }.map(\.message))
    }
}
