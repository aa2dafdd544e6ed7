import BudsCore
import Foundation
import TestSupport
import Testing

@Suite("Insights: strains, methods and effects over a period")
struct InsightsServiceTests {
    @Test("counts and averages per strain and method, effects by frequency, within the range")
    func insightsOverRange() async throws {
        let test = try TestJournal()
        let day: TimeInterval = 86_400
        let now = test.clock.now
        func session(_ strain: String, _ rating: Int, _ method: ConsumptionMethod?, _ effects: [String], daysAgo: Double) -> SessionDraft {
            var draft = SessionDraft.sample(strain, rating: rating, effects: effects)
            draft.consumptionMethod = method
            draft.claimedTime = now.addingTimeInterval(-daysAgo * day)
            return draft
        }
        _ = try await test.journal.manager.createBatch([
            session("Blue Dream", 5, .vape, ["relaxed", "happy"], daysAgo: 1),
            session("blue dream", 3, .joint, ["relaxed"], daysAgo: 2),
            session("Blue Dream", 4, .vape, ["creative"], daysAgo: 3),
            session("OG Kush", 2, nil, ["sleepy", "relaxed"], daysAgo: 4),
            session("Old One", 1, .bong, ["anxious"], daysAgo: 40),
        ])
        let insights = try await test.journal.insights.insights(from: now.addingTimeInterval(-30 * day), to: now)
        #expect(insights.sessions == 4)
        #expect(insights.averageRating == 3.5)
        #expect(insights.strains.map(\.strain) == ["Blue Dream", "OG Kush"])
        #expect(insights.strains.first?.sessions == 3)
        #expect(insights.strains.first?.averageRating == 4)
        #expect(insights.methods.map(\.method) == ["vape", "joint"])
        #expect(insights.methods.first?.averageRating == 4.5)
        #expect(insights.effects.first?.effect == "relaxed" && insights.effects.first?.sessions == 3)
        #expect(!insights.effects.contains { $0.effect == "anxious" })

        let all = try await test.journal.insights.insights()
        #expect(all.sessions == 5)
    }

    @Test("an empty journal has no averages")
    func emptyJournal() async throws {
        let insights = try await TestJournal().journal.insights.insights()
        #expect(insights.sessions == 0 && insights.averageRating == nil && insights.strains.isEmpty)
    }
}
