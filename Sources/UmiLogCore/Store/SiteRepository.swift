public import Foundation
public import GRDB
public import Geo
import SQLiteStorage
import Validation

/// A site and how far it is from the point asked about.
public struct SiteDistance: Hashable, Sendable, Codable {
    public let site: DiveSite
    public let distanceMeters: Double
}

/// Dive sites: the list, search, the map viewport, "near me", and the diver's lists.
///
/// Viewport and near queries go through the R-tree (`sites_rtree`) and are then checked
/// exactly, with the Geo kit's own `BoundingBox.contains` and `haversineDistance`, so results
/// are exactly what a scan of every site would give.
public struct SiteRepository: Sendable {
    private let database: UmiLogDatabase
    /// The wall clock sync's change stamps are read from.
    private let now: @Sendable () -> Date

    public init(database: any DatabaseWriter, now: @escaping @Sendable () -> Date = Date.init) {
        self.now = now
        self.database = UmiLogDatabase(database)
    }

    /// Every site, alphabetical.
    public func fetchAll() async throws(UmiLogError) -> [DiveSite] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT \(SiteRow.selection) FROM sites ORDER BY name COLLATE NOCASE, id")
                .map(SiteRow.site(from:))
        }
    }

    public func fetch(id: String) async throws(UmiLogError) -> DiveSite? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT \(SiteRow.selection) FROM sites WHERE id = ?", arguments: [id])
                .map(SiteRow.site(from:))
        }
    }

    /// The site with this id, else the one whose name is `text` (case and accents ignored).
    ///
    /// - Throws: `UmiLogError.siteNotFound` when neither matches.
    public func find(_ text: String) async throws(UmiLogError) -> DiveSite {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let site = try await fetch(id: trimmed) { return site }
        let folded = Self.folded(trimmed)
        let byName = try await search(trimmed, limit: 20).filter { Self.folded($0.name) == folded }
        guard byName.count == 1 else { throw .siteNotFound(text) }
        return byName[0]
    }

    /// Sites matching every word of `query` as a prefix, in name, area, country, description
    /// or tags, best matches first: sites whose name holds every word come first, shortest name
    /// (the closest match) first; then the other matches, by bm25 relevance.
    ///
    /// Ranking name matches by length rather than bm25 keeps a search over a large dataset to a
    /// few milliseconds: bm25 reads every match's phrase positions in every column, which for a
    /// common prefix is thousands of documents; the second tier runs only when the names leave
    /// room in `limit`.
    public func search(_ query: String, limit: Int = 50) async throws(UmiLogError) -> [DiveSite] {
        guard let pattern = FTS5Pattern(matchingAllPrefixesIn: query), limit > 0 else { return [] }
        let inName = "{name} : (\(pattern.rawPattern))"
        return try await database.read { db in
            var sites = try Row.fetchAll(
                db,
                sql: """
                    SELECT \(SiteRow.selection) FROM sites
                    WHERE num IN (SELECT rowid FROM sites_fts WHERE sites_fts MATCH ?)
                    ORDER BY length(name), name COLLATE NOCASE, id
                    LIMIT ?
                    """,
                arguments: [inName, limit]
            ).map(SiteRow.site(from:))
            guard sites.count < limit else { return sites }
            let found = Set(sites.map(\.id))
            let elsewhere = try Row.fetchAll(
                db,
                sql: """
                    SELECT \(SiteRow.selection) FROM (
                        SELECT rowid AS hit, bm25(sites_fts, 10.0, 4.0, 4.0, 1.0, 2.0) AS score FROM sites_fts
                        WHERE sites_fts MATCH ? ORDER BY score LIMIT ?
                    ) JOIN sites ON sites.num = hit
                    ORDER BY score, sites.name COLLATE NOCASE, sites.id
                    """,
                arguments: [pattern, limit + sites.count]
            ).map(SiteRow.site(from:))
            sites += elsewhere.filter { !found.contains($0.id) }.prefix(limit - sites.count)
            return sites
        }
    }

    /// Sites inside the viewport (edges included; across the antimeridian when west > east),
    /// alphabetical; at most `limit` when given.
    public func fetchInBounds(_ bounds: MapBounds, limit: Int? = nil) async throws(UmiLogError) -> [DiveSite] {
        let box = bounds.boundingBox
        let sites = try await database.read { db in try Self.candidates(in: box, db) }
            .filter { $0.coordinate.map(box.contains) ?? false }
            .sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
        guard let limit else { return sites }
        return Array(sites.prefix(limit))
    }

    /// Sites within `radius` metres of `center` (great-circle distance), nearest first.
    public func near(_ center: Coordinate, radius: Double, limit: Int? = nil) async throws(UmiLogError) -> [SiteDistance] {
        let box: BoundingBox
        do {
            box = try BoundingBox(center: center, radius: radius)
        } catch {
            throw .storeFailed(reason: error.localizedDescription)
        }
        let found = try await database.read { db in try Self.candidates(in: box, db) }
            .compactMap { site in
                site.coordinate.map { SiteDistance(site: site, distanceMeters: haversineDistance(from: center, to: $0)) }
            }
            .filter { $0.distanceMeters <= radius }
            .sorted { ($0.distanceMeters, $0.site.id) < ($1.distanceMeters, $1.site.id) }
        guard let limit else { return found }
        return Array(found.prefix(limit))
    }

    /// The site's status on the diver's lists, if any.
    public func status(of siteID: String) async throws(UmiLogError) -> SiteStatus? {
        try await database.read { db in
            try String.fetchOne(db, sql: "SELECT status FROM list_state WHERE site_id = ?", arguments: [siteID])
                .flatMap(SiteStatus.init(rawValue:))
        }
    }

    /// Every marked site's status.
    public func listStates() async throws(UmiLogError) -> [ListState] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT site_id, status, updated_at FROM list_state ORDER BY site_id").compactMap { row in
                let status: String = row[1]
                return SiteStatus(rawValue: status).map {
                    ListState(siteID: row[0], status: $0, updatedAt: Date(timeIntervalSince1970: row[2]))
                }
            }
        }
    }

    /// Puts a site on the wishlist or marks it visited, or clears a mark (`nil`).
    ///
    /// A site with logged dives stays `logged`: the log is the truth, a list mark cannot hide it.
    public func setStatus(_ status: SiteStatus?, for siteID: String, at date: Date) async throws(UmiLogError) {
        try await database.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM sites WHERE id = ?", arguments: [siteID]) == true else {
                throw UmiLogError.siteNotFound(siteID)
            }
            let dived = try Bool.fetchOne(db, sql: "SELECT 1 FROM dives WHERE site_id = ? LIMIT 1", arguments: [siteID]) == true
            switch (status, dived) {
            case (_, true):
                try ListStateRow.set(.logged, for: siteID, at: date, db)
            case (nil, false):
                try db.execute(sql: "DELETE FROM list_state WHERE site_id = ?", arguments: [siteID])
            case (let status?, false):
                try ListStateRow.set(status, for: siteID, at: date, db)
            }
        }
    }

    /// Adds a site of the diver's own (or from a dataset); an existing id is left unchanged.
    /// The diver's own sites sync with the log.
    public func insert(_ sites: [DiveSite]) async throws(UmiLogError) {
        let now = now
        try await database.write { db in
            for site in sites { try SiteRow.insert(site, db) }
            try SyncLedger.capture(dives: [], sites: sites.map(\.id), at: now(), db)
        }
    }

    public func count() async throws(UmiLogError) -> Int {
        try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sites") ?? 0 }
    }

    /// Sites whose R-tree box meets `box`: a superset of the sites inside it (R-tree bounds
    /// are rounded outwards), one query per longitude span. Longitude 180 and −180 are one
    /// meridian, so a span ending at either also reads the other.
    static func candidates(in box: BoundingBox, _ db: Database) throws -> [DiveSite] {
        var spans: [ClosedRange<Double>] = box.west <= box.east ? [box.west...box.east] : [box.west...180, -180...box.east]
        if spans.contains(where: { $0.upperBound == 180 }) { spans.append(-180 ... -180) }
        if spans.contains(where: { $0.lowerBound == -180 }) { spans.append(180...180) }
        var seen = Set<String>()
        var sites: [DiveSite] = []
        let statement = try db.cachedStatement(
            sql: """
                SELECT \(SiteRow.selection) FROM sites_rtree JOIN sites ON sites.num = sites_rtree.num
                WHERE sites_rtree.max_lat >= ? AND sites_rtree.min_lat <= ? AND sites_rtree.max_lon >= ? AND sites_rtree.min_lon <= ?
                """)
        for span in spans {
            let rows = try Row.fetchCursor(statement, arguments: [box.south, box.north, span.lowerBound, span.upperBound])
            while let row = try rows.next() {
                let site = try SiteRow.site(from: row)
                if seen.insert(site.id).inserted { sites.append(site) }
            }
        }
        return sites
    }

    private static func folded(_ text: String) -> String { TextFolding.folded(text) }
}

