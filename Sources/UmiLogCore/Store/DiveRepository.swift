public import Foundation
public import GRDB
import SQLiteStorage
import Validation

/// What the history screen filters by; every field narrows the list, `nil` leaves it open.
public struct DiveFilter: Hashable, Sendable {
    public var siteID: String?
    public var from: Date?
    public var to: Date?
    public var minDepthMeters: Double?
    public var maxDepthMeters: Double?
    public var speciesID: String?
    public var tag: String?
    public var limit: Int?

    public init(
        siteID: String? = nil, from: Date? = nil, to: Date? = nil, minDepthMeters: Double? = nil,
        maxDepthMeters: Double? = nil, speciesID: String? = nil, tag: String? = nil, limit: Int? = nil
    ) {
        self.siteID = siteID
        self.from = from
        self.to = to
        self.minDepthMeters = minDepthMeters
        self.maxDepthMeters = maxDepthMeters
        self.speciesID = speciesID
        self.tag = tag
        self.limit = limit
    }
}

/// A dive with what was seen on it.
public struct LoggedDive: Hashable, Sendable, Codable, Identifiable {
    public var dive: Dive
    public var sightings: [Sighting]
    public var id: UUID { dive.id }

    public init(dive: Dive, sightings: [Sighting]) {
        self.dive = dive
        self.sightings = sightings
    }
}

/// The dive log. Every write is one transaction that keeps the dive, its sightings, its
/// tags and the site's list state together, so a failure leaves nothing half-written.
///
/// Most callers write through ``WizardSaver``, which validates first and tells listeners.
public struct DiveRepository: Sendable {
    let database: UmiLogDatabase
    let speciesCache: PopularSpeciesCache
    /// The wall clock sync's change stamps are read from.
    let now: @Sendable () -> Date

    public init(database: any DatabaseWriter, speciesCache: PopularSpeciesCache, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = UmiLogDatabase(database)
        self.speciesCache = speciesCache
        self.now = now
    }

