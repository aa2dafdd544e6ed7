public import Foundation
public import GRDB
public import Logging
import SQLiteStorage

/// Reviews as the view models see them; tests of view models may substitute it, the app uses
/// ``ReviewService``.
public protocol ReviewServiceProtocol: Sendable {
    func dueCount(at date: Date) async throws(RememberError) -> Int
    func dueQueue(at date: Date, limit: Int?) async throws(RememberError) -> [Person]
    func record(_ rating: ReviewRating, for person: Person, at date: Date) async throws(RememberError) -> Person
}

/// Spaced-repetition reviews: who is due, and what an answer does to their schedule.
///
/// The rule that turns an answer into the next interval is a ``Scheduler`` (the seed's SM-2
/// rule by default, FSRS as an option); this service applies it, stores the new state and logs
/// the answer in `review_log`, in one transaction.
public struct ReviewService: ReviewServiceProtocol {
    private let database: PeopleDatabase
    private let scheduler: any Scheduler
    private let schedulerKind: SchedulerKind
    private let logger: Logger

    public init(database: any DatabaseWriter, scheduler: SchedulerKind = .sm2, logger: Logger) {
        self.database = PeopleDatabase(database)
        self.scheduler = scheduler.makeScheduler()
        self.schedulerKind = scheduler
        self.logger = logger
    }

    /// How many people are due at `date`.
    public func dueCount(at date: Date) async throws(RememberError) -> Int {
        try await database.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM people WHERE due_at <= ?", arguments: [date.timeIntervalSince1970]) ?? 0
        }
    }

    /// The people due at `date`, the longest overdue first (ties: met earlier first).
    public func dueQueue(at date: Date, limit: Int? = nil) async throws(RememberError) -> [Person] {
        let due = date.timeIntervalSince1970
        let limitClause: SQL = limit.map { "LIMIT \(max(0, $0))" } ?? ""
        return try await database.read { db in
            try PersonRow.fetchAll(db, "WHERE due_at <= \(due) ORDER BY due_at, created_at, id \(limitClause)")
        }
    }

    /// The seed's call: "got it" is a Good answer, "missed" an Again.
    public func updateReviewState(for person: Person, gotIt: Bool, at date: Date) async throws(RememberError) -> Person {
        try await record(gotIt ? .good : .again, for: person, at: date)
    }

    /// Applies `rating` to the person's schedule as of `date` and stores it.
    ///
    /// The schedule is read from the store inside the transaction, not taken from `person`,
    /// so an answer given from a stale copy (a second window, a retried command) builds on the
    /// latest review rather than undoing it.
    ///
    /// - Returns: the person with the new review state.
    /// - Throws: `RememberError.personNotFound` if the person was deleted meanwhile;
    ///   `.reviewBeforeEarliest` if `date` is before the person was added or before their last
    ///   review (a review cannot go back in time: the scheduler's elapsed time would be
    ///   negative and the log out of order). Nothing is written then.
    public func record(_ rating: ReviewRating, for person: Person, at date: Date) async throws(RememberError) -> Person {
        let key = PersonRow.key(person.id)
        let scheduler = self.scheduler
        let schedulerKind = self.schedulerKind
        let updated = try await database.write { db in
            guard var stored = try PersonRow.fetchOne(db, "WHERE id = \(key)") else {
                throw RememberError.personNotFound(key)
            }
            let lastLogged = try Double.fetchOne(db, sql: "SELECT MAX(reviewed_at) FROM review_log WHERE person_id = ?", arguments: [key])
                .map(Date.init(timeIntervalSince1970:))
            if date < stored.createdAt {
                throw RememberError.reviewBeforeEarliest(reviewedAt: date, earliest: stored.createdAt, limit: .added)
            }
            if let last = [stored.review.lastReviewed, lastLogged].compactMap({ $0 }).max(), date < last {
                throw RememberError.reviewBeforeEarliest(reviewedAt: date, earliest: last, limit: .lastReview)
            }
            stored.review = scheduler.schedule(stored.review, rating: rating, reviewedAt: date)
            try db.execute(sql: PersonRow.upsert, arguments: PersonRow.arguments(for: stored))
            try db.execute(
                sql: "INSERT INTO review_log (person_id, reviewed_at, rating, scheduler, interval_days) VALUES (?, ?, ?, ?, ?)",
                arguments: [key, date.timeIntervalSince1970, rating.rawValue, schedulerKind.rawValue, stored.review.intervalDays]
            )
            return stored
        }
        logger.debug(
            "review recorded",
            metadata: ["rating": "\(rating.rawValue)", "intervalDays": "\(updated.review.intervalDays)"]
        )
        return updated
    }
}
