import Foundation
import Geo
import KilroyCloud
import Logging
import PostgresNIO
import PostgresStorage

extension PostgresKilroyStore {
    /// Loads every kilroy's position into this process's near cache (the first near query would
    /// otherwise pay for it: a few seconds for a million): `app-server` calls this before it
    /// takes requests. Concurrent callers share one load.
    public func loadPositions() async throws {
        try await nearCache.load { [self] in
            // One repeatable-read snapshot: what it read is what it says it saw.
            let (snapshot, pruned, rows) = try await transaction(isolation: .repeatableRead, readOnly: true) { connection in
                let head = try await Self.rows(
                    connection,
                    """
                    SELECT pg_current_snapshot()::text, (SELECT through FROM \(unescaped: tables.kilroyChangesPruned))::text
                    """,
                    logger: logger)
                guard let cells = head.first?.makeRandomAccess() else {
                    throw KilroyServerStoreError.corruptRow(table: "kilroy_changes_pruned", id: "1")
                }
                let snapshot = try Self.snapshot(cells[0].decode(String?.self))
                let pruned = try Self.transactionID(cells[1].decode(String?.self))
                var rows: [PostgresNearCache.Change] = []
                let all = try await connection.query(
                    "SELECT num, version, latitude, longitude FROM \(unescaped: tables.kilroys)", logger: logger)
                for try await row in all {
                    let (num, version, latitude, longitude) = try row.decode((Int64, Int64, Double, Double).self)
                    rows.append(
                        PostgresNearCache.Change(
                            num: num, version: version, coordinate: try Self.position(latitude, longitude, num: num)))
                }
                return (snapshot, pruned, rows)
            }
            nearCache.replace(with: rows, snapshot: snapshot, pruned: pruned)
        }
    }

    /// The kilroys within `radius` of `center`, nearest first (equal distances by `num`), with
    /// the near cache brought up to date first by one statement: the changes of the
    /// transactions it has not read (see `PostgresNearCache`), the rows they name as they are
    /// now, and the reading snapshot.
    /// When the log has been pruned since the cache last looked, at or above its horizon, the
    /// changes it needs may be gone: it loads everything again.
    ///
    /// - Throws: `GeoError.invalidRadius` for a negative or non-finite radius, `corruptRow`, or
    ///   the database's error.
    func nearPositions(center: Coordinate, radius: Double) async throws -> [PointGrid.Match] {
        if !nearCache.isLoaded { try await loadPositions() }
        while true {
            let (from, pending) = nearCache.readFrom
            let rows = try await client.withConnection { connection in
                try await Self.rows(
                    connection,
                    """
                    SELECT pg_current_snapshot()::text, p.through::text, c.num, k.version, k.latitude, k.longitude
                    FROM \(unescaped: tables.kilroyChangesPruned) p
                    LEFT JOIN LATERAL (
                        SELECT num FROM \(unescaped: tables.kilroyChanges)
                        WHERE xid >= \(String(from))::text::xid8 OR xid = ANY(\(pending.map(String.init))::text[]::xid8[])
                        ORDER BY xid LIMIT \(unescaped: String(Self.learnLimit))
                    ) c ON true
                    LEFT JOIN \(unescaped: tables.kilroys) k ON k.num = c.num
                    """,
                    logger: logger)
            }
            guard let head = rows.first?.makeRandomAccess() else {
                throw KilroyServerStoreError.corruptRow(table: "kilroy_changes_pruned", id: "1")
            }
            let snapshot = try Self.snapshot(head[0].decode(String?.self))
            let pruned = try Self.transactionID(head[1].decode(String?.self))
            guard !nearCache.mustReload(pruned: pruned, from: from, pending: pending) else {
                // Everything again (the load reads the pruning mark too), then learn from there.
                try await loadPositions()
                continue
            }
            guard rows.count < Self.learnLimit else {
                // So far behind that loading everything is as cheap.
                try await loadPositions()
                continue
            }
            var changes: [PostgresNearCache.Change] = []
            for row in rows {
                let cells = row.makeRandomAccess()
                guard let num = try cells[2].decode(Int64?.self) else { continue }
                if let version = try cells[3].decode(Int64?.self) {
                    let position = try Self.position(try cells[4].decode(Double.self), try cells[5].decode(Double.self), num: num)
                    changes.append(PostgresNearCache.Change(num: num, version: version, coordinate: position))
                } else {
                    changes.append(PostgresNearCache.Change(num: num, version: nil, coordinate: nil))
                }
            }
            return try nearCache.apply(changes, snapshot: snapshot, thenWithin: radius, of: center)
        }
    }