    /// Inserts a new dive with its sightings; the site becomes `logged`. The change is in the
    /// sync outbox when this returns, committed with the dive.
    public func create(_ dive: Dive, sightings: [Sighting]) async throws(UmiLogError) {
        let now = now
        try await database.write { db in
            try Self.checkReferences(dive, sightings, db)
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM dives WHERE id = ?", arguments: [DiveRow.key(dive.id)]) == true {
                throw UmiLogError.storeFailed(reason: "a dive with id \(dive.id) is already logged")
            }
            try DiveRow.upsert(dive, db)
            try SightingRow.replace(sightings, of: dive.id, db)
            if let siteID = dive.siteID { try ListStateRow.markLogged(siteID, at: dive.updatedAt, db) }
            try SyncLedger.capture(dives: [dive.id], sites: [], at: now(), db)
        }
        await speciesCache.invalidate()
    }

    /// Replaces an existing dive and its sightings. When the dive moved to another site, the
    /// old site's list state is settled again.
    public func update(_ dive: Dive, sightings: [Sighting]) async throws(UmiLogError) {
        let now = now
        try await database.write { db in
            try Self.checkReferences(dive, sightings, db)
            guard
                let existing = try Row.fetchOne(
                    db, sql: "SELECT site_id FROM dives WHERE id = ?", arguments: [DiveRow.key(dive.id)]
                )
            else {
                throw UmiLogError.diveNotFound(dive.id.uuidString.lowercased())
            }
            let oldSite: String? = existing[0]
            try DiveRow.upsert(dive, db)
            try SightingRow.replace(sightings, of: dive.id, db)
            if let siteID = dive.siteID { try ListStateRow.markLogged(siteID, at: dive.updatedAt, db) }
            if let oldSite, oldSite != dive.siteID { try ListStateRow.settle(oldSite, at: dive.updatedAt, db) }
            try SyncLedger.capture(dives: [dive.id], sites: [], at: now(), db)
        }
        await speciesCache.invalidate()
    }

    /// Deletes a dive with its sightings and tags; its site is settled again. The dive stays
    /// in sync's trash for 30 days (``SyncLog/trash(at:)``), restorable on every device.
    public func delete(id: UUID, at date: Date) async throws(UmiLogError) {
        let now = now
        try await database.write { db in
            guard
                let existing = try Row.fetchOne(
                    db, sql: "SELECT site_id FROM dives WHERE id = ?", arguments: [DiveRow.key(id)]
                )
            else {
                throw UmiLogError.diveNotFound(id.uuidString.lowercased())
            }
            let site: String? = existing[0]
            try db.execute(sql: "DELETE FROM dives WHERE id = ?", arguments: [DiveRow.key(id)])
            if let site { try ListStateRow.settle(site, at: date, db) }
            try SyncLedger.capture(dives: [id], sites: [], at: now(), db)
        }
        await speciesCache.invalidate()
    }

    public func fetch(id: UUID) async throws(UmiLogError) -> LoggedDive? {
        try await database.read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT \(DiveRow.selection) FROM dives WHERE id = ?", arguments: [DiveRow.key(id)]
                )
            else { return nil }
            let dive = try DiveRow.dive(from: row)
            return LoggedDive(dive: dive, sightings: try Self.sightings(of: dive.id, db))
        }
    }

    /// The dive whose id is `text` or starts with it, by the one id-prefix rule (`IDPrefix`:
    /// at least 4 characters; `list` prints 8).
    ///
    /// - Throws: `.diveNotFound`, or `.ambiguousDiveID` when several dives start with `text`.
    public func find(_ text: String) async throws(UmiLogError) -> LoggedDive {
        guard let prefix = IDPrefix(text) else { throw .diveNotFound(text) }
        let range = prefix.range
        let ids = try await database.read { db in
            try String.fetchAll(
                db, sql: "SELECT id FROM dives WHERE id >= ? AND id < ? ORDER BY id LIMIT 50",
                arguments: [range.lower, range.upper]
            )
        }
        switch prefix.resolve(ids) {
        case .none: throw .diveNotFound(text)
        case .unique(let match):
            guard let id = UUID(uuidString: match), let dive = try await fetch(id: id) else { throw .diveNotFound(text) }
            return dive
        case .ambiguous(let count): throw .ambiguousDiveID(text, matches: count)
        }
    }

    /// Dives matching `filter`, newest first, with their sightings.
    public func history(_ filter: DiveFilter = DiveFilter()) async throws(UmiLogError) -> [LoggedDive] {
        var conditions: [SQL] = []
        if let siteID = filter.siteID { conditions.append("dives.site_id = \(siteID)") }
        if let from = filter.from { conditions.append("dives.start_time >= \(from.timeIntervalSince1970)") }
        if let to = filter.to { conditions.append("dives.start_time <= \(to.timeIntervalSince1970)") }
        if let minDepth = filter.minDepthMeters { conditions.append("dives.max_depth_m >= \(minDepth)") }
        if let maxDepth = filter.maxDepthMeters { conditions.append("dives.max_depth_m <= \(maxDepth)") }
        if let speciesID = filter.speciesID {
            conditions.append("dives.id IN (SELECT dive_id FROM sightings WHERE species_id = \(speciesID))")
        }
        if let tag = filter.tag {
            conditions.append("dives.id IN (SELECT dive_id FROM dive_tags WHERE tag = \(tag.lowercased()))")
        }
        let whereClause: SQL = conditions.isEmpty ? "" : "WHERE \(conditions.joined(separator: " AND "))"
        let limitClause: SQL = filter.limit.map { "LIMIT \(max(0, $0))" } ?? ""
        let request: SQLRequest<Row> = """
            SELECT \(sql: DiveRow.selection) FROM dives \(whereClause) ORDER BY dives.start_time DESC, dives.id \(limitClause)
            """
        return try await database.read { db in
            let dives = try request.fetchAll(db).map(DiveRow.dive(from:))
            let sightings = try Self.sightings(of: dives.map(\.id), db)
            return dives.map { LoggedDive(dive: $0, sightings: sightings[$0.id] ?? []) }
        }
    }

    /// The latest dive at `siteID` that started before `date`, for QuickLog to copy.
    public func previousDive(at siteID: String, before date: Date) async throws(UmiLogError) -> LoggedDive? {
        try await database.read { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT \(DiveRow.selection) FROM dives WHERE site_id = ? AND start_time < ?
                        ORDER BY start_time DESC, id LIMIT 1
                        """,
                    arguments: [siteID, date.timeIntervalSince1970]
                )
            else { return nil }
            let dive = try DiveRow.dive(from: row)
            return LoggedDive(dive: dive, sightings: try Self.sightings(of: dive.id, db))
        }
    }

    public func count() async throws(UmiLogError) -> Int {
        try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM dives") ?? 0 }
    }

    /// Turns a missing site or species into its own error instead of a foreign-key failure.
    static func checkReferences(_ dive: Dive, _ sightings: [Sighting], _ db: Database) throws {
        if let siteID = dive.siteID,
            try Bool.fetchOne(db, sql: "SELECT 1 FROM sites WHERE id = ?", arguments: [siteID]) != true
        {
            throw UmiLogError.siteNotFound(siteID)
        }
        for sighting in sightings {
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM species WHERE id = ?", arguments: [sighting.speciesID]) == true else {
                throw UmiLogError.speciesNotFound(sighting.speciesID)
            }
        }
    }

    private static func sightings(of diveID: UUID, _ db: Database) throws -> [Sighting] {
        try Row.fetchAll(
            db, sql: "SELECT \(SightingRow.selection) FROM sightings WHERE dive_id = ? ORDER BY position",
            arguments: [DiveRow.key(diveID)]
        ).map(SightingRow.sighting(from:))
    }

    /// Sightings of many dives in one query per 500 dives (SQLite's variable limit is far above).
    private static func sightings(of diveIDs: [UUID], _ db: Database) throws -> [UUID: [Sighting]] {
        var result: [UUID: [Sighting]] = [:]
        var start = 0
        while start < diveIDs.count {
            let chunk = diveIDs[start..<min(start + 500, diveIDs.count)]
            let request: SQLRequest<Row> = """
                SELECT \(sql: SightingRow.selection) FROM sightings WHERE dive_id IN \(chunk.map(DiveRow.key))
                ORDER BY dive_id, position
                """
            let rows = try request.fetchAll(db)
            for row in rows {
                let sighting = try SightingRow.sighting(from: row)
                result[sighting.diveID, default: []].append(sighting)
            }
            start += 500
        }
        return result
    }
}
