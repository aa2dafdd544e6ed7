public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one rule for reading a private key from a file, used by every app (the journal's
/// ``FileKeyStore``, an instructor's sign-off key): the file must be a regular file (not a
/// symbolic link, a folder or a device), owned by the user running the program, with no
/// permission bits for group or others (`0600` or `0400`). Anything else is refused before a
/// byte is read, with a message that names the file and says how to fix it (`chmod 600 FILE`).
///
/// A key another user can read is a key that may already be someone else's; one they can write
/// may have been replaced. SSH refuses such keys for the same reasons.
public enum PrivateKeyFile {
    /// Key files larger than this are not keys: they are refused instead of read.
    public static let maximumByteCount = 64 * 1024

    /// The bytes of the key file at `path`.
    ///
    /// - Throws: ``KeyStoreError/missingFile(path:)`` when there is no such file,
    ///   ``KeyStoreError/insecurePermissions(path:mode:)``,
    ///   ``KeyStoreError/notOwnedByUser(path:owner:)``,
    ///   ``KeyStoreError/tooLarge(path:byteCount:limit:)``, or
    ///   ``KeyStoreError/ioFailure(path:reason:)`` for a link, a non-regular file or an I/O error.
    public static func read(at path: String, maximumByteCount: Int = maximumByteCount) throws(KeyStoreError) -> Data {
        guard let data = try readIfPresent(at: path, maximumByteCount: maximumByteCount) else {
            throw .missingFile(path: path)
        }
        return data
    }

    /// ``read(at:maximumByteCount:)``, but `nil` when nothing exists at `path`.
    public static func readIfPresent(
        at path: String, maximumByteCount: Int = maximumByteCount
    ) throws(KeyStoreError) -> Data? {
        // O_NOFOLLOW refuses a link planted under the key's name; O_NONBLOCK keeps a FIFO from
        // blocking the open (it has no effect on regular files).
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return nil }
            if code == ELOOP {
                throw .ioFailure(path: path, reason: "it is a symbolic link; key files must be regular files")
            }
            throw .ioFailure(path: path, reason: "cannot open it for reading (\(describe(code)))")
        }
        defer { _ = close(descriptor) }

        // The checks look at the file that was opened, so it cannot be swapped in between.
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw .ioFailure(path: path, reason: "cannot read its attributes (\(describe(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .ioFailure(path: path, reason: "it is not a regular file")
        }
        let mode = UInt32(info.st_mode & 0o7777)
        guard mode & 0o077 == 0 else {
            throw .insecurePermissions(path: path, mode: mode)
        }
        guard info.st_uid == geteuid() else {
            throw .notOwnedByUser(path: path, owner: UInt32(info.st_uid))
        }
        guard info.st_size <= maximumByteCount else {
            throw .tooLarge(path: path, byteCount: Int(info.st_size), limit: maximumByteCount)
        }
        return try readAll(descriptor, path: path, limit: maximumByteCount)
    }

    /// Writes a new key file at `path` with mode exactly `0600` (whatever the umask), refusing
    /// to replace anything already there, a symbolic link included; the bytes are on disk
    /// (`fsync`) when this returns. A half-written file is removed.
    ///
    /// - Throws: ``KeyStoreError/fileExists(path:)`` or ``KeyStoreError/ioFailure(path:reason:)``.
    public static func create(_ data: Data, at path: String) throws(KeyStoreError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if descriptor < 0 {
            let code = errno
            if code == EEXIST { throw .fileExists(path: path) }
            throw .ioFailure(path: path, reason: "cannot create it (\(describe(code)))")
        }
        var failure: KeyStoreError?
        if fchmod(descriptor, 0o600) != 0 {
            failure = .ioFailure(path: path, reason: "cannot set mode 0600 (\(describe(errno)))")
        }
        if failure == nil {
            failure = data.withUnsafeBytes { buffer -> KeyStoreError? in
                var offset = 0
                while offset < buffer.count, let base = buffer.baseAddress {
                    let written = write(descriptor, base + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return .ioFailure(path: path, reason: "cannot write the key (\(describe(errno)))")
                    }
                    offset += written
                }
                return nil
            }
        }
        if failure == nil, fsync(descriptor) != 0 {
            failure = .ioFailure(path: path, reason: "cannot flush it to disk (\(describe(errno)))")
        }
        _ = close(descriptor)
        if let failure {
            _ = unlink(path)
            throw failure
        }
    }

    private static func readAll(_ descriptor: Int32, path: String, limit: Int) throws(KeyStoreError) -> Data {
        var result = Data()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress, buffer.count)
            }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw .ioFailure(path: path, reason: "cannot read it (\(describe(code)))")
            }
            if count == 0 { return result }
            result.append(contentsOf: chunk[0..<count])
            // The file may have grown since it was checked.
            guard result.count <= limit else {
                throw .tooLarge(path: path, byteCount: result.count, limit: limit)
            }
        }
    }

    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// `read(2)`, named apart from the static method names above.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
