import Foundation
import GRDB
import Geo

/// Every kilroy's position (by rowid) in memory, kept in step with the SQLite file, so a near
/// query chooses its rows from a ``PointGrid`` in microseconds and reads from the database only
/// the rows it returns. About 40 bytes per kilroy: 40 MB for a million.
///
/// The database stays the only truth; the cache only learns from it, inside the near query's
/// own read transaction, so it works as well when other processes write the same file:
/// - new rows are the rowids above the highest one already learnt;
/// - removed rows (and rows whose position changed) come from `kilroy_removals`, which triggers
///   fill with the old position under a sequence number SQLite never reuses. Each removed rowid
///   is read again, because SQLite may have given a deleted last rowid to a later insert.
///
/// A transaction can see an older state than the cache has learnt from another one. The two
/// marks tell which is newer: the removal sequence only grows, and without a removal the
/// highest rowid only grows. An older state teaches nothing; a query in it still answers from
/// that state's rows, because the rows it chooses are loaded in its own transaction (a row the
/// cache knows but the transaction cannot see is not found and skipped).
///
/// It also keeps the records near queries loaded (a ``KilroyRecordCache``), so that a query
/// over a neighbourhood asked about recently reads no row. Every change of a row is logged like
/// a removal (`kilroys_changed`, migration v7), so a record held is the row's content in every
/// state with the same removal mark: a query uses one only when its transaction has the cache's
/// removal mark and can see the rowid, and keeps what it loaded only when its transaction has
/// the cache's removal mark. Learning a removal forgets the record.
///
/// `@unchecked Sendable` is safe here: the only mutable state, `state`, is private and every
/// read and write of it happens inside `lock.withLock`, so no two threads touch it at once.
/// (`Mutex` would need macOS 15 / iOS 18; the package supports iOS 17.)
final class KilroyPositionCache: @unchecked Sendable {
    /// What a transaction holds: its highest kilroy rowid and its last `kilroy_removals.seq`.
    struct Marks: Equatable, Sendable {
        var rows: Int64
        var removals: Int64
    }

    private struct State {
        var grid = PointGrid()
        var records: KilroyRecordCache
        var isLoaded = false
        /// The highest rowid learnt (it may go down after removals: it is the newest state's).
        var rowsThrough: Int64 = 0
        /// The last `kilroy_removals.seq` applied.
        var removalsThrough: Int64 = 0
    }

    private let lock = NSLock()
    private var state: State

    /// A cache that holds up to `recordCapacity` records besides every position.
    init(recordCapacity: Int) {
        state = State(records: KilroyRecordCache(capacity: recordCapacity))
    }

    /// Rowid and distance of every kilroy within `radius` of `center` as of `db`'s transaction
    /// or later, nearest first, equal distances by rowid. The first call loads every position.
    ///
    /// - Throws: `GeoError.invalidRadius` for a radius that is negative or not finite,
    ///   `corruptRow` for a stored position out of range, or a `DatabaseError`.
    /// Also returns the transaction's marks, for ``records(_:seenAs:)`` and ``keep(_:seenAs:)``.
    func positions(_ db: Database, center: Coordinate, radius: Double) throws -> (matches: [PointGrid.Match], marks: Marks) {
        let marks = try Self.marks(db)
        return try lock.withLock {
            try learn(db, marks: marks)
            return (try state.grid.points(within: radius, of: center), marks)
        }
    }

    /// The held records of `rowIDs` that a transaction with `marks` sees as they are held:
    /// none when the cache has learnt a removal that transaction has not, or the other way
    /// round; and none of a rowid above the transaction's rows, which it cannot see.
    func records(_ rowIDs: some Sequence<Int64>, seenAs marks: Marks) -> [Int64: KilroyRecord] {
        lock.withLock {
            guard marks.removals == state.removalsThrough else { return [:] }
            var found: [Int64: KilroyRecord] = [:]
            for rowID in rowIDs where rowID <= marks.rows {
                if let record = state.records.record(rowID) { found[rowID] = record }
            }
            return found
        }
    }

