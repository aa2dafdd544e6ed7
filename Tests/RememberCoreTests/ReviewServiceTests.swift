import Foundation
import GRDB
import Testing

@testable import RememberCore

@Suite("ReviewService: due people and answers in a real store")
struct ReviewServiceTests {
    @Test("a new person is due at once; after got-it they are due again two days later (the seed's rule)")
    func updateReviewState_withGotIt_followsSeedRule() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let person = try await store.services.people.add(PersonDraft(name: "Ana"), at: .testNow)
        #expect(try await store.services.reviews.dueCount(at: .testNow) == 1)

        let reviewedAt = Date.testNow.adding(days: 0.01)
        let updated = try await store.services.reviews.updateReviewState(for: person, gotIt: true, at: reviewedAt)

        #expect(updated.review.intervalDays == 2)
        #expect(updated.review.easeFactor == 2.6)
        #expect(updated.review.dueDate == reviewedAt.adding(days: 2))
        #expect(updated.review.lastReviewed == reviewedAt)
        #expect(try await store.services.reviews.dueCount(at: reviewedAt) == 0)
        #expect(try await store.services.reviews.dueCount(at: reviewedAt.adding(days: 2)) == 1)
        #expect(try await store.reopened().people.fetch(id: person.id)?.review == updated.review)
    }

    @Test("a miss resets the interval to one day and lowers ease by 0.2")
    func updateReviewState_withMissed_resetsInterval() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        var person = try await store.services.people.add(PersonDraft(name: "Ana"), at: .testNow)
        person = try await store.services.reviews.updateReviewState(for: person, gotIt: true, at: .testNow)
        person = try await store.services.reviews.updateReviewState(for: person, gotIt: true, at: .testNow.adding(days: 2))
        #expect(person.review.intervalDays == 5)

        person = try await store.services.reviews.updateReviewState(for: person, gotIt: false, at: .testNow.adding(days: 7))

        #expect(person.review.intervalDays == 1)
        #expect(abs(person.review.easeFactor - 2.5) < 1e-9)
        #expect(person.review.dueDate == Date.testNow.adding(days: 8))
    }

    @Test("the due queue is oldest due first and leaves out people not yet due")
    func dueQueue_withMixedDueDates_ordersOldestFirst() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let people = store.services.people
        let reviews = store.services.reviews
        let early = try await people.add(PersonDraft(name: "Early"), at: .testNow)
        let late = try await people.add(PersonDraft(name: "Late"), at: .testNow.adding(days: 1))
        var notYet = try await people.add(PersonDraft(name: "NotYet"), at: .testNow)
        notYet = try await reviews.record(.good, for: notYet, at: .testNow.adding(days: 1))

        let queue = try await reviews.dueQueue(at: .testNow.adding(days: 1.5), limit: nil)
        #expect(queue.map(\.id) == [early.id, late.id])
        #expect(try await reviews.dueQueue(at: .testNow.adding(days: 1.5), limit: 1).map(\.id) == [early.id])
        #expect(try await reviews.dueCount(at: .testNow.adding(days: 1.5)) == 2)
        #expect(try await reviews.dueCount(at: .testNow.adding(days: 4)) == 3)
    }

    @Test("every answer is logged with its rating, scheduler and interval")
    func record_appendsToReviewLog() async throws {
        let store = try TemporaryStore(scheduler: .fsrs)
        defer { store.remove() }
        var person = try await store.services.people.add(PersonDraft(name: "Ana"), at: .testNow)
        person = try await store.services.reviews.record(.good, for: person, at: .testNow)
        person = try await store.services.reviews.record(.again, for: person, at: .testNow.adding(days: 2))

        let database = try DatabaseQueue(path: store.directory.appendingPathComponent("remember.sqlite").path)
        let rows = try database.read { db in
            try Row.fetchAll(db, sql: "SELECT rating, scheduler, interval_days FROM review_log ORDER BY reviewed_at")
        }
        #expect(rows.map { $0["rating"] as String } == ["good", "again"])
        #expect(rows.map { $0["scheduler"] as String } == ["fsrs", "fsrs"])
        #expect(rows.last?["interval_days"] as Int? == person.review.intervalDays)
        #expect(person.review.stability != nil)
    }

    @Test("answering for someone deleted meanwhile fails and writes nothing")
    func record_forDeletedPerson_throwsNotFound() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let person = try await store.services.people.add(PersonDraft(name: "Ana"), at: .testNow)
        try await store.services.people.delete(person)
        await #expect(throws: RememberError.personNotFound(person.id.uuidString.lowercased())) {
            try await store.services.reviews.record(.good, for: person, at: .testNow)
        }
        #expect(try await store.services.people.fetchAll(searchText: nil, context: nil).isEmpty)
    }

    @Test("the scheduler chosen once is remembered by the store")
    func open_withScheduler_remembersChoice() throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        #expect(store.services.scheduler == .sm2)
        #expect(try store.reopened(scheduler: .fsrs).scheduler == .fsrs)
        #expect(try store.reopened().scheduler == .fsrs)
        #expect(try store.reopened(scheduler: .sm2).scheduler == .sm2)
    }
}
