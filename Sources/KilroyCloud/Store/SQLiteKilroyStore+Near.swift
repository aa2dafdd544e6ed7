import GRDB
public import Geo

extension SQLiteKilroyStore {
    /// Near query in one read transaction:
    /// 1. one range scan of the covering `kilroys_near` index per geohash range of the circle's
    ///    cover (no table pages are read),
    /// 2. the exact haversine filter, then a sort by distance (ties by id),
    /// 3. `decide` in that order until `limit` kilroys are included,
    /// 4. the included rows loaded by rowid.
    public func nearby(
        center: Coordinate, radius: Double, limit: Int, decide: @Sendable (KilroyCandidate) -> NearbyDecision
    ) async throws -> NearbyQueryResult {
        guard limit > 0, radius >= 0 else { return NearbyQueryResult(kilroys: [], withheldCount: 0) }
        return try await writer.read { db in
            var chosen: [(rowID: Int64, distance: Double)] = []
            var withheld = 0
            for entry in try Self.circle(db, center: center, radius: radius, owner: nil) {
                guard chosen.count < limit else { break }
                switch decide(entry.candidate) {
                case .include: chosen.append((entry.rowID, entry.candidate.distanceMeters))
                case .skip: break
                case .withhold: withheld += 1
                }
            }
            return NearbyQueryResult(kilroys: try Self.loadKilroys(db, chosen), withheldCount: withheld)
        }
    }

    public func dropLocations(owner: DeviceDigest, center: Coordinate, radius: Double) async throws -> [Coordinate] {
        guard radius >= 0 else { return [] }
        return try await writer.read { db in
            try Self.circle(db, center: center, radius: radius, owner: owner).map(\.candidate.coordinate)
        }
    }

    /// Every kilroy within `radius` of `center` (of `owner` only, if given), nearest first,
    /// ties by id.
    static func circle(
        _ db: Database, center: Coordinate, radius: Double, owner wanted: DeviceDigest?
    ) throws -> [(rowID: Int64, candidate: KilroyCandidate)] {
        let scan = try db.cachedStatement(
            sql: """
                SELECT rowid, id, latitude, longitude, hidden, owner FROM kilroys INDEXED BY kilroys_near
                WHERE geohash >= ? AND geohash < ?
                """)
        var inCircle: [(rowID: Int64, candidate: KilroyCandidate)] = []
        for range in try KilroyGeoIndex.ranges(center: center, radius: radius) {
            let rows = try Row.fetchCursor(scan, arguments: [range.start, range.end])
            while let row = try rows.next() {
                let id = try row.decode(String.self, atIndex: 1)
                let owner = try decodeOwner(row, atIndex: 5, table: "kilroys", id: id)
                if let wanted, owner != wanted { continue }
                let coordinate: Coordinate
                do {
                    coordinate = try Coordinate(
                        latitude: try row.decode(Double.self, atIndex: 2), longitude: try row.decode(Double.self, atIndex: 3))
                } catch {
                    throw KilroyServerStoreError.corruptRow(table: "kilroys", id: id)
                }
                let distance = haversineDistance(from: center, to: coordinate)
                guard distance <= radius else { continue }
                let candidate = KilroyCandidate(
                    id: id, owner: owner, coordinate: coordinate, isHidden: try row.decode(Bool.self, atIndex: 4),
                    distanceMeters: distance)
                inCircle.append((try row.decode(Int64.self, atIndex: 0), candidate))
            }
        }
        inCircle.sort { left, right in
            left.candidate.distanceMeters != right.candidate.distanceMeters
                ? left.candidate.distanceMeters < right.candidate.distanceMeters
                : left.candidate.id < right.candidate.id
        }
        return inCircle
    }

    /// The full rows of `chosen`, in its order.
    private static func loadKilroys(_ db: Database, _ chosen: [(rowID: Int64, distance: Double)]) throws
        -> [NearbyKilroyRecord]
    {
        guard !chosen.isEmpty else { return [] }
        var byRowID: [Int64: KilroyRecord] = [:]
        byRowID.reserveCapacity(chosen.count)
        // Batches keep each statement well under SQLite's limit on bound variables.
        for batchStart in stride(from: 0, to: chosen.count, by: 500) {
            let batch = chosen[batchStart..<min(batchStart + 500, chosen.count)]
            // GRDB's SQL interpolation binds the ids as `(?, ?, …)`; only the constant column list
            // is spliced in as SQL.
            let request: SQLRequest<Row> = "SELECT rowid, \(sql: kilroyColumns) FROM kilroys WHERE rowid IN \(batch.map(\.rowID))"
            let rows = try request.fetchCursor(db)
            while let row = try rows.next() {
                byRowID[try row.decode(Int64.self, atIndex: 0)] = try decodeKilroy(row, offset: 1)
            }
        }
        return chosen.compactMap { entry in
            byRowID[entry.rowID].map { NearbyKilroyRecord(kilroy: $0, distanceMeters: entry.distance) }
        }
    }
}
