import Foundation
import GRDB
import GRDBSQLite
import Geo
import KilroyCloud

/// A local experiment for the near query, on the same file as `SQLiteKilroyStore`: the store's
/// algorithm replicated (to check the replica measures what the store does), then the changes
/// proposed for `SQLiteKilroyStore+Near.swift` one at a time, each checked to return exactly the
/// store's answer (the same kilroys in the same order) for every centre. Not the store: the
/// store is the lead's; this measures what a change would gain before anyone makes it.
struct NearExperiment: Sendable {
    enum Variant: String, CaseIterable, Sendable {
        /// The store's algorithm: every index row of the cover decoded through GRDB `Row`s
        /// (id, owner, position, hidden), haversine, sort, then the 100 rows by `rowid IN (…)`.
        case replica
        /// The same plus `PRAGMA mmap_size`: pages read from the mapped file instead of `pread`.
        case replicaMmap = "replica+mmap"
        /// The proposed query, without mmap: a bounding box on the index's latitude/longitude
        /// columns in SQL, only rowid and position read for the candidates (raw `sqlite3_column_*`),
        /// the full rows loaded nearest first by one cached `rowid = ?` statement.
        case lean
        /// ``lean`` with mmap.
        case leanMmap = "lean+mmap"
        /// ``leanMmap`` on a slimmer index, `kilroys_geo(geohash, latitude, longitude)` (only on a
        /// copy of the city where that index was created by hand).
        case slimMmap = "slim+mmap"
        /// ``leanMmap`` with the candidates from an R*Tree, `kilroys_rtree(id, min_lat, max_lat,
        /// min_lon, max_lon, +latitude, +longitude)` (only where it was created by hand).
        case rtreeMmap = "rtree+mmap"

        /// ``slimMmap`` with the rows loaded by raw `sqlite3_column_*` calls into the record,
        /// instead of a GRDB `Row` per kilroy.
        case slimRawMmap = "slim+raw-load+mmap"
        /// ``slimMmap`` up to the sorted rowids of the 100 nearest, loading no row: the part of
        /// the query that does what Redis's GEOSEARCH does (it returns member names only).
        case slimIDsMmap = "slim-ids-only+mmap"

        /// An empty read transaction through the same pool: the floor every variant pays (the
        /// hop to GRDB's reader queue and back, BEGIN and COMMIT).
        case emptyRead = "empty-read"

        var usesMmap: Bool { self != .replica && self != .lean }

        /// The index or table the variant reads: `kilroys_near` is the store's index before its
        /// migration v4 replaced it by `kilroys_geo`; the R*Tree exists only where made by hand.
        var requiredIndex: String? {
            switch self {
            case .replica, .replicaMmap, .lean, .leanMmap: "kilroys_near"
            case .slimMmap, .slimRawMmap, .slimIDsMmap: "kilroys_geo"
            case .rtreeMmap: "kilroys_rtree"
            case .emptyRead: nil
            }
        }
        /// Whether the answer can be checked against the store's (ids-only answers cannot).
        var loadsRows: Bool { self != .slimIDsMmap && self != .emptyRead }
    }

    let pool: DatabasePool
    let variant: Variant
    let radius: Double
    let limit: Int

