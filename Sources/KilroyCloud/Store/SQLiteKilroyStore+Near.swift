import Foundation
import GRDB
import GRDBSQLite
public import Geo

extension SQLiteKilroyStore {
    /// Near query in one read transaction:
    /// 1. the kilroys within the circle, nearest first, from the process's position cache,
    ///    brought up to date from this transaction first (see ``KilroyPositionCache``),
    /// 2. their records in the batches ``NearbySelection`` asks for, and `decide` on each until
    ///    `limit` are included. A record comes from the cache's recent records when it holds it
    ///    for this transaction's state, else from the file.
    public func nearby(
        center: Coordinate, radius: Double, limit: Int, decide: @Sendable (KilroyCandidate) -> NearbyDecision
    ) async throws -> NearbyQueryResult {
        try readOnCallingThread { db in try nearby(db, center: center, radius: radius, limit: limit, decide: decide) }
    }

    /// Visibility and near query from one read transaction: a near request's two reads for
    /// one `BEGIN` and one `COMMIT`.
    public func nearby(viewer: DeviceDigest, policy: ReciprocityPolicy, center: Coordinate, radius: Double, limit: Int)
        async throws -> (result: NearbyQueryResult, visibility: KilroyVisibility)
    {
        try readOnCallingThread { db in
            let visibility = try Self.visibility(db, viewer: viewer, policy: policy, around: center, radius: radius)
            return (try nearby(db, center: center, radius: radius, limit: limit, decide: visibility.decide), visibility)
        }
    }

    /// ``nearby(center:radius:limit:decide:)`` inside `db`'s read transaction.
    private func nearby(
        _ db: Database, center: Coordinate, radius: Double, limit: Int, decide: (KilroyCandidate) -> NearbyDecision
    ) throws -> NearbyQueryResult {
        guard radius.isFinite else { throw GeohashError.invalidRadius(radius) }
        guard limit > 0, radius >= 0 else { return NearbyQueryResult(kilroys: [], withheldCount: 0) }
        let (positions, mark) = try positionCache.positions(db, center: center, radius: radius)
        var selection = NearbySelection(positions: positions, limit: limit)
        while let batch = selection.nextBatch() {
            // A row the cache knows but this transaction cannot see (deleted, or written after
            // it began) is not loaded, and so skipped.
            selection.decideBatch(records: try records(db, rowIDs: batch, seenAt: mark), decide)
        }
        return selection.result
    }

    /// The rows with these rowids as `db`'s transaction (with change mark `mark`) sees them, in
    /// their order (`nil` for a row it cannot see): those the position cache keeps for that
    /// state from memory, the rest loaded straight into their places and given to it to keep.
    private func records(_ db: Database, rowIDs: [Int64], seenAt mark: Int64) throws -> [KilroyRecord?] {
        var records = positionCache.records(rowIDs, seenAt: mark)
        var loaded: [(rowID: Int64, record: KilroyRecord)] = []
        var load: Statement?
        for index in records.indices where records[index] == nil {
            let statement = try load ?? db.cachedStatement(sql: Self.loadByRowIDSQL)
            load = statement
            guard let record = try Self.loadKilroy(statement, rowID: rowIDs[index], in: db) else { continue }
            records[index] = record
            loaded.append((rowIDs[index], record))
        }
        positionCache.keep(loaded, seenAt: mark)
        return records
    }

    /// Reads every kilroy's position into the near queries' cache now (about 0.4 s for a million
    /// on one core), so that the first near query does not pay for it: `app-server` calls this
    /// before it takes requests.
    public func loadPositions() async throws {
        try await writer.read { [positionCache] db in _ = try positionCache.refresh(db) }
    }

    /// Keeps every kilroy's record in memory now, when they all fit in the kept records, so that
    /// near queries anywhere read no row from the start instead of once each place has been
    /// asked about: `app-server` calls this after ``loadPositions()``, before it takes requests
    /// (about 4 s and 500 MB for a million kilroys). With more kilroys than fit, it keeps none
    /// and the queries choose which to keep.
    ///
    /// The rows are read in geohash order, so neighbours' records sit side by side in memory
    /// and a near answer touches few cache lines: read in rowid order (1.7 s faster), the same
    /// answers cost 5–11 % more CPU.
    public func keepEveryRecord() async throws {
        try await writer.read { [positionCache] db in
            // The positions just brought up to this transaction count its kilroys.
            let mark = try positionCache.refresh(db)
            guard positionCache.recordsFitEveryPosition else { return }
            let scan = try db.makeStatement(
                sql: "SELECT rowid, \(Self.kilroyColumns) FROM kilroys INDEXED BY kilroys_geo ORDER BY geohash")
            // Handed over in chunks, so the rows never sit in memory twice.
            var chunk: [(rowID: Int64, record: KilroyRecord)] = []
            chunk.reserveCapacity(10_000)
            try RawRow.forEach(in: db, scan) { row in
                chunk.append((row.int64(0) ?? 0, try row.kilroy(offset: 1)))
                if chunk.count == 10_000 {
                    positionCache.keep(chunk, seenAt: mark)
                    chunk.removeAll(keepingCapacity: true)
                }
            }
            positionCache.keep(chunk, seenAt: mark)
        }
    }

