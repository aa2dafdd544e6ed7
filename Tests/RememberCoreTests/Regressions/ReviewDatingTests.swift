import Foundation
import GRDB
import Testing

@testable import RememberCore

/// Issue 13: a review dated before the last review of the card, or before the card existed,
/// was accepted.
@Suite("Regression: reviews cannot go back in time")
struct ReviewDatingTests {
    private func reviewLogCount(_ store: TemporaryStore) throws -> Int {
        let database = try DatabaseQueue(path: store.directory.appendingPathComponent("remember.sqlite").path)
        return try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM review_log") ?? 0 }
    }

    @Test("a review before the card was created is refused and writes nothing")
    func beforeCreated() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let person = try await store.services.people.add(PersonDraft(name: "Ana"), at: .testNow)

        await #expect(throws: RememberError.reviewBeforeEarliest(reviewedAt: .testNow.adding(days: -1), earliest: .testNow, limit: .added)) {
            try await store.services.reviews.record(.good, for: person, at: .testNow.adding(days: -1))
        }
        #expect(try reviewLogCount(store) == 0)
        #expect(try await store.services.people.fetch(id: person.id)?.review == person.review)
    }

    @Test("a review before the last review is refused and writes nothing, even with a stale person")
    func beforeLastReview() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let person = try await store.services.people.add(PersonDraft(name: "Ana"), at: .testNow)
        let reviewed = try await store.services.reviews.record(.good, for: person, at: .testNow.adding(days: 3))

        for stale in [person, reviewed] {
            await #expect(
                throws: RememberError.reviewBeforeEarliest(
                    reviewedAt: .testNow.adding(days: 2), earliest: .testNow.adding(days: 3), limit: .lastReview
                )
            ) {
                try await store.services.reviews.record(.again, for: stale, at: .testNow.adding(days: 2))
            }
        }
        #expect(try reviewLogCount(store) == 1)
        #expect(try await store.services.people.fetch(id: person.id)?.review == reviewed.review)
        // The same instant as the last review, and any later one, are fine.
        _ = try await store.services.reviews.record(.good, for: reviewed, at: .testNow.adding(days: 3))
        #expect(try reviewLogCount(store) == 2)
    }

    @Test("the message names the limit and both times")
    func message() {
        let error = RememberError.reviewBeforeEarliest(
            reviewedAt: Date(timeIntervalSince1970: 0), earliest: Date(timeIntervalSince1970: 86_400), limit: .lastReview
        )
        #expect(
            error.localizedDescription
                == "review time: 1970-01-01T00:00:00Z is before their last review (1970-01-02T00:00:00Z); give a time at or after that.")
    }

    @Test("an answer from a stale copy builds on the stored schedule, not the copy's")
    func staleCopy() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let person = try await store.services.people.add(PersonDraft(name: "Ana"), at: .testNow)
        let first = try await store.services.reviews.record(.good, for: person, at: .testNow)
        let second = try await store.services.reviews.record(.good, for: person, at: .testNow.adding(days: 2))
        #expect(second.review.repetitions == first.review.repetitions + 1)
    }
}
