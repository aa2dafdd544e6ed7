import Crypto
import DAGCBOR
import Foundation
import GRDB

/// How a dive is a synced record (kind `dive`): every column of `dives` but the id is a field
/// (last writer wins per field; `notes` keeps conflict copies), `profile` names the dive's
/// samples as an immutable blob, and the lists are add-wins sets — `tags`, `buddies` (the
/// `buddy` column's comma-separated names), `sightings` (each a whole value) and `signoffs`
/// (instructor receipts, which sync never removes).
enum DiveSyncMapping {
    static let kind = "dive"

    /// The scalar fields, named as their columns.
    static let columns = [
        "site_id", "start_time", "max_depth_m", "average_depth_m", "bottom_time_s", "water_temperature_c", "visibility_m",
        "current", "oxygen_percent", "start_pressure_bar", "end_pressure_bar", "notes", "rating", "created_at",
        "updated_at", "number", "divemaster", "suit", "air_temperature_c", "visibility_rating", "mode", "cylinders",
        "weights", "surface_pressure_bar", "salinity_g_per_l", "dive_computer", "import_key",
    ]

    /// Free-text fields: concurrent edits keep one value and show the other as a conflict copy.
    static let conflictCopyFields: Set<String> = ["notes"]

    static let profileField = "profile"
    static let tagsSet = "tags"
    static let buddiesSet = "buddies"
    static let sightingsSet = "sightings"
    static let signoffsSet = "signoffs"

    /// Columns a row cannot be written without; a record missing one (its first change has not
    /// arrived yet) is not shown until it is complete.
    static let requiredColumns = ["start_time", "max_depth_m", "bottom_time_s", "created_at", "updated_at"]

    /// Defaults of the columns that have one in the schema.
    static let defaults: [String: DatabaseValue] = [
        "oxygen_percent": 21.databaseValue, "mode": "OC".databaseValue, "cylinders": "[]".databaseValue,
        "weights": "[]".databaseValue,
    ]

    // MARK: Reading the dive as it is