    /// One kilroy by rowid: one B-tree descent (no temporary table of rowids to build and sort).
    static let loadByRowIDSQL = "SELECT \(kilroyColumns) FROM kilroys WHERE rowid = ?"

    /// The row `rowID` through `load` (``loadByRowIDSQL``, cached), its columns read with
    /// SQLite's C API straight into the record (a GRDB `Row` per row cost about half of a
    /// query's time); `nil` when this transaction has no such row.
    static func loadKilroy(_ load: Statement, rowID: Int64, in db: Database) throws -> KilroyRecord? {
        sqlite3_bind_int64(load.sqliteStatement, 1, rowID)
        var record: KilroyRecord?
        try RawRow.forEach(in: db, load) { row in record = try row.kilroy(offset: 0) }
        return record
    }

    public func dropLocations(owner: DeviceDigest, center: Coordinate, radius: Double) async throws -> [Coordinate] {
        guard radius >= 0 else { return [] }
        return try await writer.read { db in
            try Self.ownCircle(db, center: center, radius: radius, owner: owner)
        }
    }

    /// Positions of `owner`'s kilroys within `radius` of `center`, nearest first, ties by id.
    ///
    /// Reads `owner`'s rows through `kilroys_owner` (a device has few drops; the rate limits
    /// and the upload quota see to that) rather than the whole circle.
    static func ownCircle(_ db: Database, center: Coordinate, radius: Double, owner: DeviceDigest) throws -> [Coordinate] {
        guard radius.isFinite, radius >= 0 else { throw GeohashError.invalidRadius(radius) }
        let scan = try db.cachedStatement(
            sql: "SELECT id, latitude, longitude FROM kilroys INDEXED BY kilroys_owner WHERE owner = ?")
        var inCircle: [(id: String, coordinate: Coordinate, distance: Double)] = []
        let rows = try Row.fetchCursor(scan, arguments: [owner])
        while let row = try rows.next() {
            let id = try row.decode(String.self, atIndex: 0)
            let coordinate: Coordinate
            do {
                coordinate = try Coordinate(
                    latitude: try row.decode(Double.self, atIndex: 1), longitude: try row.decode(Double.self, atIndex: 2))
            } catch {
                throw KilroyServerStoreError.corruptRow(table: "kilroys", id: id)
            }
            let distance = haversineDistance(from: center, to: coordinate)
            if distance <= radius { inCircle.append((id, coordinate, distance)) }
        }
        inCircle.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.id < $1.id }
        return inCircle.map(\.coordinate)
    }
}

/// One result row of a GRDB statement stepped with SQLite's C API, for the near query's hot
/// loops: the columns are read where SQLite holds them, without a `Row` or `DatabaseValue`
/// in between. Valid only inside ``forEach(in:_:_:)``'s closure.
struct RawRow {
    let handle: OpaquePointer

    /// Steps `statement` (its arguments already set) to its end, calling `body` for each row,
    /// then resets it, so the cached statement is ready for its next use even after an error.
    ///
    /// - Throws: a `DatabaseError` for a failed step, or what `body` throws.
    static func forEach(in db: Database, _ statement: Statement, _ body: (RawRow) throws -> Void) throws {
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else {
                let message = db.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) }
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
            }
            try body(RawRow(handle: handle))
        }
    }

    func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

    func int64(_ index: Int32) -> Int64? { isNull(index) ? nil : sqlite3_column_int64(handle, index) }

    func double(_ index: Int32) -> Double? { isNull(index) ? nil : sqlite3_column_double(handle, index) }

    func text(_ index: Int32) -> String? {
        guard !isNull(index), let characters = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: characters, count: count), as: UTF8.self)
    }

    /// The bytes of a BLOB column; `nil` for any other type (an owner stored as text is a raw
    /// id a migration missed, never a digest — as `DeviceDigest.fromDatabaseValue` says).
    func blob(_ index: Int32) -> [UInt8]? {
        guard sqlite3_column_type(handle, index) == SQLITE_BLOB else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// The ``SQLiteKilroyStore/kilroyColumns`` from column `offset` on, with the checks of
    /// `SQLiteKilroyStore.decodeKilroy(_:offset:)`: a missing required value, an owner that is
    /// not a 32-byte digest or a position out of range is `corruptRow`.
    func kilroy(offset: Int32) throws -> KilroyRecord {
        guard let id = text(offset) else { throw KilroyServerStoreError.corruptRow(table: "kilroys", id: "(no id)") }
        guard let ownerBytes = blob(offset + 1), let owner = DeviceDigest(storedBytes: ownerBytes),
            let latitude = double(offset + 2), let longitude = double(offset + 3),
            let coordinate = try? Coordinate(latitude: latitude, longitude: longitude),
            let imageID = text(offset + 5),
            let createdAt = double(offset + 9), let receivedAt = double(offset + 10),
            let reportCount = int64(offset + 11), let hidden = int64(offset + 12)
        else { throw KilroyServerStoreError.corruptRow(table: "kilroys", id: id) }
        return KilroyRecord(
            id: id, owner: owner, coordinate: coordinate, imageID: imageID,
            placeName: text(offset + 6), placeAddress: text(offset + 7), comment: text(offset + 8),
            createdAt: Date(timeIntervalSince1970: createdAt), receivedAt: Date(timeIntervalSince1970: receivedAt),
            reportCount: Int(reportCount), isHidden: hidden != 0)
    }
}
