import DAGCBOR
import Foundation
import GRDB

/// How a diver's own site is a synced record (kind `site`): the sites a diver adds or an import
/// creates (`source` `user` or `import`) travel with the log, since dives point at them; the
/// shipped dataset is on every device already and is never synced. Every column but the
/// internal `num` is a last-writer-wins field. The record id is derived from the site id, so
/// two devices that import the same site make the same record.
enum SiteSyncMapping {
    static let kind = "site"

    static let columns = [
        "id", "name", "latitude", "longitude", "region", "area", "country", "max_depth_m", "typical_depth_m", "tags",
        "entry", "difficulty", "description", "source", "license",
    ]

    static let requiredColumns = ["id", "name", "region", "country", "tags", "entry", "difficulty", "description", "source", "license"]

    /// The sources whose sites are the diver's own.
    static let syncedSources = ["user", "import"]

    static func recordID(ofSite siteID: String) -> UUID { UUID(derivedFrom: Data("umilog.site|\(siteID)".utf8)) }

    /// The site's snapshot, or `nil` when there is no such site of the diver's own.
    static func snapshot(of siteID: String, _ db: Database) throws -> RecordSnapshot? {
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT \(columns.joined(separator: ", ")) FROM sites WHERE id = ? AND source IN ('user', 'import')",
                arguments: [siteID])
        else { return nil }
        var fields: [String: DAGCBORValue] = [:]
        for (index, column) in columns.enumerated() { fields[column] = SyncValue.value(row[index] as DatabaseValue) }
        return RecordSnapshot(fields: fields, sets: [:])
    }

    /// Writes the site from its state (upserted by id, so its `num` and what keys on it stay),
    /// once every required field is there. Sites are never deleted by sync: dives point at them.
    /// Returns the site's id when it was written.
    @discardableResult
    static func project(_ state: SyncRecordState, _ db: Database) throws -> String? {
        let complete = requiredColumns.allSatisfy { column in
            if case .null = state.value(column) ?? .null { return false }
            return true
        }
        guard complete, let siteID = SyncValue.text(state.value("id")),
            SiteSyncMapping.syncedSources.contains(SyncValue.text(state.value("source")) ?? "")
        else { return nil }
        let values = columns.map { SyncValue.databaseValue(state.value($0)) }
        let updates = columns.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        try db.execute(
            sql: """
                INSERT INTO sites (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))
                ON CONFLICT(id) DO UPDATE SET \(updates) WHERE sites.source IN ('user', 'import')
                """, arguments: StatementArguments(values))
        return siteID
    }
}