    init(database: URL, variant: Variant, radius: Double, limit: Int) throws {
        var configuration = Configuration()
        configuration.readonly = true
        let mmap = variant.usesMmap
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = -16384")
            if mmap { try db.execute(sql: "PRAGMA mmap_size = 4294967296") }
        }
        pool = try DatabasePool(path: database.path, configuration: configuration)
        self.variant = variant
        self.radius = radius
        self.limit = limit
    }

    /// The ids of the `limit` nearest kilroys, nearest first (ties by id), and the full records
    /// read for them (counted, so the work cannot be skipped).
    func nearby(center: Coordinate) async throws -> [String] {
        switch variant {
        case .replica, .replicaMmap: try await pool.read { db in try Self.replica(db, center: center, radius: radius, limit: limit) }
        case .lean, .leanMmap: try await pool.read { db in try Self.lean(db, center: center, radius: radius, limit: limit, index: "kilroys_near") }
        case .slimMmap: try await pool.read { db in try Self.lean(db, center: center, radius: radius, limit: limit, index: "kilroys_geo") }
        case .rtreeMmap: try await pool.read { db in try Self.lean(db, center: center, radius: radius, limit: limit, index: nil) }
        case .slimRawMmap:
            try await pool.read { db in
                try Self.lean(db, center: center, radius: radius, limit: limit, index: "kilroys_geo", rawLoad: true)
            }
        case .emptyRead: try await pool.read { _ in [] }
        case .slimIDsMmap:
            try await pool.read { db in
                try Self.lean(db, center: center, radius: radius, limit: limit, index: "kilroys_geo", loadRows: false)
            }
        }
    }

    // MARK: The store's algorithm

    static func replica(_ db: Database, center: Coordinate, radius: Double, limit: Int) throws -> [String] {
        let scan = try db.cachedStatement(
            sql: """
                SELECT rowid, id, latitude, longitude, hidden, owner FROM kilroys INDEXED BY kilroys_near
                WHERE geohash >= ? AND geohash < ?
                """)
        var inCircle: [(rowID: Int64, candidate: KilroyCandidate)] = []
        for range in try Geohash.coveringRanges(center: center, radius: radius, storedPrecision: 10) {
            let rows = try Row.fetchCursor(scan, arguments: [range.start, range.end])
            while let row = try rows.next() {
                let id = try row.decode(String.self, atIndex: 1)
                guard let owner = DeviceDigest.fromDatabaseValue(row[5] as DatabaseValue) else { throw ExperimentError.corrupt(id) }
                let coordinate = try Coordinate(
                    latitude: try row.decode(Double.self, atIndex: 2), longitude: try row.decode(Double.self, atIndex: 3))
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
        let chosen = inCircle.prefix(limit)
        let request: SQLRequest<Row> = "SELECT rowid, \(sql: columns) FROM kilroys WHERE rowid IN \(chosen.map(\.rowID))"
        var byRowID: [Int64: KilroyRecord] = [:]
        let rows = try request.fetchCursor(db)
        while let row = try rows.next() {
            byRowID[try row.decode(Int64.self, atIndex: 0)] = try decode(row, offset: 1)
        }
        return chosen.compactMap { byRowID[$0.rowID]?.id }
    }

    static let columns = """
        id, owner, latitude, longitude, geohash, image_id, place_name, place_address, comment,
        created_at, received_at, report_count, hidden
        """

    static func decode(_ row: Row, offset: Int) throws -> KilroyRecord {
        let id = try row.decode(String.self, atIndex: offset)
        guard let owner = DeviceDigest.fromDatabaseValue(row[offset + 1] as DatabaseValue) else { throw ExperimentError.corrupt(id) }
        return KilroyRecord(
            id: id, owner: owner,
            coordinate: try Coordinate(
                latitude: try row.decode(Double.self, atIndex: offset + 2), longitude: try row.decode(Double.self, atIndex: offset + 3)),
            imageID: try row.decode(String.self, atIndex: offset + 5),
            placeName: try row.decode(String?.self, atIndex: offset + 6),
            placeAddress: try row.decode(String?.self, atIndex: offset + 7),
            comment: try row.decode(String?.self, atIndex: offset + 8),
            createdAt: Date(timeIntervalSince1970: try row.decode(Double.self, atIndex: offset + 9)),
            receivedAt: Date(timeIntervalSince1970: try row.decode(Double.self, atIndex: offset + 10)),
            reportCount: try row.decode(Int.self, atIndex: offset + 11),
            isHidden: try row.decode(Bool.self, atIndex: offset + 12))
    }

    // MARK: The proposed query

    static func lean(
        _ db: Database, center: Coordinate, radius: Double, limit: Int, index: String?, loadRows: Bool = true, rawLoad: Bool = false
    ) throws -> [String] {
        let scan = try db.cachedStatement(
            sql: index.map {
                """
                SELECT rowid, latitude, longitude FROM kilroys INDEXED BY \($0)
                WHERE geohash >= ? AND geohash < ? AND latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ?
                """
            } ?? """
                SELECT id, latitude, longitude FROM kilroys_rtree
                WHERE max_lat >= ? AND min_lat <= ? AND max_lon >= ? AND min_lon <= ?
                """)
        let box = BoundingBox(center: center, radius: radius)
        var inCircle: [(rowID: Int64, distance: Double)] = []
        inCircle.reserveCapacity(512)
        let handle = scan.sqliteStatement
        let scans: [[any DatabaseValueConvertible]] =
            index == nil
            ? [[box.south, box.north, box.west, box.east]]
            : try Geohash.coveringRanges(center: center, radius: radius, storedPrecision: 10).map {
                [$0.start, $0.end, box.south, box.north, box.west, box.east]
            }
        for arguments in scans {
            try scan.setArguments(StatementArguments(arguments))
            while true {
                let code = sqlite3_step(handle)
                if code == SQLITE_DONE { break }
                guard code == SQLITE_ROW else { throw ExperimentError.sqlite(code) }
                let latitude = sqlite3_column_double(handle, 1)
                let longitude = sqlite3_column_double(handle, 2)
                // Stored positions were validated on the way in; the distance needs no Coordinate.
                let distance = haversine(center, latitude, longitude)
                if distance <= radius { inCircle.append((sqlite3_column_int64(handle, 0), distance)) }
            }
            sqlite3_reset(handle)
        }
        inCircle.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.rowID < $1.rowID }
        guard loadRows else { return inCircle.prefix(limit).map { String($0.rowID) } }
        let load = try db.cachedStatement(sql: "SELECT \(columns) FROM kilroys WHERE rowid = ?")
        var chosen: [KilroyRecord] = []
        chosen.reserveCapacity(limit)
        var index = 0
        while chosen.count < limit, index < inCircle.count {
            // A group of equal distances is ordered by id, which only the full rows hold.
            var end = index + 1
            while end < inCircle.count, inCircle[end].distance == inCircle[index].distance { end += 1 }
            var group: [KilroyRecord] = []
            for entry in inCircle[index..<end] {
                if rawLoad {
                    if let record = try rawRecord(load, rowID: entry.rowID) { group.append(record) }
                    continue
                }
                guard let row = try Row.fetchOne(load, arguments: [entry.rowID]) else { continue }
                group.append(try decode(row, offset: 0))
            }
            if group.count > 1 { group.sort { $0.id < $1.id } }
            for record in group where chosen.count < limit { chosen.append(record) }
            index = end
        }
        return chosen.map(\.id)
    }

    /// Rows each stage sees, summed over `centres`: index entries in the cover's ranges, those in
    /// the bounding box, those in the circle; and the ranges' count and their geohash prefixes.
    static func stages(_ db: Database, centres: [Coordinate], radius: Double) throws -> String {
        var inRanges = 0
        var inBox = 0
        var inCircle = 0
        var ranges = 0
        var widths: [Int: Int] = [:]
        for center in centres {
            let box = BoundingBox(center: center, radius: radius)
            for range in try Geohash.coveringRanges(center: center, radius: radius, storedPrecision: 10) {
                ranges += 1
                widths[range.start.count, default: 0] += 1
                inRanges +=
                    try Int.fetchOne(
                        db, sql: "SELECT count(*) FROM kilroys WHERE geohash >= ? AND geohash < ?",
                        arguments: [range.start, range.end]) ?? 0
                let rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT latitude, longitude FROM kilroys
                        WHERE geohash >= ? AND geohash < ? AND latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ?
                        """, arguments: [range.start, range.end, box.south, box.north, box.west, box.east])
                inBox += rows.count
                inCircle += rows.filter { haversine(center, $0[0], $0[1]) <= radius }.count
            }
        }
        let n = Double(centres.count)
        return "per query: ranges \(Double(ranges) / n), index rows in ranges \(Double(inRanges) / n), in box \(Double(inBox) / n), "
            + "in circle \(Double(inCircle) / n); range start lengths \(widths.sorted { $0.key < $1.key })"
    }

    /// The row `rowID` of the ``columns`` statement `load`, read column by column from SQLite.
    static func rawRecord(_ load: Statement, rowID: Int64) throws -> KilroyRecord? {
        let handle = load.sqliteStatement
        sqlite3_reset(handle)
        sqlite3_bind_int64(handle, 1, rowID)
        let code = sqlite3_step(handle)
        defer { sqlite3_reset(handle) }
        if code == SQLITE_DONE { return nil }
        guard code == SQLITE_ROW else { throw ExperimentError.sqlite(code) }
        func text(_ column: Int32) -> String? {
            guard let bytes = sqlite3_column_text(handle, column) else { return nil }
            return String(
                decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))), as: UTF8.self)
        }
        guard let id = text(0) else { throw ExperimentError.corrupt("?") }
        guard sqlite3_column_bytes(handle, 1) == 32, let blob = sqlite3_column_blob(handle, 1) else { throw ExperimentError.corrupt(id) }
        let owner = DeviceDigest.fromDatabaseValue(
            Data(bytes: blob, count: 32).databaseValue)
        guard let owner, let imageID = text(5) else { throw ExperimentError.corrupt(id) }
        return KilroyRecord(
            id: id, owner: owner,
            coordinate: try Coordinate(latitude: sqlite3_column_double(handle, 2), longitude: sqlite3_column_double(handle, 3)),
            imageID: imageID, placeName: text(6), placeAddress: text(7), comment: text(8),
            createdAt: Date(timeIntervalSince1970: sqlite3_column_double(handle, 9)),
            receivedAt: Date(timeIntervalSince1970: sqlite3_column_double(handle, 10)),
            reportCount: Int(sqlite3_column_int64(handle, 11)), isHidden: sqlite3_column_int64(handle, 12) != 0)
    }

    /// Haversine as the Geo kit computes it, on raw degrees.
    @inline(__always)
    static func haversine(_ from: Coordinate, _ latitude: Double, _ longitude: Double) -> Double {
        let radiansPerDegree = Double.pi / 180
        let phi1 = from.latitude * radiansPerDegree
        let phi2 = latitude * radiansPerDegree
        let sinHalfPhi = sin((latitude - from.latitude) * radiansPerDegree / 2)
        let sinHalfLambda = sin((longitude - from.longitude) * radiansPerDegree / 2)
        let a = sinHalfPhi * sinHalfPhi + cos(phi1) * cos(phi2) * sinHalfLambda * sinHalfLambda
        return 2 * earthMeanRadiusMeters * asin(min(1, a).squareRoot())
    }

    /// A latitude/longitude box that holds the circle, a little wider than needed; the whole
    /// range of a coordinate where the circle reaches a pole or crosses the antimeridian.
    struct BoundingBox {
        var south = -90.0, north = 90.0, west = -180.0, east = 180.0

        init(center: Coordinate, radius: Double) {
            let degrees = radius / (earthMeanRadiusMeters * Double.pi / 180) * 1.001 + 1e-9
            guard center.latitude - degrees > -89, center.latitude + degrees < 89 else { return }
            south = center.latitude - degrees
            north = center.latitude + degrees
            let widest = max(abs(south), abs(north)) * Double.pi / 180
            let longitudeDegrees = degrees / cos(widest)
            guard center.longitude - longitudeDegrees > -180, center.longitude + longitudeDegrees < 180 else { return }
            west = center.longitude - longitudeDegrees
            east = center.longitude + longitudeDegrees
        }
    }
}

enum ExperimentError: LocalizedError {
    case corrupt(String)
    case sqlite(Int32)
    case differs(variant: String, centre: Int)

    var errorDescription: String? {
        switch self {
        case .corrupt(let id): "kilroy \(id) has an impossible stored value."
        case .sqlite(let code): "SQLite answered \(code) while stepping the scan."
        case .differs(let variant, let centre): "\(variant) answered centre \(centre) differently from the store."
        }
    }
}
