public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Creates the folders an app keeps its store in, readable by their owner only, whatever the
/// umask.
///
/// `FileManager.createDirectory` asks for mode `0777` and lets the umask take bits away, so
/// under `umask 000` (common in containers and some service managers) a journal, its keys'
/// parent and its photos would be open to every user of the machine. Here every folder that
/// is created gets exactly `0700`: `mkdir` asks for it and `chmod` then sets it, so no umask can
/// change it either way.
///
/// Folders that already exist are left as they are, the store folder included: a person who
/// points `--store` at a folder they made, or shares on purpose, keeps its permissions. (A store
/// created before this rule under `umask 000` keeps its mode too; `chmod 700 DIR` fixes it.)
public enum PrivateDirectory {
    /// The mode every folder created here gets.
    static let mode: mode_t = 0o700

    /// Creates the folder at `url` and any of its missing parents, each with mode `0700`.
    /// Nothing happens when it exists already.
    ///
    /// - Throws: `StorageError.cannotCreateDirectory` naming the folder, when a file is in the way
    ///   or the system refuses.
    public static func create(at url: URL) throws(StorageError) {
        let target = url.path
        var missing: [String] = []
        var path = target
        // Walk up to the nearest folder that exists; everything below it is ours to create.
        while true {
            var info = stat()
            if stat(path, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else {
                    throw .cannotCreateDirectory(
                        path: target, reason: path == target ? "it exists but is not a folder" : "\(path) is not a folder"
                    )
                }
                break
            }
            let code = errno
            // ENOTDIR: a file stands where a parent folder should be; the walk up finds it.
            guard code == ENOENT || code == ENOTDIR else {
                throw .cannotCreateDirectory(path: target, reason: "cannot inspect \(path) (\(describe(code)))")
            }
            missing.append(path)
            let parent = (path as NSString).deletingLastPathComponent
            if parent == path || parent.isEmpty { break }
            path = parent
        }
        for folder in missing.reversed() {
            if mkdir(folder, mode) != 0 {
                let code = errno
                // Another process may have made it in the meantime; it is then theirs to keep.
                var info = stat()
                if code == EEXIST, stat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { continue }
                throw .cannotCreateDirectory(path: target, reason: "cannot create \(folder) (\(describe(code)))")
            }
            guard chmod(folder, mode) == 0 else {
                throw .cannotCreateDirectory(path: target, reason: "cannot set mode 700 on \(folder) (\(describe(errno)))")
            }
        }
    }

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
