public import Foundation

/// What one ``UploadQueue/sync(using:)`` did and what is left.
public struct SyncReport: Codable, Hashable, Sendable {
    /// Memories uploaded in this run.
    public var uploaded: Int
    /// Cloud deletions done in this run.
    public var deleted: Int
    /// Items the server refused for good (all of them, not only this run's).
    public var failed: Int
    /// Items still waiting to be tried (due now or later).
    public var pending: Int
    /// When the earliest pending item is due, if any.
    public var nextAttemptAt: Date?
    /// Why items failed in this run, one line each.
    public var errors: [String]

    public init(uploaded: Int = 0, deleted: Int = 0, failed: Int = 0, pending: Int = 0, nextAttemptAt: Date? = nil, errors: [String] = []) {
        self.uploaded = uploaded
        self.deleted = deleted
        self.failed = failed
        self.pending = pending
        self.nextAttemptAt = nextAttemptAt
        self.errors = errors
    }
}
