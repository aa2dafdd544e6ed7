public import Foundation

/// One entry of the ``UploadQueue``: a memory to upload to the cloud, or a kilroy to delete
/// there, with its retry state.
public struct UploadItem: Codable, Hashable, Sendable {
    /// What the cloud must be asked to do.
    public enum Operation: String, Codable, Sendable {
        /// Upload the memory's photo, then create its kilroy.
        case upload
        /// Delete the kilroy of a memory deleted on this device.
        case delete
    }

    /// Whether the item will be tried again.
    public enum State: String, Codable, Sendable {
        /// Waiting for `nextAttemptAt`.
        case pending
        /// The server refused it for good (a 4xx other than 429); see `lastError`.
        case failed
    }

    /// The memory (and kilroy) id.
    public let memoryID: UUID
    public var operation: Operation
    public var state: State
    /// How many times it was tried.
    public var attempts: Int
    /// When it was queued.
    public let enqueuedAt: Date
    /// Not tried before this time (exponential back-off after failures).
    public var nextAttemptAt: Date
    /// Why the last attempt failed.
    public var lastError: String?

    public init(
        memoryID: UUID, operation: Operation, state: State = .pending, attempts: Int = 0,
        enqueuedAt: Date, nextAttemptAt: Date, lastError: String? = nil
    ) {
        self.memoryID = memoryID
        self.operation = operation
        self.state = state
        self.attempts = attempts
        self.enqueuedAt = enqueuedAt
        self.nextAttemptAt = nextAttemptAt
        self.lastError = lastError
    }
}
