public import Foundation
public import GRDB
public import Logging
import SQLiteStorage

/// What one seeding run did, table by table.
public struct SeedReport: Hashable, Sendable, Codable {
    /// Rows added per table; a table already seeded at this version is absent.
    public var inserted: [String: Int] = [:]
    /// Tables that were already seeded at this version and were skipped.
    public var skipped: [String] = []
}

/// Loads a ``SeedDataset`` into a store on first launch.
///
/// Idempotent per table, as the seed asks: each table is seeded in its own transaction and
/// recorded in `seed_log`, rows are inserted with `ON CONFLICT DO NOTHING`, so running it again,
/// or after a failure half-way (sites done, species failed), never duplicates anything and
/// finishes what was left.
public struct DatasetSeeder: Sendable {
    private let database: UmiLogDatabase
    private let logger: Logger

    public init(database: any DatabaseWriter, logger: Logger) {
        self.database = UmiLogDatabase(database)
        self.logger = logger
    }

    /// Seeds sites and species, and the sample dives when asked (they are examples, so a
    /// diver's own log starts empty unless they want them).
    @discardableResult
    public func seed(
        _ dataset: SeedDataset, includeSampleDives: Bool = false, version: Int = SeedDataset.version, at now: Date
    ) async throws(UmiLogError) -> SeedReport {
        var report = SeedReport()
        try await seedTable("sites", count: dataset.sites.count, version: version, at: now, into: &report) { db in
            try dataset.sites.reduce(0) { $0 + (try SiteRow.insert($1, db) ? 1 : 0) }
        }
        try await seedTable("species", count: dataset.species.count, version: version, at: now, into: &report) { db in
            try dataset.species.reduce(0) { $0 + (try SpeciesRow.insert($1, db) ? 1 : 0) }
        }
        if includeSampleDives {
            try await seedTable("sample_dives", count: dataset.sampleDives.count, version: version, at: now, into: &report) { db in
                var added = 0
                for logged in dataset.sampleDives {
                    let key = DiveRow.key(logged.dive.id)
                    guard try Bool.fetchOne(db, sql: "SELECT 1 FROM dives WHERE id = ?", arguments: [key]) != true else { continue }
                    try DiveRow.upsert(logged.dive, db)
                    try SightingRow.replace(logged.sightings, of: logged.dive.id, db)
                    if let siteID = logged.dive.siteID { try ListStateRow.markLogged(siteID, at: logged.dive.createdAt, db) }
                    added += 1
                }
                return added
            }
        }
        return report
    }

    /// Whether every table of the dataset is seeded at `version`.
    public func isSeeded(version: Int = SeedDataset.version) async throws(UmiLogError) -> Bool {
        try await database.read { db in
            try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM seed_log WHERE table_name IN ('sites', 'species') AND version >= ?",
                arguments: [version]
            ) == 2
        }
    }

    private func seedTable(
        _ table: String, count: Int, version: Int, at now: Date, into report: inout SeedReport,
        insert: @escaping @Sendable (Database) throws -> Int
    ) async throws(UmiLogError) {
        let added: Int? = try await database.write { db in
            let seeded = try Int.fetchOne(db, sql: "SELECT version FROM seed_log WHERE table_name = ?", arguments: [table])
            if let seeded, seeded >= version { return nil }
            let added = try insert(db)
            try db.execute(
                sql: """
                    INSERT INTO seed_log (table_name, version, row_count, seeded_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT(table_name) DO UPDATE SET version = excluded.version, row_count = excluded.row_count,
                        seeded_at = excluded.seeded_at
                    """,
                arguments: [table, version, count, now.timeIntervalSince1970]
            )
            return added
        }
        if let added {
            report.inserted[table] = added
            logger.info("seed table loaded", metadata: ["table": "\(table)", "rows": "\(added)"])
        } else {
            report.skipped.append(table)
        }
    }
}
