import GRDB
public import Geo

extension SQLiteKilroyStore {
    /// Near query in one read transaction:
    /// 1. one range scan of the slim `kilroys_geo` index per geohash range of the circle's
    ///    cover, narrowed in SQL to the circle's bounding box, reading only rowid and position
    ///    (no table pages, no ids or owners that would mostly be thrown away),
    /// 2. the exact haversine filter, then a sort by distance,
    /// 3. rows loaded nearest first, in batches of as many as could still be included (a group
    ///    of equal distances whole, ordered by id), and `decide` on each until `limit` are
    ///    included.
    ///
    /// Only the rows looked at are loaded: with no kilroy skipped that is `limit` rows (plus the
    /// rest of the last equal-distance group), however many the circle holds.
    public func nearby(
        center: Coordinate, radius: Double, limit: Int, decide: @Sendable (KilroyCandidate) -> NearbyDecision
    ) async throws -> NearbyQueryResult {
        guard limit > 0, radius >= 0 else { return NearbyQueryResult(kilroys: [], withheldCount: 0) }
        return try await writer.read { db in
            let positions = try Self.positionsInCircle(db, center: center, radius: radius)
            var kilroys: [NearbyKilroyRecord] = []
            kilroys.reserveCapacity(min(limit, positions.count))
            var withheld = 0
            var batchStart = 0
            while batchStart < positions.count, kilroys.count < limit {
                // As many rows as could still be included, and the rest of the last one's
                // equal-distance group, so that every group is decided whole and in id order.
                var batchEnd = min(positions.count, batchStart + (limit - kilroys.count))
                while batchEnd < positions.count, positions[batchEnd].distance == positions[batchEnd - 1].distance { batchEnd += 1 }
                let batch = positions[batchStart..<batchEnd]
                let records = try Self.loadKilroys(db, rowIDs: batch.map(\.rowID))
                var groupStart = batch.startIndex
                while groupStart < batch.endIndex, kilroys.count < limit {
                    let distance = positions[groupStart].distance
                    var groupEnd = groupStart + 1
                    while groupEnd < batch.endIndex, positions[groupEnd].distance == distance { groupEnd += 1 }
                    // The rows were seen by the index scan in this same transaction, so they exist.
                    var group = positions[groupStart..<groupEnd].compactMap { records[$0.rowID] }
                    // Ties by id, as the contract asks (rowids follow insertion, not ids).
                    if group.count > 1 { group.sort { $0.id < $1.id } }
                    for record in group {
                        guard kilroys.count < limit else { break }
                        switch decide(KilroyCandidate(record, distanceMeters: distance)) {
                        case .include: kilroys.append(NearbyKilroyRecord(kilroy: record, distanceMeters: distance))
                        case .skip: break
                        case .withhold: withheld += 1
                        }
                    }
                    groupStart = groupEnd
                }
                batchStart = batchEnd
            }
            return NearbyQueryResult(kilroys: kilroys, withheldCount: withheld)
        }
    }

    /// The rows with these rowids, by rowid, read by ONE cached statement: the rowids travel as
    /// one JSON array (`json_each`), so the statement's text, and so its cache entry, is the
    /// same whatever their number, and one cursor (whose column index GRDB builds once) reads
    /// them all.
    static func loadKilroys(_ db: Database, rowIDs: [Int64]) throws -> [Int64: KilroyRecord] {
        let load = try db.cachedStatement(
            sql: "SELECT rowid, \(kilroyColumns) FROM kilroys WHERE rowid IN (SELECT value FROM json_each(?))")
        let list = "[" + rowIDs.map(String.init).joined(separator: ",") + "]"
        var records: [Int64: KilroyRecord] = [:]
        records.reserveCapacity(rowIDs.count)
        let rows = try Row.fetchCursor(load, arguments: [list])
        while let row = try rows.next() {
            records[try row.decode(Int64.self, atIndex: 0)] = try decodeKilroy(row, offset: 1)
        }
        return records
    }

    public func dropLocations(owner: DeviceDigest, center: Coordinate, radius: Double) async throws -> [Coordinate] {
        guard radius >= 0 else { return [] }
        return try await writer.read { db in
            try Self.ownCircle(db, center: center, radius: radius, owner: owner)
        }
    }

    /// Rowid and distance of every kilroy within `radius` of `center`, nearest first (ties in
    /// rowid order; callers order equal distances by id).
    ///
    /// The geohash cover guarantees every kilroy in the circle is in one of its ranges; the
    /// bounding box (the whole latitude/longitude range when the circle reaches a pole or wraps
    /// across the antimeridian) only drops index entries the haversine filter would drop too.
    ///
    /// - Throws: `GeohashError.invalidRadius` for a radius that is negative or not finite, or
    ///   `corruptRow` for a stored position out of range.
    static func positionsInCircle(_ db: Database, center: Coordinate, radius: Double) throws -> [(rowID: Int64, distance: Double)] {
        let ranges = try KilroyGeoIndex.ranges(center: center, radius: radius)
        let box = try searchBox(center: center, radius: radius)
        let scan = try db.cachedStatement(
            sql: """
                SELECT rowid, latitude, longitude FROM kilroys INDEXED BY kilroys_geo
                WHERE geohash >= ? AND geohash < ? AND latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ?
                """)
        var inCircle: [(rowID: Int64, distance: Double)] = []
        for range in ranges {
            let rows = try Row.fetchCursor(scan, arguments: [range.start, range.end, box.south, box.north, box.west, box.east])
            while let row = try rows.next() {
                // `decode` of a statement's row reads the column straight from SQLite
                // (`sqlite3_column_*`), with no `DatabaseValue` in between.
                let rowID = try row.decode(Int64.self, atIndex: 0)
                let coordinate: Coordinate
                do {
                    coordinate = try Coordinate(
                        latitude: try row.decode(Double.self, atIndex: 1), longitude: try row.decode(Double.self, atIndex: 2))
                } catch {
                    throw KilroyServerStoreError.corruptRow(table: "kilroys", id: "rowid \(rowID)")
                }
                let distance = haversineDistance(from: center, to: coordinate)
                if distance <= radius { inCircle.append((rowID, distance)) }
            }
        }
        inCircle.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.rowID < $1.rowID }
        return inCircle
    }

    /// The bounding box the index scan is narrowed to: the circle's box (a hair wider than the
    /// circle, see `BoundingBox`), as plain `BETWEEN` bounds — a box that wraps across the
    /// antimeridian gives the whole longitude range, so one pair of bounds always suffices.
    static func searchBox(center: Coordinate, radius: Double) throws -> (south: Double, north: Double, west: Double, east: Double) {
        let box = try BoundingBox(center: center, radius: radius)
        guard box.west <= box.east else { return (box.south, box.north, -180, 180) }
        return (box.south, box.north, box.west, box.east)
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
