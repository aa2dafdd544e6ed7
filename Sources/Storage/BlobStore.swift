import DAGCBOR
public import Foundation

/// Content-addressed storage of byte blobs (photos, encrypted payloads) in one folder.
///
/// Each blob is stored once, in a file named by its CID (CIDv1, raw codec, sha2-256, base32:
/// `bafkrei…`), so the name proves the contents: ``get(_:)`` re-hashes what it reads and
/// reports damage instead of returning wrong bytes. Writes are atomic (``AtomicFile``).
/// The layout is flat, `<directory>/<cid>`; temporary files start with `.` and are never listed
/// as blobs.
public struct BlobStore: Sendable {
    /// The folder that holds the blobs.
    public let directory: URL

    /// Opens the store in `directory`, creating the folder if needed.
    ///
    /// - Throws: `StorageError.cannotCreateDirectory` if the folder cannot be made (for example
    ///   because a file has that name).
    public init(directory: URL) throws(StorageError) {
        try PrivateDirectory.create(at: directory)
        self.directory = directory
    }

    /// The CID `data` would be stored under, without storing it.
    public static func cid(for data: Data) -> String {
        CID(codec: .raw, hashing: data).string
    }

    /// Stores `data` and returns its CID. Storing the same bytes again returns the same CID
    /// without rewriting the file (a damaged copy is replaced).
    @discardableResult
    public func put(_ data: Data) throws(StorageError) -> String {
        let cid = CID(codec: .raw, hashing: data).string
        let url = fileURL(for: cid)
        if let existing = try? Data(contentsOf: url), CID(codec: .raw, hashing: existing).string == cid {
            return cid
        }
        try AtomicFile.write(data, to: url)
        return cid
    }

    /// The bytes stored under `cid`, or `nil` if there are none.
    ///
    /// - Throws: `StorageError.invalidCID` for a string that is not a blob CID,
    ///   `.corruptBlob` if the file no longer hashes to `cid`, `.readFailed` on an I/O error.
    public func get(_ cid: String) throws(StorageError) -> Data? {
        let url = try checkedURL(for: cid)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .readFailed(path: url.path, reason: error.localizedDescription)
        }
        guard CID(codec: .raw, hashing: data).string == cid else {
            throw .corruptBlob(cid: cid)
        }
        return data
    }

    /// Whether a blob is stored under `cid` (without verifying it). `false` for strings that are
    /// not blob CIDs.
    public func contains(_ cid: String) -> Bool {
        guard Self.isWellFormed(cid) else { return false }
        return FileManager.default.fileExists(atPath: fileURL(for: cid).path)
    }

    /// Removes the blob stored under `cid`. Returns `false` if there was none.
    ///
    /// - Throws: `StorageError.invalidCID` or `.deleteFailed`.
    @discardableResult
    public func delete(_ cid: String) throws(StorageError) -> Bool {
        let url = try checkedURL(for: cid)
        guard FileManager.default.fileExists(atPath: url.path) else { return false }
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw .deleteFailed(path: url.path, reason: error.localizedDescription)
        }
        return true
    }

    /// The CIDs of all stored blobs, sorted.
    ///
    /// - Throws: `StorageError.readFailed` if the folder cannot be listed.
    public func allCIDs() throws(StorageError) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw .readFailed(path: directory.path, reason: error.localizedDescription)
        }
        return names.filter(Self.isWellFormed).sorted()
    }

    private func checkedURL(for cid: String) throws(StorageError) -> URL {
        guard Self.isWellFormed(cid) else { throw .invalidCID(cid) }
        return fileURL(for: cid)
    }

    private func fileURL(for cid: String) -> URL {
        directory.appendingPathComponent(cid, isDirectory: false)
    }

    /// Whether `string` is a raw-codec CID in its canonical base32 form: the one rule for a blob's
    /// name in every backend. Only base32 letters and digits can pass, so a well-formed CID is
    /// always a safe file name or object key.
    public static func isWellFormed(_ string: String) -> Bool {
        guard let cid = try? CID(string: string) else { return false }
        return cid.codec == .raw && cid.string == string
    }
}
