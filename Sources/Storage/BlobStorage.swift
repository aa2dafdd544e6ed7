public import Foundation

/// Where a server keeps content-addressed blobs (photos, sealed payloads): the files of
/// ``BlobStore`` on one machine, or an S3-compatible object store when several servers share
/// them. Handlers depend on this protocol, so the backend is chosen once, at start-up.
///
/// Every implementation names a blob by its CID (CIDv1, raw codec, sha2-256, base32), so a put
/// of the same bytes is idempotent and what is read back can be checked against its name.
public protocol BlobStorage: Sendable {
    /// The kind of backend, for `/health` and logs: `file` or `s3`. Never a path or a secret.
    var backendName: String { get }

    /// Stores `data` (once: the same bytes again are not rewritten) and returns its CID.
    @discardableResult
    func put(_ data: Data) async throws -> String

    /// The bytes stored under `cid`, checked against it, or `nil` if there are none.
    func get(_ cid: String) async throws -> Data?

    /// Removes the blob stored under `cid`; `false` if there was none.
    @discardableResult
    func delete(_ cid: String) async throws -> Bool

    /// Throws when the backend cannot be reached or written, for `/health`.
    func checkHealth() async throws
}

extension BlobStore: BlobStorage {
    public var backendName: String { "file" }

    /// Checks that the folder still exists and is a folder (it may sit on a volume that went away).
    public func checkHealth() throws(StorageError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .readFailed(path: directory.path, reason: "the blob folder is missing")
        }
    }
}
