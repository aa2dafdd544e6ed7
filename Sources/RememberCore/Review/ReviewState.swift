public import Foundation

/// Where a person stands in their review schedule.
///
/// The schedule is day-based: an interval is a whole number of 86,400-second days counted from the
/// moment of the review, so it does not depend on the time zone or calendar of the device.
/// One state serves both schedulers: SM-2 reads and writes the ease; FSRS reads and writes
/// ``stability`` and ``difficulty``. Both keep the interval, counters and dates current, so a store
/// can switch scheduler without losing the history the CLI shows.
public struct ReviewState: Codable, Hashable, Sendable {
    /// The current interval in days.
    public var intervalDays: Int
    /// SM-2 ease, between 1.3 and 3.0 and always a multiple of 0.01.
    public var easeFactor: Double
    /// Successful reviews in a row since the last miss.
    public var repetitions: Int
    /// How often the name was missed after having been reviewed before.
    public var lapses: Int
    /// When the person is next due for review.
    public var dueDate: Date
    /// When the person was last reviewed; `nil` until the first review.
    public var lastReviewed: Date?
    /// FSRS memory stability in days; `nil` until the first FSRS review.
    public var stability: Double?
    /// FSRS difficulty, 1...10; `nil` until the first FSRS review.
    public var difficulty: Double?

    /// A state as stored; new people start from ``new(createdAt:)``.
    public init(
        intervalDays: Int,
        easeFactor: Double,
        repetitions: Int,
        lapses: Int,
        dueDate: Date,
        lastReviewed: Date? = nil,
        stability: Double? = nil,
        difficulty: Double? = nil
    ) {
        self.intervalDays = intervalDays
        self.easeFactor = easeFactor
        self.repetitions = repetitions
        self.lapses = lapses
        self.dueDate = dueDate
        self.lastReviewed = lastReviewed
        self.stability = stability
        self.difficulty = difficulty
    }

    /// The length of a scheduling day; fixed, so that daylight-saving changes never move a review.
    static let secondsPerDay: TimeInterval = 86_400

    /// The state of a person just added: interval 1 day, ease 2.5, due at `createdAt`, so a new
    /// person is due at once.
    public static func new(createdAt: Date) -> ReviewState {
        ReviewState(intervalDays: 1, easeFactor: 2.5, repetitions: 0, lapses: 0, dueDate: createdAt)
    }
}

extension Date {
    /// This date moved forward by a whole number of 86,400-second days.
    func addingDays(_ days: Int) -> Date {
        addingTimeInterval(TimeInterval(days) * ReviewState.secondsPerDay)
    }
}