    /// Holds `records`, loaded in a transaction with `marks`, unless the cache has learnt a
    /// removal since (or not yet learnt one that transaction saw): then a record might differ
    /// from the row as the cache knows it.
    func keep(_ records: [Int64: KilroyRecord], seenAs marks: Marks) {
        guard !records.isEmpty else { return }
        lock.withLock {
            guard marks.removals == state.removalsThrough else { return }
            for (rowID, record) in records { state.records.insert(record, rowID: rowID) }
        }
    }

    /// Records held now (for tests).
    var recordCount: Int { lock.withLock { state.records.count } }

    /// Brings the cache up to `db`'s transaction (the first call loads every position), so a
    /// server can pay for the first load before it takes requests.
    func refresh(_ db: Database) throws {
        let marks = try Self.marks(db)
        try lock.withLock { try learn(db, marks: marks) }
    }

    /// What `db`'s transaction holds that the cache has not learnt yet. Called with the lock held.
    private func learn(_ db: Database, marks: Marks) throws {
        if !state.isLoaded {
            // Through the slim covering index (tens of MB, not the table's hundreds).
            try Self.learnRows(db, sql: "SELECT rowid, latitude, longitude FROM kilroys INDEXED BY kilroys_geo", into: &state.grid)
            state.isLoaded = true
            (state.rowsThrough, state.removalsThrough) = (marks.rows, marks.removals)
        } else if marks.removals > state.removalsThrough {
            try catchUp(db, to: marks)
        } else if marks.removals == state.removalsThrough, marks.rows > state.rowsThrough {
            try Self.learnRows(
                db, sql: "SELECT rowid, latitude, longitude FROM kilroys WHERE rowid > \(state.rowsThrough)", into: &state.grid)
            state.rowsThrough = marks.rows
        }
    }

    /// Applies the removals after `removalsThrough`, reads their rowids and the new rows again,
    /// then takes this transaction's marks, which are newer than the cache's.
    private func catchUp(_ db: Database, to marks: Marks) throws {
        var removed: [Int64] = []
        let removals = try Row.fetchCursor(
            db, sql: "SELECT kilroy_rowid, latitude, longitude FROM kilroy_removals WHERE seq > ? ORDER BY seq",
            arguments: [state.removalsThrough])
        while let row = try removals.next() {
            let rowID: Int64 = row[0]
            guard let position = try? Coordinate(latitude: row[1], longitude: row[2]) else {
                throw KilroyServerStoreError.corruptRow(table: "kilroy_removals", id: "rowid \(rowID)")
            }
            state.grid.remove(id: rowID, at: position)
            state.records.remove(rowID)
            removed.append(rowID)
        }
        let reused = "SELECT value FROM json_each('[" + removed.map(String.init).joined(separator: ",") + "]')"
        try Self.learnRows(
            db,
            sql: "SELECT rowid, latitude, longitude FROM kilroys WHERE rowid > \(state.rowsThrough) OR rowid IN (\(reused))",
            into: &state.grid)
        (state.rowsThrough, state.removalsThrough) = (marks.rows, marks.removals)
    }

    /// The highest rowid of `kilroys` and the last removal's sequence number, in `db`'s
    /// transaction (two reads of an index's last entry).
    private static func marks(_ db: Database) throws -> Marks {
        let statement = try db.cachedStatement(
            sql: "SELECT (SELECT ifnull(max(rowid), 0) FROM kilroys), (SELECT ifnull(max(seq), 0) FROM kilroy_removals)")
        var marks = Marks(rows: 0, removals: 0)
        try RawRow.forEach(in: db, statement) { row in marks = Marks(rows: row.int64(0) ?? 0, removals: row.int64(1) ?? 0) }
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
