import Foundation
import RememberCore

/// A person as `--json` prints it: the stored fields, with absolute file paths, the
/// descriptors as the card shows them, and whether they are due now.
struct PersonOutput: Encodable {
    let id: String
    let name: String
    let context: String?
    let transcript: String
    let keywords: PersonKeywords
    let descriptors: [String]
    let sketchFile: String?
    let photoFile: String?
    let createdAt: Date
    let isDue: Bool
    /// When they are next due (also in `review`), for scripts that only want this.
    let dueAt: Date
    let review: ReviewOutput

    init(_ person: Person, files: FileService, now: Date) {
        id = person.id.uuidString.lowercased()
        name = person.name
        context = person.context
        transcript = person.transcript
        keywords = person.keywords
        descriptors = person.keywords.descriptors
        sketchFile = person.sketchFile.map { files.url(for: $0).path }
        photoFile = person.photoFile.map { files.url(for: $0).path }
        createdAt = person.createdAt
        isDue = person.isDue(at: now)
        dueAt = person.review.dueDate
        review = ReviewOutput(person.review)
    }
}

/// The review state with its unit in every key.
struct ReviewOutput: Encodable {
    let intervalDays: Int
    let easeFactor: Double
    let repetitions: Int
    let lapses: Int
    let dueAt: Date
    let lastReviewedAt: Date?
    let stability: Double?
    let difficulty: Double?

    init(_ state: ReviewState) {
        intervalDays = state.intervalDays
        easeFactor = state.easeFactor
        repetitions = state.repetitions
        lapses = state.lapses
        dueAt = state.dueDate
        lastReviewedAt = state.lastReviewed
        stability = state.stability
        difficulty = state.difficulty
    }
}
