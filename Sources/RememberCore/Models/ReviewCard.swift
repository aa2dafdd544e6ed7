public import Foundation

/// One quiz card: what the user sees before naming the person. Never the name itself.
public struct ReviewCard: Identifiable, Hashable, Sendable {
    public var id: UUID { person.id }
    public let person: Person
    /// The sketch file, if the person has one.
    public let sketchURL: URL?
    public let photoURL: URL?
    public let context: String?
    /// The descriptors from the ramble ("brown hair", "glasses", "works as nurse").
    public let hints: [String]
}

/// How one answer went.
public struct ReviewOutcome: Hashable, Sendable {
    public let card: ReviewCard
    public let answer: String?
    public let verdict: AnswerVerdict
    public let rating: ReviewRating
    /// The person with their new schedule.
    public let person: Person
}

/// The end-of-session summary.
public struct ReviewSummary: Codable, Hashable, Sendable {
    public var reviewed = 0
    public var gotIt = 0
    public var missed = 0
    /// Names answered wrong (or skipped), in quiz order, to look at once more.
    public var missedNames: [String] = []
    /// The earliest new due date among the people reviewed in this session.
    public var nextDue: Date?

    public init() {}
}