/// Writes of `list_state`, shared by the site lists and the dive log.
enum ListStateRow {
    static func set(_ status: SiteStatus, for siteID: String, at date: Date, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO list_state (site_id, status, updated_at) VALUES (?, ?, ?)
                ON CONFLICT(site_id) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at
                WHERE list_state.status <> excluded.status
                """
        ).execute(arguments: [siteID, status.rawValue, date.timeIntervalSince1970])
    }

    /// After a dive is logged at the site: it becomes `logged`.
    static func markLogged(_ siteID: String, at date: Date, _ db: Database) throws {
        try set(.logged, for: siteID, at: date, db)
    }

    /// After a dive at the site is deleted or moved away: with no dives left the diver has
    /// still been there, so it is `visited`.
    static func settle(_ siteID: String, at date: Date, _ db: Database) throws {
        let dived = try Bool.fetchOne(db, sql: "SELECT 1 FROM dives WHERE site_id = ? LIMIT 1", arguments: [siteID]) == true
        try set(dived ? .logged : .visited, for: siteID, at: date, db)
    }
}

extension SiteRepository: MapSiteSource {
    /// The viewport's sites with their list status, for the map.
    public func sites(in bounds: MapBounds) async throws -> [MapSite] {
        let sites = try await fetchInBounds(bounds)
        let statuses = Dictionary(uniqueKeysWithValues: try await listStates().map { ($0.siteID, $0.status) })
        return sites.compactMap { MapSite(site: $0, status: statuses[$0.id]) }
    }
}
