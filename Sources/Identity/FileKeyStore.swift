public import Foundation
import Storage

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``KeyStore`` that keeps one file per key in a private folder: the store for Linux (and for
/// command-line use on any platform).
///
/// - The folder and any missing parents are created with mode `0700` (Storage's
///   `PrivateDirectory`); an existing folder is used as is.
/// - Each key is a file named after the key, mode `0600`, replaced atomically (Storage's
///   `AtomicFile`: a hidden temporary file, which no valid key name can collide with, is
///   written, `fsync`ed and renamed over the key), so a crash leaves either the old or the new
///   key, never a mix.
/// - Loading follows the one rule for private key files (``PrivateKeyFile``): a file that group
///   or others can access (``KeyStoreError/insecurePermissions(path:mode:)``), that belongs to
///   another user, a symbolic link, or anything that is not a regular file is refused before a
///   byte of it is read.
public struct FileKeyStore: KeyStore {
    /// The folder that holds the key files.
    public let directory: URL

    /// Key files larger than this are not keys; they are reported as corrupt instead of read.
    static let maximumFileSize = 64 * 1024

    /// A store in `directory`; nothing is touched on disk until the first save.
    public init(directory: URL) {
        self.directory = directory
    }

    public func load(_ name: String) throws -> Data? {
        try KeyName.validate(name)
        do {
            return try PrivateKeyFile.readIfPresent(at: filePath(for: name), maximumByteCount: Self.maximumFileSize)
        } catch .tooLarge(_, let byteCount, _) {
            // Inside the store an oversized key is a damaged identity, reported as such.
            throw KeyStoreError.corruptKey(name: name, reason: "the file is \(byteCount) bytes, far larger than any key")
        }
    }

    public func save(_ data: Data, as name: String) throws {
        try KeyName.validate(name)
        do {
            try PrivateDirectory.create(at: directory)
            try AtomicFile.write(data, to: directory.appendingPathComponent(name), permissions: 0o600)
        } catch {
            throw keyStoreError(error)
        }
    }

    public func delete(_ name: String) throws {
        try KeyName.validate(name)
        let path = filePath(for: name)
        if unlink(path) != 0 {
            let code = errno
            if code == ENOENT { return }
            throw KeyStoreError.ioFailure(path: path, reason: "cannot delete it (\(String(cString: strerror(code))))")
        }
        AtomicFile.syncFolder(directory.path)
    }

    // MARK: - Private

    private func filePath(for name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// A storage failure in the key store's terms: the path Storage named and its reason.
    private func keyStoreError(_ error: StorageError) -> KeyStoreError {
        switch error {
        case .pathIsDirectory(let path):
            .ioFailure(path: path, reason: "it is a folder, not a key file")
        case .cannotCreateDirectory(let path, let reason), .writeFailed(let path, let reason),
            .readFailed(let path, let reason), .deleteFailed(let path, let reason),
            .cannotOpenDatabase(let path, let reason), .migrationFailed(let path, let reason):
            .ioFailure(path: path, reason: reason)
        case .invalidCID, .corruptBlob:
            // Neither AtomicFile nor PrivateDirectory reports these; named for the folder anyway.
            .ioFailure(path: directory.path, reason: error.localizedDescription)
        }
    }
}
