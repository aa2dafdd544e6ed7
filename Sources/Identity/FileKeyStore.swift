#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A ``KeyStore`` that keeps one file per key in a private folder: the store for Linux (and for
/// command-line use on any platform).
///
/// - The folder is created with mode `0700` when missing (an existing folder is used as is).
/// - Each key is a file named after the key, mode `0600`, replaced atomically: a temporary file
///   (`.<name>.tmp-<random>`, which no valid key name can collide with) is written, `fsync`ed and
///   renamed over the key, so a crash leaves either the old or the new key, never a mix.
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
        try ensureDirectory()
        let target = filePath(for: name)
        let suffix = String(UInt64.random(in: .min ... .max), radix: 16)
        let temporary = directory.appendingPathComponent(".\(name).tmp-\(suffix)").path

        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw KeyStoreError.ioFailure(path: temporary, reason: "cannot create a temporary file (\(Self.describe(errno)))")
        }
        var renamed = false
        defer {
            if !renamed { _ = unlink(temporary) }
        }
        do {
            defer { _ = close(descriptor) }
            // The umask may have removed bits from 0600 but never added any; set it exactly.
            guard fchmod(descriptor, 0o600) == 0 else {
                throw KeyStoreError.ioFailure(path: temporary, reason: "cannot set mode 0600 (\(Self.describe(errno)))")
            }
            try Self.writeAll(data, to: descriptor, path: temporary)
            guard fsync(descriptor) == 0 else {
                throw KeyStoreError.ioFailure(path: temporary, reason: "cannot flush it to disk (\(Self.describe(errno)))")
            }
        }
        guard rename(temporary, target) == 0 else {
            throw KeyStoreError.ioFailure(path: target, reason: "cannot move the new key into place (\(Self.describe(errno)))")
        }
        renamed = true
        syncDirectory()
    }

    public func delete(_ name: String) throws {
        try KeyName.validate(name)
        let path = filePath(for: name)
        if unlink(path) != 0 {
            let code = errno
            if code == ENOENT { return }
            throw KeyStoreError.ioFailure(path: path, reason: "cannot delete it (\(Self.describe(code)))")
        }
        syncDirectory()
    }

    // MARK: - Private

    private var directoryPath: String { directory.path }

    private func filePath(for name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// Creates the key folder and any missing parents, each with exactly mode 0700 (`mkdir` then
    /// `chmod`, so no umask widens or narrows it); accepts an existing folder as it is. (The
    /// Storage kit's `PrivateDirectory` applies the same rule to app folders; this kit cannot
    /// depend on Storage.)
    private func ensureDirectory() throws {
        let path = directoryPath
        var missing: [String] = []
        var current = path
        while true {
            var info = stat()
            if stat(current, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else {
                    throw KeyStoreError.ioFailure(
                        path: path, reason: current == path ? "it exists but is not a folder" : "\(current) is not a folder"
                    )
                }
                break
            }
            let code = errno
            // ENOTDIR: a file stands where a parent folder should be; the walk up finds it.
            guard code == ENOENT || code == ENOTDIR else {
                throw KeyStoreError.ioFailure(path: path, reason: "cannot inspect the key folder (\(Self.describe(code)))")
            }
            missing.append(current)
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current || parent.isEmpty { break }
            current = parent
        }
        for folder in missing.reversed() {
            if mkdir(folder, 0o700) != 0 {
                let code = errno
                // Another process may have created it between our stat and mkdir; that is fine.
                guard code == EEXIST else {
                    throw KeyStoreError.ioFailure(path: path, reason: "cannot create \(folder) (\(Self.describe(code)))")
                }
                continue
            }
            guard chmod(folder, 0o700) == 0 else {
                throw KeyStoreError.ioFailure(path: path, reason: "cannot set mode 0700 on \(folder) (\(Self.describe(errno)))")
            }
        }
    }

    /// Makes a rename or unlink durable. Best effort: the operation itself already succeeded, so a
    /// failure here is not reported as one.
    private func syncDirectory() {
        let descriptor = open(directoryPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        _ = close(descriptor)
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                guard let base = buffer.baseAddress else { return }
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    let code = errno
                    if code == EINTR { continue }
                    throw KeyStoreError.ioFailure(path: path, reason: "cannot write the key (\(describe(code)))")
                }
                offset += written
            }
        }
    }

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
