public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file replacement that never leaves a partially written target.
///
/// The bytes go to a hidden temporary file in the same folder, are flushed to disk (`fsync`),
/// and the temporary file is then renamed over the target, which POSIX guarantees to be atomic:
/// a reader (or a crash) sees either the old contents or the new, never a mix. On failure the
/// temporary file is removed and the target is untouched.
public enum AtomicFile {
    /// Replaces the contents of the file at `url` with `data`, atomically.
    ///
    /// The folder must already exist. The file gets exactly `permissions` (not reduced by the
    /// umask), e.g. `0o600` for key material.
    ///
    /// - Throws: `StorageError.pathIsDirectory` or `StorageError.writeFailed`.
    public static func write(_ data: Data, to url: URL, permissions: UInt16 = 0o644) throws(StorageError) {
        let path = url.path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .pathIsDirectory(path: path)
        }
        let folder = url.deletingLastPathComponent().path
        let temporaryPath = folder + "/." + url.lastPathComponent + ".tmp-" + UUID().uuidString

        // O_EXCL already refuses an existing name, a link included; O_NOFOLLOW says so outright,
        // so a link planted under the temporary name is never written through.
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(permissions))
        guard descriptor >= 0 else {
            throw .writeFailed(path: path, reason: lastErrorMessage())
        }
        var failure: StorageError?
        do {
            try writeAll(data, to: descriptor, path: path)
        } catch {
            failure = error
        }
        if failure == nil, fchmod(descriptor, mode_t(permissions)) != 0 || fsync(descriptor) != 0 {
            failure = .writeFailed(path: path, reason: lastErrorMessage())
        }
        if close(descriptor) != 0, failure == nil {
            failure = .writeFailed(path: path, reason: lastErrorMessage())
        }
        if let failure {
            unlink(temporaryPath)
            throw failure
        }
        guard rename(temporaryPath, path) == 0 else {
            let reason = lastErrorMessage()
            unlink(temporaryPath)
            throw .writeFailed(path: path, reason: reason)
        }
        syncFolder(folder)
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(StorageError) {
        let failure: String? = data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return lastErrorMessage()
                }
                offset += written
            }
            return nil
        }
        if let failure {
            throw .writeFailed(path: path, reason: failure)
        }
    }

    /// Makes a rename or removal in `folder` durable. Best effort: the operation itself already
    /// succeeded, and some file systems refuse to fsync a folder.
    package static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private static func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, buffer, count)
        #elseif canImport(Musl)
        Musl.write(descriptor, buffer, count)
        #else
        Darwin.write(descriptor, buffer, count)
        #endif
    }
}

/// The text for the current `errno`, e.g. "Permission denied".
func lastErrorMessage() -> String {
    String(cString: strerror(errno))
}
