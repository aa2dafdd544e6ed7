public import Foundation
public import Validation

/// What can go wrong in the journal, phrased for the person using it.
public enum BudsError: LocalizedError, Equatable, Sendable {
    /// A field's value is not acceptable; nothing was written.
    case invalidField(FieldIssue<BudsField>)
    /// No memory has this id or CID.
    case memoryNotFound(String)
    /// The id prefix begins the ids of several memories (`matches` of them): a prefix that
    /// names more than one memory is never resolved by a guess, and is not "not found" either,
    /// since typing more of the id will find it.
    case ambiguousReference(String, matches: Int)
    /// The memory was deleted; its history remains but it cannot be changed.
    case memoryDeleted(String)
    /// No receipt has this CID.
    case receiptNotFound(String)
    /// The memory was signed by another identity; only its author can edit or delete it.
    case notAuthor(String)
    /// The image is not a format the journal stores.
    case unsupportedImage(String)
    /// The archive failed verification; nothing was imported.
    case archiveRejected(String)
    /// A stored receipt can no longer be read (corruption outside the app).
    case corruptStore(String)
    /// An edit would record a version identical to the latest one; nothing was written.
    case nothingToChange(String)

    public var errorDescription: String? {
        switch self {
        case .invalidField(let issue):
            issue.message
        case .memoryNotFound(let reference):
            "No memory matches \(reference)."
        case .ambiguousReference(let reference, let matches):
            "\(reference) matches \(Wording.counted(matches, "memory", plural: "memories")); type more characters of the id."
        case .memoryDeleted(let reference):
            "Memory \(reference) was deleted."
        case .receiptNotFound(let cid):
            "No receipt has the CID \(cid)."
        case .notAuthor(let reference):
            "Memory \(reference) was signed by another identity; only its author can change it."
        case .unsupportedImage(let reason):
            "image: \(reason)"
        case .archiveRejected(let reason):
            "The archive was rejected and nothing was imported: \(reason)"
        case .corruptStore(let reason):
            "The journal's store is damaged: \(reason)"
        case .nothingToChange(let reference):
            "Nothing to change: memory \(reference) already has these values, so no new version was recorded."
        }
    }
}
