import Foundation
import GRDB
import Geo

/// Every kilroy's position (by rowid) in memory, kept in step with the SQLite file, so a near
/// query chooses its rows from a ``PointGrid`` in microseconds and reads from the database only
/// the rows it returns. About 40 bytes per kilroy: 40 MB for a million.
///
/// The database stays the only truth; the cache only learns from it, inside the near query's
/// own read transaction, so it works as well when other processes write the same file. Every
/// change of a kilroy row is logged in `kilroy_changes` by triggers, under a sequence number
/// SQLite never reuses (`AUTOINCREMENT`; one writer at a time, so the numbers follow commit
/// order): an insert with its position, an update or a deletion with the position the row had.
/// Learning the entries after the last one applied means forgetting each updated or deleted
/// row at its old position, then reading every rowid they name again. Rowids are not a
/// high-water mark: SQLite gives a deleted last rowid to the next insert, so after deletions
/// a new row can take a rowid below the highest one ever learnt. The log keeps its last 100,000
/// entries (migration v9); a cache further behind than that reloads every position.
///
/// A transaction can see an older state than the cache has learnt from another one (a lower
/// last sequence number). An older state teaches nothing; a query in it still answers from
/// that state's rows, because the rows it chooses are loaded in its own transaction (a row the
/// cache knows but the transaction cannot see is not found and skipped).
///
/// It also keeps the records near queries loaded (a ``KilroyRecordCache``), so that a query
/// over a neighbourhood asked about recently reads no row. A record is kept with the sequence
/// number of the state it was read in, and only when the cache has applied no update or
/// deletion after that state; learning an update or deletion of the row forgets it. So a kept
/// record is the row as it is in every state from that number to the cache's, and a query uses
/// it only when its transaction's state is in that range.
///
/// `@unchecked Sendable` is safe here: the only mutable state, `state`, is private and every
/// read and write of it happens inside `lock.withLock`, so no two threads touch it at once.
/// (`Mutex` would need macOS 15 / iOS 18; the package supports iOS 17.)
final class KilroyPositionCache: @unchecked Sendable {
    private struct State {
        var grid = PointGrid()
        var records: KilroyRecordCache
        var isLoaded = false
        /// The last `kilroy_changes.seq` applied.
        var changesThrough: Int64 = 0
        /// The last update or deletion applied (its `seq`), or the state first loaded.
        var lastRemoval: Int64 = 0
    }

    private let lock = NSLock()
    private var state: State

    /// A cache that holds up to `recordCapacity` records besides every position.
    init(recordCapacity: Int) {
        state = State(records: KilroyRecordCache(capacity: recordCapacity))
    }

    /// Rowid and distance of every kilroy within `radius` of `center` as of `db`'s transaction
    /// or later, nearest first, equal distances by rowid, and the transaction's change mark (its
    /// last `kilroy_changes.seq`, for ``records(_:seenAt:)`` and ``keep(_:seenAt:)``). The first
    /// call loads every position.
    ///
    /// - Throws: `GeoError.invalidRadius` for a radius that is negative or not finite,
    ///   `corruptRow` for a stored position out of range, or a `DatabaseError`.
    func positions(_ db: Database, center: Coordinate, radius: Double) throws -> (matches: [PointGrid.Match], mark: Int64) {
        let (mark, pruned) = try Self.marks(db)
        return try lock.withLock {
            try learn(db, mark: mark, pruned: pruned)
            return (try state.grid.points(within: radius, of: center), mark)
        }
    }

    /// The kept record of each of `rowIDs` (in their order) that is the row as a transaction
    /// with change mark `mark` sees it; `nil` for the others.
    func records(_ rowIDs: [Int64], seenAt mark: Int64) -> [KilroyRecord?] {
        lock.withLock { rowIDs.map { state.records.record($0, seenAt: mark) } }
    }

    /// Keeps `records`, read in a transaction with change mark `mark`, unless the cache has
    /// applied an update or deletion after that state: then a record might no longer be the row.
    func keep(_ records: [(rowID: Int64, record: KilroyRecord)], seenAt mark: Int64) {
        guard !records.isEmpty else { return }
        lock.withLock {
            guard mark >= state.lastRemoval else { return }
            for (rowID, record) in records { state.records.insert(record, rowID: rowID, seenAt: mark) }
        }
    }