    /// The dive's snapshot and its profile's canonical bytes, or `nil` when there is no such dive.
    static func snapshot(of id: UUID, _ db: Database) throws -> (RecordSnapshot, profile: Data?)? {
        let key = DiveRow.key(id)
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT \(columns.joined(separator: ", ")), buddy FROM dives WHERE id = ?", arguments: [key])
        else { return nil }
        var fields: [String: DAGCBORValue] = [:]
        for (index, column) in columns.enumerated() {
            fields[column] = SyncValue.value(row[index] as DatabaseValue)
        }
        let buddyText: String? = row[columns.count]
        let buddies = (buddyText ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        let tags = try String.fetchAll(db, sql: "SELECT tag FROM dive_tags WHERE dive_id = ? ORDER BY position", arguments: [key])
        let sightings = try Row.fetchAll(
            db, sql: "SELECT id, species_id, count, note FROM sightings WHERE dive_id = ? ORDER BY position", arguments: [key]
        ).map { row in
            DAGCBORValue.map(
                DAGCBORMap([
                    "id": SyncValue.value(row[0]), "species_id": SyncValue.value(row[1]), "count": SyncValue.value(row[2]),
                    "note": SyncValue.value(row[3]),
                ]))
        }
        let signoffs = try Row.fetchAll(
            db,
            sql: "SELECT cid, receipt, signature, signer_did, signer_name, signed_at FROM dive_signatures WHERE dive_id = ?",
            arguments: [key]
        ).map { row in
            DAGCBORValue.map(
                DAGCBORMap([
                    "cid": SyncValue.value(row[0]), "receipt": SyncValue.value(row[1]), "signature": SyncValue.value(row[2]),
                    "signer_did": SyncValue.value(row[3]), "signer_name": SyncValue.value(row[4]),
                    "signed_at": SyncValue.value(row[5]),
                ]))
        }
        let profile = try profileBytes(of: key, db)
        if let profile {
            fields[profileField] = .text(digest(of: profile))
        } else {
            // A profile still on its way is not a profile removed.
            let awaited = try String.fetchOne(db, sql: "SELECT digest FROM sync_awaited_profiles WHERE dive_id = ?", arguments: [key])
            fields[profileField] = awaited.map(DAGCBORValue.text) ?? .null
        }
        let snapshot = RecordSnapshot(
            fields: fields,
            sets: [
                tagsSet: tags.map(DAGCBORValue.text), buddiesSet: uniqued(buddies).map(DAGCBORValue.text),
                sightingsSet: sightings, signoffsSet: signoffs,
            ])
        return (snapshot, profile)
    }

    /// The samples' canonical bytes: a DAG-CBOR array of rows, each the columns' values in
    /// order; `nil` for a dive without a profile.
    static func profileBytes(of key: String, _ db: Database) throws -> Data? {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT time_s, depth_m, temperature_c, tank_pressure_bar, ndl_s, stop_depth_m, stop_time_s, cns_percent,
                    po2_bar, heart_rate
                FROM dive_samples WHERE dive_id = ? ORDER BY position
                """, arguments: [key])
        guard !rows.isEmpty else { return nil }
        let values = rows.map { row in DAGCBORValue.array((0..<10).map { SyncValue.value(row[$0] as DatabaseValue) }) }
        return try DAGCBORValue.array(values).encoded()
    }

    /// A profile's name: the SHA-256 of its canonical bytes, in hex.
    static func digest(of profile: Data) -> String { Hex.encode(Data(SHA256.hash(data: profile))) }

    private static func uniqued(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    // MARK: Writing the dive from its state

    /// Writes the dive's rows from its merge state: removed when the record is deleted or not
    /// yet complete; otherwise the row (upserted, so its children are not cascaded away), its
    /// tags, sightings of species this store knows, profile (when its blob is here) and
    /// sign-offs. A site this store does not have yet is left out until it arrives.
    static func project(_ state: SyncRecordState, id: UUID, _ db: Database) throws {
        let key = DiveRow.key(id)
        let oldSite = try String.fetchOne(db, sql: "SELECT site_id FROM dives WHERE id = ?", arguments: [key])
        let complete = requiredColumns.allSatisfy { column in
            if case .null = state.value(column) ?? .null { return false }
            return true
        }
        guard complete, !state.isDeleted else {
            try db.execute(sql: "DELETE FROM dives WHERE id = ?", arguments: [key])
            try db.execute(sql: "DELETE FROM sync_awaited_profiles WHERE dive_id = ?", arguments: [key])
            if let oldSite { try ListStateRow.settle(oldSite, at: state.lastEdit?.date ?? Date(timeIntervalSince1970: 0), db) }
            return
        }
        var values: [DatabaseValue] = columns.map { column in
            let value = SyncValue.databaseValue(state.value(column))
            return value.isNull ? (defaults[column] ?? value) : value
        }
        let siteID = SyncValue.text(state.value("site_id"))
        if let siteID, try Bool.fetchOne(db, sql: "SELECT 1 FROM sites WHERE id = ?", arguments: [siteID]) != true {
            values[0] = .null
        }
        let buddies = state.elements(buddiesSet).compactMap(\.value.textValue)
        let names = ["id"] + columns + ["buddy"]
        let arguments = [key.databaseValue] + values + [buddies.isEmpty ? .null : buddies.joined(separator: ", ").databaseValue]
        let updates = (columns + ["buddy"]).map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        try db.execute(
            sql: """
                INSERT INTO dives (\(names.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))
                ON CONFLICT(id) DO UPDATE SET \(updates)
                """, arguments: StatementArguments(arguments))
        try db.execute(sql: "DELETE FROM dive_tags WHERE dive_id = ?", arguments: [key])
        for (position, tag) in state.elements(tagsSet).compactMap(\.value.textValue).enumerated() {
            try db.execute(
                sql: "INSERT OR IGNORE INTO dive_tags (dive_id, tag, position) VALUES (?, ?, ?)", arguments: [key, tag, position])
        }
        try projectSightings(state, key: key, db)
        try projectSignoffs(state, key: key, db)
        try projectProfile(state, key: key, db)
        let updatedAt = Date(timeIntervalSince1970: state.value("updated_at")?.doubleValue ?? 0)
        let newSite: String? = String.fromDatabaseValue(values[0])
        if let newSite { try ListStateRow.markLogged(newSite, at: updatedAt, db) }
        if let oldSite, oldSite != newSite { try ListStateRow.settle(oldSite, at: updatedAt, db) }
    }

    private static func projectSightings(_ state: SyncRecordState, key: String, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM sightings WHERE dive_id = ?", arguments: [key])
        var position = 0
        for element in state.elements(sightingsSet) {
            guard case .map(let map) = element.value, let id = map["id"]?.textValue,
                let species = map["species_id"]?.textValue, let count = map["count"]?.intValue, count > 0,
                try Bool.fetchOne(db, sql: "SELECT 1 FROM species WHERE id = ?", arguments: [species]) == true
            else { continue }
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO sightings (id, dive_id, species_id, count, note, position) VALUES (?, ?, ?, ?, ?, ?)
                    """, arguments: [id, key, species, count, map["note"]?.textValue, position])
            position += 1
        }
    }

    private static func projectSignoffs(_ state: SyncRecordState, key: String, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM dive_signatures WHERE dive_id = ?", arguments: [key])
        // Every signature ever added, removals ignored: sync never takes a sign-off away.
        for element in state.sets[signoffsSet] ?? [] {
            guard case .map(let map) = element.value, let cid = map["cid"]?.textValue,
                let receipt = map["receipt"]?.bytesValue, let signature = map["signature"]?.bytesValue,
                let signer = map["signer_did"]?.textValue, let signedAt = map["signed_at"]?.doubleValue
            else { continue }
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO dive_signatures (dive_id, cid, receipt, signature, signer_did, signer_name, signed_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [key, cid, receipt, signature, signer, map["signer_name"]?.textValue, signedAt])
        }
    }

    /// The dive's samples as its state names them; a profile not here yet is awaited (see
    /// `sync_awaited_profiles`).
    private static func projectProfile(_ state: SyncRecordState, key: String, _ db: Database) throws {
        let digest = SyncValue.text(state.value(profileField))
        let current = try profileBytes(of: key, db).map(Self.digest(of:))
        var awaited: String?
        if current != digest {
            try db.execute(sql: "DELETE FROM dive_samples WHERE dive_id = ?", arguments: [key])
            if let digest {
                if let bytes = try Data.fetchOne(db, sql: "SELECT samples FROM sync_profiles WHERE digest = ?", arguments: [digest]) {
                    try insertSamples(bytes, key: key, db)
                } else {
                    awaited = digest
                }
            }
        }
        if let awaited {
            try db.execute(sql: "INSERT OR REPLACE INTO sync_awaited_profiles (dive_id, digest) VALUES (?, ?)", arguments: [key, awaited])
        } else {
            try db.execute(sql: "DELETE FROM sync_awaited_profiles WHERE dive_id = ?", arguments: [key])
        }
    }

    /// The rows of a profile's canonical bytes, as the dive's samples.
    private static func insertSamples(_ bytes: Data, key: String, _ db: Database) throws {
        guard case .array(let rows) = try DAGCBORValue.decode(bytes) else { return }
        for (position, row) in rows.enumerated() {
            guard case .array(let cells) = row, cells.count == 10 else { continue }
            try db.execute(
                sql: """
                    INSERT INTO dive_samples (dive_id, position, time_s, depth_m, temperature_c, tank_pressure_bar, ndl_s,
                        stop_depth_m, stop_time_s, cns_percent, po2_bar, heart_rate)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: StatementArguments([key.databaseValue, position.databaseValue] + cells.map(SyncValue.databaseValue)))
        }
    }
}
