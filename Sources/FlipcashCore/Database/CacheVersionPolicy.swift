public import Foundation
public import Logging
import Storage

/// The seed's database rule: the local SQLite file is a cache of server data, so it has no
/// migrations. Its schema version is written in a text file beside it; when the app's version
/// differs (a schema change bumped it), the cache files are deleted before opening and every
/// table is rebuilt from the server. Bump ``FlipcashCacheSchema/version`` on any schema change.
public struct CacheVersionPolicy: Sendable {
    /// Where one owner's cache lives: `flipcash-<owner>.sqlite` (+ `-wal`, `-shm`) and
    /// `flipcash-<owner>.version`.
    public struct Files: Hashable, Sendable {
        public let database: URL
        public let version: URL

        public init(directory: URL, owner: String) {
            database = directory.appendingPathComponent("flipcash-\(owner).sqlite")
            version = directory.appendingPathComponent("flipcash-\(owner).version")
        }

        /// The database and SQLite's companions.
        var databaseFiles: [URL] {
            ["", "-wal", "-shm"].map { URL(fileURLWithPath: database.path + $0) }
        }
    }

    /// What ``prepare(_:)`` found and did.
    public enum Outcome: Equatable, Sendable {
        /// The cache is at the app's version and is kept.
        case kept
        /// The cache was missing, older or newer (or its version unreadable): it was deleted and
        /// must be rebuilt from the server. `storedVersion` is 0 when there was none.
        case rebuilt(storedVersion: Int)
    }

    public enum PolicyError: LocalizedError, Equatable {
        case cannotReset(path: String, reason: String)

        public var errorDescription: String? {
            switch self {
            case .cannotReset(let path, let reason): "Couldn't reset the local cache at \(path): \(reason)"
            }
        }
    }

    public let appVersion: Int
    private let logger: Logger

    /// - Parameter logger: the caller's (a composition root names it), so a reset is logged
    ///   where the app's other database events go.
    public init(appVersion: Int = FlipcashCacheSchema.version, logger: Logger) {
        self.appVersion = appVersion
        self.logger = logger
    }

    /// The version stored beside the cache; 0 when there is none or it is not a number.
    public func storedVersion(_ files: Files) -> Int {
        guard let text = try? String(contentsOf: files.version, encoding: .utf8) else { return 0 }
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// Makes the files match the app's version, before the database is opened.
    public func prepare(_ files: Files) throws(PolicyError) -> Outcome {
        let stored = storedVersion(files)
        let databaseExists = FileManager.default.fileExists(atPath: files.database.path)
        if stored == appVersion, databaseExists { return .kept }
        for file in files.databaseFiles where FileManager.default.fileExists(atPath: file.path) {
            do {
                try FileManager.default.removeItem(at: file)
            } catch {
                throw .cannotReset(path: file.path, reason: error.localizedDescription)
            }
        }
        do {
            try PrivateDirectory.create(at: files.version.deletingLastPathComponent())
            try Data("\(appVersion)\n".utf8).write(to: files.version, options: .atomic)
        } catch {
            throw .cannotReset(path: files.version.path, reason: error.localizedDescription)
        }
        logger.info("cache reset", metadata: ["stored": "\(stored)", "app": "\(appVersion)"])
        return .rebuilt(storedVersion: stored)
    }
}
