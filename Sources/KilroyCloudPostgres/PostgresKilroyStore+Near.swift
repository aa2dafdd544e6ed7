import Foundation
public import Geo
public import KilroyCloud
import Logging
import PostgresNIO
import PostgresStorage

extension PostgresKilroyStore {
    /// Near query from this process's near cache (`PostgresNearCache`), as the SQLite store
    /// answers from its position cache:
    /// 1. one statement brings the cache up to date (the changes other processes logged), then
    ///    the kilroys within the circle come from memory, nearest first, by the Geo kit's
    ///    haversine — so both stores and a brute-force scan agree to the metre, across the
    ///    antimeridian and at the poles too;
    /// 2. their records in the batches `NearbySelection` asks for (kept ones from memory, the
    ///    rest in one statement a batch), and `decide` on each until `limit` are included.
    public func nearby(
        center: Coordinate, radius: Double, limit: Int, decide: @Sendable (KilroyCandidate) -> NearbyDecision
    ) async throws -> NearbyQueryResult {
        guard limit > 0, radius >= 0 else { return NearbyQueryResult(kilroys: [], withheldCount: 0) }
        guard radius.isFinite else { throw GeohashError.invalidRadius(radius) }
        var selection = NearbySelection(positions: try await nearPositions(center: center, radius: radius), limit: limit)
        while let batch = selection.nextBatch() {
            selection.decideBatch(records: try await nearRecords(batch), decide)
        }
        return selection.result
    }

    public func dropLocations(owner: DeviceDigest, center: Coordinate, radius: Double) async throws -> [Coordinate] {
        guard radius >= 0 else { return [] }
        // One statement, one snapshot: no transaction.
        return try await client.withConnection { connection in
            try await Self.circle(connection, center: center, radius: radius, owner: owner, tables: tables, logger: logger).map(\.coordinate)
        }
    }

    /// How much larger than the radius the index search is: PostGIS's sphere (radius
    /// 6,371,008.77 m) is a hair smaller than the Geo kit's (6,371,008.8 m) and computes in its
    /// own way, so its distances differ from haversine's by far less than a part per million
    /// plus a metre; what the margin lets in, the exact filter takes out.
    static func searchRadius(_ radius: Double) -> Double {
        radius * (1 + 1e-6) + 1
    }

    /// The index search of ``circle(_:center:radius:owner:tables:logger:)``: the candidates for
    /// the circle, by the GiST index on `position` (the tests check the plan with `EXPLAIN`).
    static func circleQuery(center: Coordinate, radius: Double, owner: DeviceDigest?, tables: Tables) throws -> PostgresQuery {
        let search: PostgresQuery = """
            SELECT id, owner, latitude, longitude, hidden FROM \(unescaped: tables.kilroys)
            WHERE ST_DWithin(position, ST_MakePoint(\(center.longitude), \(center.latitude))::geography, \(searchRadius(radius)), false)
            """
        guard let owner else { return search }
        var query = search
        query.sql += " AND owner = $\(query.binds.count + 1)"
        try query.binds.append(Data(owner.bytes))
        return query
    }

    /// Every kilroy within `radius` of `center` (of `owner` only, if given), nearest first,
    /// ties by id. One statement.
    ///
    /// - Throws: `GeohashError.invalidRadius` for a radius that is negative or not finite (the
    ///   SQLite store's error for it), or `corruptRow`.
    static func circle(
        _ connection: PostgresConnection, center: Coordinate, radius: Double, owner wanted: DeviceDigest?, tables: Tables,
        logger: Logger
    ) async throws -> [KilroyCandidate] {
        guard radius.isFinite, radius >= 0 else { throw GeohashError.invalidRadius(radius) }
        let query = try circleQuery(center: center, radius: radius, owner: wanted, tables: tables)
        // PostGIS's cost estimate for `ST_DWithin` on geography grows with the rows it expects,
        // and past `jit_above_cost` PostgreSQL would compile the query with JIT, which costs far
        // more than the scan: the store's sessions start with `jit = off`
        // (`PostgresConnectionURL.configuration`).
        var inCircle: [KilroyCandidate] = []
        for try await row in try await connection.query(query, logger: logger) {
            // Column by column: tuple decoding is far slower in debug builds, and a near query
            // may read many thousand rows.
            let cells = row.makeRandomAccess()
            let id = try cells[0].decode(String.self)
            let ownerBytes = try cells[1].decode(Data.self)
            let latitude = try cells[2].decode(Double.self)
            let longitude = try cells[3].decode(Double.self)
            let hidden = try cells[4].decode(Bool.self)
            let owner = try digest(ownerBytes, table: "kilroys", id: id)
            let coordinate: Coordinate
            do {
                coordinate = try Coordinate(latitude: latitude, longitude: longitude)
            } catch {
                throw KilroyServerStoreError.corruptRow(table: "kilroys", id: id)
            }
            let distance = haversineDistance(from: center, to: coordinate)
            guard distance <= radius else { continue }
            inCircle.append(KilroyCandidate(id: id, owner: owner, coordinate: coordinate, isHidden: hidden, distanceMeters: distance))
        }
        inCircle.sort { left, right in
            left.distanceMeters != right.distanceMeters ? left.distanceMeters < right.distanceMeters : left.id < right.id
        }
        return inCircle
    }
}
