import Dispatch
import Foundation
import GRDB
import GRDBSQLite
import Synchronization

/// Who copies a file database's write-ahead log back into the database file.
///
/// SQLite's default has the connection whose commit takes the log past 1,000 pages run that copy
/// (a checkpoint) before the commit returns: page copies and two `fdatasync`s, a few milliseconds
/// and sometimes tens on a busy disk. On a device nobody notices; on a server the caller of that
/// commit waits, and so does every caller queued behind the one writer. Flipcash's intents had
/// their p99 set by these pauses even one request at a time (`Benchmarks/README.md`).
public enum WALCheckpointing: Sendable {
    /// SQLite's default: the committing connection checkpoints, inside its commit.
    case onCommit
    /// A connection of its own checkpoints on its own thread, in `PASSIVE` mode (it neither waits
    /// for nor blocks the writer and readers), once commits have added 1,000 pages since its last
    /// copy, and after every commit once the log passes 12,000 pages; commits return without
    /// waiting for it. Should the log still reach 16,000 pages (64 MiB), the writer checkpoints
    /// too, so the log's length stays bounded under any load.
    case background
}

/// Checkpoints one database file from a connection and a thread of its own, when the writer's
/// commits tell it the log has grown by ``threshold`` pages since the last copy (by any page
/// past ``eagerFrom``).
///
/// Installed as the writer connection's WAL hook, which replaces SQLite's automatic checkpoint.
/// The hook runs on the writer's thread after each commit and only schedules work: at most one
/// checkpoint is pending at a time, and commits made while one runs schedule the next.
///
/// A passive checkpoint copies what was committed when it started; the log restarts from its
/// beginning only when a write begins after everything has been copied. A writer that never
/// pauses could keep that from happening, so past ``writerLimit`` pages the writer's commit runs
/// a passive checkpoint itself, as SQLite's default would, and every write waits for it. It is
/// short only if the background has copied nearly everything, hence ``eagerFrom``.
final class BackgroundCheckpointer: Sendable {
    /// Pages written since the last copy that start a checkpoint: SQLite's automatic threshold.
    static let threshold: Int32 = 1_000
    /// Pages in the log at which the writer checkpoints inside its commit (64 MiB of 4 KiB pages).
    static let writerLimit: Int32 = 16_000
    /// Pages in the log from which every commit schedules a checkpoint (three quarters of
    /// ``writerLimit``). Under Kilroy's full create load the log never restarted by itself and
    /// reached the limit every 0.6 s; the writer's own checkpoint then copied the 1,000 or more
    /// pages the background had not, pausing every write for 12–125 ms. Copying after every
    /// commit from here on leaves it the last few commits: p99 3 ms instead of 33–51 ms
    /// (`Benchmarks/README.md`, "Checkpoints that keep up near the limit").
    static let eagerFrom: Int32 = writerLimit / 4 * 3

    /// Whether a commit that left the log `pages` long, `copied` of them already copied back,
    /// schedules a checkpoint: once ``threshold`` new pages have been written, or any new page
    /// past ``eagerFrom``.
    static func schedulesCheckpoint(logPages pages: Int32, copied: Int32) -> Bool {
        pages - copied >= (pages >= eagerFrom ? 1 : threshold)
    }

    private let path: String
    private let busyTimeout: TimeInterval
    private let work: DispatchQueue
    /// Whether a checkpoint is scheduled and has not started yet.
    private let scheduled = Atomic<Bool>(false)
    /// Pages of the log the last checkpoint had copied back (0 once the log restarts).
    private let copiedPages = Atomic<Int32>(0)
    /// The checkpointing connection, opened by the first checkpoint (after the writer has made
    /// the file a WAL database) and closed with this object.
    private let connection = Mutex<DatabaseQueue?>(nil)

    /// - Parameter work: where checkpoints run (tests pass a suspended queue to hold them back).
    init(path: String, busyTimeout: TimeInterval, work: DispatchQueue = DispatchQueue(label: "SQLiteStorage.BackgroundCheckpointer")) {
        self.path = path
        self.busyTimeout = busyTimeout
        self.work = work
    }

    /// Makes this object the checkpointer of `db`'s commits. The caller keeps this object alive
    /// as long as `db` (``DatabaseOpener`` has the pool's configuration hold it).
    func install(on db: Database) {
        sqlite3_wal_hook(
            db.sqliteConnection,
            { context, connection, _, pages in
                guard let context else { return SQLITE_OK }
                Unmanaged<BackgroundCheckpointer>.fromOpaque(context).takeUnretainedValue().logGrew(to: pages, on: connection)
                return SQLITE_OK
            },
            Unmanaged.passUnretained(self).toOpaque())
    }

    /// Called on the writer's thread after a commit, with the log's length in pages.
    private func logGrew(to pages: Int32, on writer: OpaquePointer?) {
        var copied = copiedPages.load(ordering: .relaxed)
        if pages < copied {
            // The log restarted from its beginning: nothing in it has been copied yet.
            copied = 0
            copiedPages.store(0, ordering: .relaxed)
        }
        if pages >= Self.writerLimit {
            var checkpointed: Int32 = 0
            if sqlite3_wal_checkpoint_v2(writer, nil, SQLITE_CHECKPOINT_PASSIVE, nil, &checkpointed) == SQLITE_OK {
                copiedPages.store(checkpointed, ordering: .relaxed)
            }
            return
        }
        guard Self.schedulesCheckpoint(logPages: pages, copied: copied),
            scheduled.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return }
        work.async { self.checkpoint() }
    }

    /// One passive checkpoint. A failure is left for the next one: the log stays valid, only
    /// longer, and later commits schedule another attempt.
    private func checkpoint() {
        scheduled.store(false, ordering: .releasing)
        let queue = connection.withLock { connection -> DatabaseQueue? in
            if connection == nil {
                var configuration = Configuration()
                configuration.busyMode = .timeout(busyTimeout)
                connection = try? DatabaseQueue(path: path, configuration: configuration)
            }
            return connection
        }
        if let result = try? queue?.writeWithoutTransaction({ db in try db.checkpoint(.passive) }) {
            copiedPages.store(Int32(clamping: result.checkpointedFrameCount), ordering: .relaxed)
        }
    }
}
