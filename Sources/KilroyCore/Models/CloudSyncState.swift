/// Where a memory stands with the cloud.
public enum CloudSyncState: Hashable, Sendable {
    /// Queued for upload, not there yet.
    case pending
    /// The server refused it for good, with its reason.
    case failed(String)
    /// On the cloud.
    case uploaded
    /// Neither queued nor uploaded (for example dropped before the queue existed).
    case localOnly

    /// A one-word name for lists and JSON: `pending`, `failed`, `uploaded`, `local`.
    public var name: String {
        switch self {
        case .pending: "pending"
        case .failed: "failed"
        case .uploaded: "uploaded"
        case .localOnly: "local"
        }
    }
}
