import Foundation

/// `shared/vectors/flipcash.md` (beside the repository, or under `$SHARED_DIR`), read in place.
public enum FlipcashVectorFile {
    public static let url: URL = {
        if let shared = ProcessInfo.processInfo.environment["SHARED_DIR"] {
            return URL(fileURLWithPath: shared).appendingPathComponent("vectors/flipcash.md")
        }
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return repository.deletingLastPathComponent().appendingPathComponent("shared/vectors/flipcash.md")
    }()
}
