public import Foundation
public import GRDB
public import Storage

/// Opens an app's SQLite database the same way everywhere: WAL, foreign keys on, a busy timeout,
/// and the app's migrations applied before anyone reads.
///
/// Callers receive `any DatabaseWriter`, so production code (a `DatabasePool` on a file) and
/// tests (a `DatabaseQueue` in memory) share one code path.
public enum DatabaseOpener {
    /// How long a connection waits for another one's lock before failing with `SQLITE_BUSY`.
    public static let defaultBusyTimeout: TimeInterval = 5

    /// Opens (creating if needed) the database file at `url` and migrates it.
    ///
    /// Creates the parent folder (and its missing parents) with mode 0700 when missing
    /// (``PrivateDirectory``). The returned `DatabasePool` uses WAL journaling, so reads run
    /// concurrently with a write; `PRAGMA foreign_keys` is on for every connection. Migrations
    /// already applied (recorded by GRDB in `grdb_migrations`) are not run again.
    ///
    /// - Throws: ``StorageError`` naming the path: `.pathIsDirectory`, `.cannotCreateDirectory`,
    ///   `.cannotOpenDatabase` or `.migrationFailed`.
    ///
    /// `memoryMapBytes`, when given, sets `PRAGMA mmap_size` on every connection: reads then use
    /// the mapped file instead of copying pages with `pread`. Meant for server stores whose file
    /// is much larger than the page cache; device apps keep SQLite's default (no mapping), since
    /// an I/O error on a mapped page is a signal rather than an error code.
    ///
    /// `checkpointing` says who copies the write-ahead log back into the file: the committing
    /// connection (SQLite's default, right for device apps) or, for server stores whose callers
    /// must not wait for it, a connection and thread of its own (``WALCheckpointing``).
    public static func openFile(
        at url: URL,
        migrator: DatabaseMigrator,
        busyTimeout: TimeInterval = defaultBusyTimeout,
        memoryMapBytes: Int? = nil,
        checkpointing: WALCheckpointing = .onCommit
    ) throws(StorageError) -> any DatabaseWriter {
        let checkpointer: BackgroundCheckpointer? =
            switch checkpointing {
            case .onCommit: nil
            case .background: BackgroundCheckpointer(path: url.path, busyTimeout: busyTimeout)
            }
        return try openFile(at: url, migrator: migrator, busyTimeout: busyTimeout, memoryMapBytes: memoryMapBytes, checkpointer: checkpointer)
    }

    /// ``openFile(at:migrator:busyTimeout:memoryMapBytes:checkpointing:)`` with the background
    /// checkpointer given (tests hold its checkpoints back).
    static func openFile(
        at url: URL,
        migrator: DatabaseMigrator,
        busyTimeout: TimeInterval,
        memoryMapBytes: Int?,
        checkpointer: BackgroundCheckpointer?
    ) throws(StorageError) -> any DatabaseWriter {
        let path = url.path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .pathIsDirectory(path: path)
        }
        // A missing folder is created private (0700, whatever the umask): it holds the app's data.
        try PrivateDirectory.create(at: url.deletingLastPathComponent())

        let pool: DatabasePool
        do {
            pool = try DatabasePool(
                path: path,
                configuration: configuration(busyTimeout: busyTimeout, memoryMapBytes: memoryMapBytes, checkpointer: checkpointer))
        } catch {
            throw .cannotOpenDatabase(path: path, reason: describe(error))
        }
        let unknown: [String]
        do {
            // Before migrating: migrations this code does not have mean a newer release wrote
            // the file, and this one would fail on its first query (a renamed table) or worse.
            unknown = try pool.read { db in
                try migrator.appliedIdentifiers(db).subtracting(migrator.migrations).sorted()
            }
            if unknown.isEmpty { try migrator.migrate(pool) }
        } catch {
            throw .migrationFailed(path: path, reason: describe(error))
        }
        guard unknown.isEmpty else {
            throw .migrationFailed(
                path: path,
                reason: "a newer release wrote this database (migrations \(unknown.joined(separator: ", ")) are unknown to this one)")
        }
        return pool
    }

    /// A private in-memory database with the same configuration and migrations, for tests and
    /// previews. Each call returns a new, empty database.
    ///
    /// - Throws: `StorageError.cannotOpenDatabase` or `.migrationFailed` with path `:memory:`.
    public static func openInMemory(migrator: DatabaseMigrator) throws(StorageError) -> any DatabaseWriter {
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(configuration: configuration(busyTimeout: defaultBusyTimeout))
        } catch {
            throw .cannotOpenDatabase(path: ":memory:", reason: describe(error))
        }
        do {
            try migrator.migrate(queue)
        } catch {
            throw .migrationFailed(path: ":memory:", reason: describe(error))
        }
        return queue
    }

    /// Page cache per connection, in KiB.
    static let pageCacheKiB = 16_384

    /// The configuration both openers use. A `checkpointer` becomes the writer connection's (the
    /// pool's configuration, and so every connection's, keeps it alive).
    static func configuration(
        busyTimeout: TimeInterval,
        memoryMapBytes: Int? = nil,
        checkpointer: BackgroundCheckpointer? = nil
    ) -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(busyTimeout)
        configuration.prepareDatabase { db in
            // 16 MiB of page cache per connection (SQLite's default is 2 MiB): a large write
            // transaction then stays in memory instead of spilling pages to the WAL mid-way.
            try db.execute(sql: "PRAGMA cache_size = -\(pageCacheKiB)")
            // Statement journals in memory: with SQLite's default a savepoint whose journal passes
            // 64 KiB spills it to a new temporary file (open, unlink, write, close), which a
            // server's batched commits, one savepoint per caller, did once every 16 intents.
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            if let memoryMapBytes {
                try db.execute(sql: "PRAGMA mmap_size = \(max(0, memoryMapBytes))")
            }
            if let checkpointer, !db.configuration.readonly {
                checkpointer.install(on: db)
            }
        }
        return configuration
    }

    private static func describe(_ error: any Error) -> String {
        if let databaseError = error as? DatabaseError {
            return databaseError.message ?? databaseError.description
        }
        return error.localizedDescription
    }
}
