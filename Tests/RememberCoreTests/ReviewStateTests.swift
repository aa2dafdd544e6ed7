import Foundation
import RememberCore
import Testing

@Suite("ReviewState and SchedulerKind")
struct ReviewStateTests {
    @Test("a new person → interval 1, ease 2.5, no history, due at once")
    func newPerson() {
        let createdAt = Date.reviewTestEpoch
        let state = ReviewState.new(createdAt: createdAt)

        #expect(state.intervalDays == 1)
        #expect(state.easeFactor == 2.5)
        #expect(state.repetitions == 0)
        #expect(state.lapses == 0)
        #expect(state.dueDate == createdAt)
        #expect(state.lastReviewed == nil)
        #expect(state.stability == nil)
        #expect(state.difficulty == nil)
    }

    @Test("a reviewed state → survives a JSON round trip unchanged")
    func codableRoundTrip() throws {
        var state = ReviewState.new(createdAt: .reviewTestEpoch)
        state = FSRSScheduler().schedule(state, rating: .good, reviewedAt: .reviewTestEpoch)
        state = SM2Scheduler().schedule(state, rating: .good, reviewedAt: state.dueDate)

        let data = try JSONEncoder().encode(state)
        let decoded = try JSONDecoder().decode(ReviewState.self, from: data)

        #expect(decoded == state)
    }

    @Test("--scheduler sm2|fsrs → the matching scheduler", arguments: SchedulerKind.allCases)
    func makeScheduler(kind: SchedulerKind) {
        let scheduler = kind.makeScheduler()
        switch kind {
        case .sm2: #expect(scheduler is SM2Scheduler)
        case .fsrs: #expect(scheduler is FSRSScheduler)
        }
        #expect(SchedulerKind(rawValue: kind.rawValue) == kind)
    }

    @Test("ratings → stable raw values for storage and the CLI")
    func ratingRawValues() {
        #expect(ReviewRating.allCases.map(\.rawValue) == ["again", "hard", "good", "easy"])
    }
}