    /// Records held now (for tests).
    var recordCount: Int { lock.withLock { state.records.count } }

    /// Whether every kilroy whose position the cache holds would fit in its kept records.
    var recordsFitEveryPosition: Bool { lock.withLock { state.grid.count <= state.records.capacity } }

    /// Brings the cache up to `db`'s transaction (the first call loads every position), so a
    /// server can pay for the first load before it takes requests; returns the transaction's
    /// change mark.
    func refresh(_ db: Database) throws -> Int64 {
        let (mark, pruned) = try Self.marks(db)
        try lock.withLock { try learn(db, mark: mark, pruned: pruned) }
        return mark
    }

    /// What `db`'s transaction (with change mark `mark`, its log pruned through `pruned`) holds
    /// that the cache has not learnt yet. Called with the lock held.
    private func learn(_ db: Database, mark: Int64, pruned: Int64) throws {
        if !state.isLoaded || pruned > state.changesThrough {
            // The first load, or a cache so far behind that changes it needs were pruned
            // (`kilroy_changes_pruning`): every position again, and no record kept from before.
            state.grid = PointGrid()
            state.records = KilroyRecordCache(capacity: state.records.capacity)
            // Through the slim covering index (tens of MB, not the table's hundreds).
            try Self.learnRows(db, sql: "SELECT rowid, latitude, longitude FROM kilroys INDEXED BY kilroys_geo", into: &state.grid)
            state.isLoaded = true
            (state.changesThrough, state.lastRemoval) = (mark, mark)
        } else if mark > state.changesThrough {
            try catchUp(db, to: mark)
        }
    }

    /// Applies the changes after `changesThrough`: forgets each updated or deleted row at its
    /// old position, then reads every rowid the changes name again, as this transaction has it.
    private func catchUp(_ db: Database, to mark: Int64) throws {
        var named: [Int64] = []
        let changes = try Row.fetchCursor(
            db, sql: "SELECT seq, kilroy_rowid, latitude, longitude, added FROM kilroy_changes WHERE seq > ? ORDER BY seq",
            arguments: [state.changesThrough])
        while let row = try changes.next() {
            let rowID: Int64 = row[1]
            named.append(rowID)
            guard !(row[4] as Bool) else { continue }
            guard let position = try? Coordinate(latitude: row[2], longitude: row[3]) else {
                throw KilroyServerStoreError.corruptRow(table: "kilroy_changes", id: "rowid \(rowID)")
            }
            state.grid.remove(id: rowID, at: position)
            state.records.remove(rowID)
            state.lastRemoval = row[0]
        }
        let list = "SELECT value FROM json_each('[" + named.map(String.init).joined(separator: ",") + "]')"
        try Self.learnRows(db, sql: "SELECT rowid, latitude, longitude FROM kilroys WHERE rowid IN (\(list))", into: &state.grid)
        state.changesThrough = mark
    }

    /// The last change's sequence number in `db`'s transaction (one read of an index's last
    /// entry), and the one through which the log may have been pruned.
    private static func marks(_ db: Database) throws -> (mark: Int64, pruned: Int64) {
        let statement = try db.cachedStatement(
            sql: "SELECT (SELECT ifnull(max(seq), 0) FROM kilroy_changes), (SELECT through FROM kilroy_changes_pruned)")
        var marks: (mark: Int64, pruned: Int64) = (0, 0)
        try RawRow.forEach(in: db, statement) { row in marks = (row.int64(0) ?? 0, row.int64(1) ?? 0) }
        return marks
    }

    /// Adds the rows `sql` selects as (rowid, latitude, longitude) to `grid`, in rowid order.
    private static func learnRows(_ db: Database, sql: String, into grid: inout PointGrid) throws {
        let statement = try db.makeStatement(sql: sql)
        var learnt: [(rowID: Int64, position: Coordinate)] = []
        try RawRow.forEach(in: db, statement) { row in
            let rowID = row.int64(0) ?? 0
            guard let latitude = row.double(1), let longitude = row.double(2),
                let position = try? Coordinate(latitude: latitude, longitude: longitude)
            else { throw KilroyServerStoreError.corruptRow(table: "kilroys", id: "rowid \(rowID)") }
            learnt.append((rowID, position))
        }
        learnt.sort { $0.rowID < $1.rowID }
        for (rowID, position) in learnt { grid.insert(id: rowID, at: position) }
    }
}
