import Foundation

/// The real dive-log files of `shared/divelogs/` (beside the repository, or under
/// `$SHARED_DIR`), read in place so the importers are tested on the files themselves.
public enum SharedDiveLogs {
    public static let directory: URL = {
        if let shared = ProcessInfo.processInfo.environment["SHARED_DIR"] {
            return URL(fileURLWithPath: shared).appendingPathComponent("divelogs")
        }
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return repository.deletingLastPathComponent().appendingPathComponent("shared/divelogs")
    }()

    public static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    public static func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: url(name))) }
}