    /// The rows with these numbers as they are now, in their order: those the near cache
    /// keeps from memory, the rest read in one statement and given to it to keep. A number
    /// with no row (deleted) has `nil`.
    func nearRecords(_ nums: [Int64]) async throws -> [KilroyRecord?] {
        var records = nearCache.records(nums)
        let missingIndices = records.indices.filter { records[$0] == nil }
        guard !missingIndices.isEmpty else { return records }
        let missing = missingIndices.map { nums[$0] }
        let rows = try await client.withConnection { connection in
            try await Self.rows(
                connection,
                "SELECT \(unescaped: Self.kilroyColumns), num, version FROM \(unescaped: tables.kilroys) WHERE num = ANY(\(missing))",
                logger: logger)
        }
        var loaded: [(num: Int64, version: Int64, record: KilroyRecord)] = []
        var loadedByNum: [Int64: KilroyRecord] = [:]
        for row in rows {
            let cells = row.makeRandomAccess()
            let record = try Self.decodeKilroy(cells)
            let (num, version) = (try cells[12].decode(Int64.self), try cells[13].decode(Int64.self))
            loaded.append((num, version, record))
            loadedByNum[num] = record
        }
        nearCache.keep(loaded)
        for index in missingIndices { records[index] = loadedByNum[nums[index]] }
        return records
    }

    /// Prunes the change log (see ``pruneChanges()``); `app-server` runs it every 10 minutes,
    /// outside any request.
    public func performMaintenance() async throws {
        _ = try await pruneChanges()
    }

    /// Deletes the changes logged over an hour ago and records the highest transaction id
    /// deleted, so a cache still below it loads everything again rather than miss them. A change
    /// an hour old has long been learnt by every process that answers near queries. Deletes
    /// ``pruneBatch`` entries per transaction, oldest first, so that a large backlog (a bulk
    /// load's million entries) never holds one long transaction; each batch records its own
    /// mark with it. Several processes may prune at once: each deletes what is there.
    ///
    /// - Returns: how many entries were deleted.
    @discardableResult
    func pruneChanges() async throws -> Int {
        var deleted = 0
        while !Task.isCancelled {
            let rows = try await client.withConnection { connection in
                try await Self.rows(
                    connection,
                    """
                    WITH gone AS (
                        DELETE FROM \(unescaped: tables.kilroyChanges) WHERE ctid = ANY(ARRAY(
                            SELECT ctid FROM \(unescaped: tables.kilroyChanges)
                            WHERE changed_at < now() - interval '1 hour'
                            ORDER BY changed_at LIMIT \(unescaped: String(Self.pruneBatch))
                        ))
                        RETURNING xid
                    ), marked AS (
                        UPDATE \(unescaped: tables.kilroyChangesPruned) SET through = greatest(through, (SELECT max(xid) FROM gone))
                        WHERE EXISTS (SELECT 1 FROM gone)
                    )
                    SELECT count(*) FROM gone
                    """,
                    logger: logger)
            }
            let batch = try rows.first?.decode(Int.self) ?? 0
            deleted += batch
            if batch < Self.pruneBatch { break }
        }
        return deleted
    }

    /// The most change-log entries one pruning transaction deletes.
    static let pruneBatch = 10_000

    /// The most changes one learn reads; a cache further behind loads everything again. The
    /// limit also keeps the read on the log's `xid` index whatever the planner's statistics say:
    /// right after a bulk load, before `ANALYZE`, an unlimited range read the whole log
    /// (75 ms a near query).
    static let learnLimit = 100_000

    /// A snapshot written as text (`pg_snapshot::text`), or `corruptRow`.
    static func snapshot(_ text: String?) throws -> PostgresNearCache.Snapshot {
        guard let text, let snapshot = PostgresNearCache.Snapshot(text) else {
            throw KilroyServerStoreError.corruptRow(table: "kilroy_changes", id: "snapshot")
        }
        return snapshot
    }

    /// A transaction id written as text (`xid8::text`), or `corruptRow`.
    static func transactionID(_ text: String?) throws -> UInt64 {
        guard let text, let id = UInt64(text) else { throw KilroyServerStoreError.corruptRow(table: "kilroy_changes", id: "xid") }
        return id
    }

    /// A stored position, or `corruptRow` naming the kilroy's number.
    static func position(_ latitude: Double, _ longitude: Double, num: Int64) throws -> Coordinate {
        do {
            return try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw KilroyServerStoreError.corruptRow(table: "kilroys", id: "num \(num)")
        }
    }
}
