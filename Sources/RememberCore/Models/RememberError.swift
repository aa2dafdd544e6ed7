public import Foundation
public import Validation

/// Everything that can go wrong in Remember, each with a message a person can act on.
///
/// The first four cases and their messages are the seed's; the rest cover the store, the
/// add-person form, imports and the quiz.
public enum RememberError: LocalizedError, Equatable, Sendable {
    case audioRecordingFailed
    case transcriptionFailed
    case sketchGenerationFailed
    case fileWriteFailed(path: String)
    /// A form field that cannot be accepted as typed: the kits' one field error, so it reads
    /// "field: reason" like every other app's.
    case invalidField(FieldIssue<PersonField>)
    case personNotFound(String)
    /// A person with this id is already in the store (an import of a contact seen before).
    case duplicatePerson(String)
    /// More than one person's id starts with the given prefix.
    case ambiguousID(String, matches: Int)
    case unreadablePhoto(path: String, reason: String)
    case unreadableFile(path: String, reason: String)
    case storeFailed(reason: String)
    /// A review dated before `earliest`: when the person was added, or their last review.
    case reviewBeforeEarliest(reviewedAt: Date, earliest: Date, limit: ReviewDateLimit)

    public var errorDescription: String? {
        switch self {
        case .audioRecordingFailed:
            return "Couldn't record audio. Please check microphone permissions."
        case .transcriptionFailed:
            return "Couldn't understand the recording. Try speaking more clearly."
        case .sketchGenerationFailed:
            return "Couldn't create the sketch. Please try again."
        case .fileWriteFailed(let path):
            return "Couldn't save file to \(path)."
        case .invalidField(let issue):
            return issue.message
        case .personNotFound(let id):
            return "No person with id \(id). List people with: remember list"
        case .duplicatePerson(let id):
            return "A person with id \(id) is already in Remember."
        case .ambiguousID(let prefix, let matches):
            return "The id \(prefix) matches \(matches) people; type more of it."
        case .unreadablePhoto(let path, let reason):
            return "photo: \(path) \(reason)"
        case .unreadableFile(let path, let reason):
            return "Couldn't read \(path): \(reason)"
        case .storeFailed(let reason):
            return "The people store failed: \(reason)"
        case .reviewBeforeEarliest(let reviewedAt, let earliest, let limit):
            let what =
                switch limit {
                case .added: "before this person was added"
                case .lastReview: "before their last review"
                }
            return "review time: \(reviewedAt.formatted(.iso8601)) is \(what) (\(earliest.formatted(.iso8601))); "
                + "give a time at or after that."
        }
    }
}

/// What a review's date may not be before.
public enum ReviewDateLimit: String, Sendable {
    /// The moment the person was added.
    case added
    /// The person's last review.
    case lastReview
}

/// The fields of the add-person form, named as the CLI names its options.
public enum PersonField: String, Sendable, CaseIterable {
    case name
    case ramble
    case context
    case photo
}
