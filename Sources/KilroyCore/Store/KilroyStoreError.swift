public import Foundation
public import Storage
public import Validation

/// What can go wrong with the files of a Kilroy store (memories, photos, upload queue, device
/// credential), phrased for the person using it. Each case names the field or file at fault,
/// never the credential it holds.
public enum KilroyStoreError: Error, Equatable, Sendable {
    /// A value given for a memory is not acceptable; nothing was written. The issue names the
    /// field as the person typed it (`lat`, `image`, `comment`, …).
    case invalidField(FieldIssue<FieldName>)
    /// A memory with this id is already stored; nothing was written.
    case memoryExists(UUID)
    /// No memory has this id (or id prefix).
    case memoryNotFound(String)
    /// An id prefix matches more than one memory.
    case ambiguousReference(String, matches: Int)
    /// A store file could not be decoded. It was renamed to `keptAs` (never overwritten) and the
    /// store starts afresh without it.
    case corruptFile(path: String, keptAs: String, reason: String)
    /// A stored memory names an image file that could escape the store's image folder.
    case unsafeImageFilename(String)
    /// A memory's photo file is missing from `MemoryImages/`.
    case imageMissing(path: String)
    /// The `device-id` file (the id from before credentials) does not hold a device id.
    case invalidDeviceID(path: String)
    /// The `device-token` file does not hold a device credential.
    case invalidCredential(path: String)
    /// Reading or writing a file failed; earlier contents are intact.
    case file(StorageError)
}

extension KilroyStoreError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .invalidField(let issue):
            issue.message
        case .memoryExists(let id):
            "A memory with id \(id.uuidString.lowercased()) already exists; nothing was saved."
        case .memoryNotFound(let reference):
            "No memory matches \(reference)."
        case .ambiguousReference(let reference, let matches):
            "\(reference) matches \(matches) memories; give more characters of the id."
        case .corruptFile(let path, let keptAs, let reason):
            "\(path) is damaged (\(reason)); it was kept aside as \(keptAs) and the store starts without it."
        case .unsafeImageFilename(let name):
            "The image file name \"\(name)\" in memories.json is not a plain file name; the entry was not touched."
        case .imageMissing(let path):
            "The photo \(path) is missing."
        case .invalidDeviceID(let path):
            "\(path) does not hold a device id (8 to 64 letters, digits, '-' or '_'); fix or remove it."
        case .invalidCredential(let path):
            "\(path) does not hold a device credential (43 characters of base64url); restore it from a backup, or remove it to start as a new device (kilroys dropped with it can then no longer be deleted from here)."
        case .file(let error):
            error.errorDescription
        }
    }
}
