import Foundation
public import Geo
public import KilroyCloud
import Logging
import PostgresNIO
import PostgresStorage

extension PostgresKilroyStore {
    /// Near query in ONE statement (one statement sees one snapshot, so no repeatable-read
    /// transaction is needed):
    /// 1. candidates with every column a record needs, from the GiST index on `position`
    ///    (`ST_DWithin` on the sphere, with a radius a little larger than asked, so no kilroy the
    ///    exact filter keeps is missed),
    /// 2. the exact haversine filter (the Geo kit's, as the SQLite store uses) on the position
    ///    columns alone, then a sort by distance (ties by id) — so both stores and a brute-force
    ///    scan agree to the metre, across the antimeridian and at the poles too,
    /// 3. `decide` in that order until `limit` kilroys are included; only the rows looked at are
    ///    decoded whole.
    ///
    /// No transaction, so no BEGIN/COMMIT round trips: the whole read is one statement (see
    /// ``nearQuery(center:radius:tables:)`` for JIT).
    public func nearby(
        center: Coordinate, radius: Double, limit: Int, decide: @Sendable (KilroyCandidate) -> NearbyDecision
    ) async throws -> NearbyQueryResult {
        guard limit > 0, radius >= 0 else { return NearbyQueryResult(kilroys: [], withheldCount: 0) }
        guard radius.isFinite else { throw GeohashError.invalidRadius(radius) }
        let query = Self.nearQuery(center: center, radius: radius, tables: tables)
        let rows = try await client.withConnection { connection in
            try await Self.rows(connection, query, logger: logger)
        }
        var inCircle: [(row: PostgresRandomAccessRow, id: String, distance: Double)] = []
        for row in rows {
            // Position and id only: the rest of a row is decoded if it is looked at.
            let cells = row.makeRandomAccess()
            let id = try cells[0].decode(String.self)
            let coordinate: Coordinate
            do {
                coordinate = try Coordinate(latitude: try cells[2].decode(Double.self), longitude: try cells[3].decode(Double.self))
            } catch {
                throw KilroyServerStoreError.corruptRow(table: "kilroys", id: id)
            }
            let distance = haversineDistance(from: center, to: coordinate)
            if distance <= radius { inCircle.append((cells, id, distance)) }
        }
        inCircle.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.id < $1.id }
        var kilroys: [NearbyKilroyRecord] = []
        var withheld = 0
        for entry in inCircle {
            guard kilroys.count < limit else { break }
            let record = try Self.decodeKilroy(entry.row)
            let candidate = KilroyCandidate(
                id: record.id, owner: record.owner, coordinate: record.coordinate, isHidden: record.isHidden,
                distanceMeters: entry.distance)
            switch decide(candidate) {
            case .include: kilroys.append(NearbyKilroyRecord(kilroy: record, distanceMeters: entry.distance))
            case .skip: break
            case .withhold: withheld += 1
            }
        }
        return NearbyQueryResult(kilroys: kilroys, withheldCount: withheld)
    }

    /// The candidates of a near query with every column of ``kilroyColumns``, by the GiST index
    /// on `position`.
    ///
    /// PostGIS's cost estimate for `ST_DWithin` on geography grows with the rows it expects, and
    /// past `jit_above_cost` PostgreSQL compiles the query with JIT, which costs far more than
    /// the (index) scan itself: the store's clients start their sessions with `jit = off`
    /// (`PostgresConnectionURL.configuration`), so no `SET LOCAL` (and no transaction) is needed.
    static func nearQuery(center: Coordinate, radius: Double, tables: Tables) -> PostgresQuery {
        """
        SELECT \(unescaped: kilroyColumns) FROM \(unescaped: tables.kilroys)
        WHERE ST_DWithin(position, ST_MakePoint(\(center.longitude), \(center.latitude))::geography, \(searchRadius(radius)), false)
        """
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
        // JIT is off for the session (see `nearQuery`): PostGIS's estimate would trigger it.
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
