import DAGCBOR
import Foundation
import GRDB

/// The one writer of sync's tables, used inside the transactions of the log's writers and of
/// sync itself: it turns local edits into changes and takes in changes from other devices, and
/// in both cases projects the records' merge states onto the log's rows. Every function runs in
/// the caller's transaction, so an edit, its change in the outbox and the projected rows commit
/// together or not at all.
enum SyncLedger {
    /// Records what the given dives and sites now are as changes of this device (only what
    /// differs from their merge states), puts them in the outbox and projects the records
    /// again, so the rows are exactly what every device will have once it has these changes.
    static func capture(dives: [UUID], sites: [String], at now: Date, _ db: Database) throws {
        guard !dives.isEmpty || !sites.isEmpty else { return }
        var device = try SyncDeviceRow.load(db)
        for siteID in Set(sites).sorted() {
            guard let snapshot = try SiteSyncMapping.snapshot(of: siteID, db) else { continue }
            let recordID = SiteSyncMapping.recordID(ofSite: siteID)
            let state = try loadState(recordID, db)
            guard var change = snapshot.change(from: state, id: UUID(), recordID: recordID, kind: SiteSyncMapping.kind, hlc: device.clock.last)
            else { continue }
            change.hlc = device.clock.tick(now: now)
            let merged = try commit(change, onto: state, origin: .local, seq: nil, at: now, db)
            try SiteSyncMapping.project(merged, db)
        }
        for diveID in dives {
            let state = try loadState(diveID, db)
            let found = try DiveSyncMapping.snapshot(of: diveID, db)
            if let profile = found?.profile { try storeProfile(profile, db) }
            let change: SyncChange?
            if let snapshot = found?.0 {
                change = snapshot.change(from: state, id: UUID(), recordID: diveID, kind: DiveSyncMapping.kind, hlc: device.clock.last)
            } else if let state, !state.isDeleted {
                change = SyncChange(
                    id: UUID(), recordID: diveID, kind: DiveSyncMapping.kind, schemaVersion: SyncSchemaVersion.current,
                    hlc: device.clock.last, delete: SyncChange.DeleteMark(observed: state.lastEdit))
            } else {
                change = nil
            }
            guard var change else { continue }
            change.hlc = device.clock.tick(now: now)
            let merged = try commit(change, onto: state, origin: .local, seq: nil, at: now, db)
            try project(merged, recordID: diveID, db)
        }
        try device.save(db)
    }

    /// Makes a local change that is not an edit of the rows (a restore from the trash, a
    /// conflict resolved, a field written directly): stamped, merged, kept, projected.
    @discardableResult
    static func commitLocal(_ build: (HLCTimestamp, SyncRecordState?) -> SyncChange?, recordID: UUID, at now: Date, _ db: Database)
        throws -> SyncRecordState?
    {
        var device = try SyncDeviceRow.load(db)
        let state = try loadState(recordID, db)
        let hlc = device.clock.tick(now: now)
        guard let change = build(hlc, state) else { return state }
        let merged = try commit(change, onto: state, origin: .local, seq: nil, at: now, db)
        try project(merged, recordID: recordID, db)
        try device.save(db)
        return merged
    }

    /// Takes in changes from the server (opened and checked by the caller): each new one is
    /// kept and merged, the clock moves past it, and every record touched is projected again —
    /// sites first, then the dives that point at them. A change seen before changes nothing.
    static func receive(
        _ changes: [(change: SyncChange, seq: Int64)], cursor: Int64, fromServer: Bool = true, at now: Date, _ db: Database
    ) throws -> ReceiveSummary {
        var device = try SyncDeviceRow.load(db)
        var summary = ReceiveSummary()
        var touched: [UUID: SyncRecordState] = [:]
        for (change, seq) in changes {
            let key = change.id.uuidString.lowercased()
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM sync_changes WHERE id = ?", arguments: [key]) == true {
                // One of ours back from the server: it is there, so it is synced.
                if fromServer {
                    try db.execute(
                        sql: "UPDATE sync_changes SET seq = coalesce(seq, ?), status = 'synced' WHERE id = ?",
                        arguments: [seq, key])
                }
                summary.alreadyKnown += 1
                continue
            }
            if device.clock.observe(change.hlc, now: now) { summary.clockWarnings += 1 }
            let state = try touched[change.recordID] ?? loadState(change.recordID, db)
            touched[change.recordID] = try commit(change, onto: state, origin: .remote, seq: seq, at: now, db)
            summary.applied += 1
        }
        var projectedSites: [String] = []
        let sites = touched.filter { $0.value.kind == SiteSyncMapping.kind }.sorted { $0.key.uuidString < $1.key.uuidString }
        for (_, state) in sites {
            if let siteID = try SiteSyncMapping.project(state, db) { projectedSites.append(siteID) }
        }
        var dives = Set(touched.filter { $0.value.kind == DiveSyncMapping.kind }.keys)
        for siteID in projectedSites {
            let waiting = try String.fetchAll(db, sql: "SELECT id FROM sync_records WHERE site_ref = ?", arguments: [siteID])
            dives.formUnion(waiting.compactMap(UUID.init(uuidString:)))
        }
        for recordID in dives.sorted(by: { $0.uuidString < $1.uuidString }) {
            guard let state = try touched[recordID] ?? loadState(recordID, db) else { continue }
            try project(state, recordID: recordID, db)
        }
        device.cursor = max(device.cursor, cursor)
        try device.save(db)
        if summary.clockWarnings > 0 {
            try db.execute(
                sql: "UPDATE sync_device SET drift_warning = ? WHERE singleton = 1",
                arguments: ["\(summary.clockWarnings) change(s) stamped more than a day ahead of this device's clock"])
        }
        return summary
    }

    /// What ``receive(_:cursor:at:_:)`` did.
    struct ReceiveSummary: Sendable, Equatable {
        var applied = 0
        var alreadyKnown = 0
        var clockWarnings = 0
    }

    /// Keeps a profile's bytes under their digest (once).
    static func storeProfile(_ bytes: Data, _ db: Database) throws {
        try db.execute(
            sql: "INSERT OR IGNORE INTO sync_profiles (digest, samples) VALUES (?, ?)",
            arguments: [DiveSyncMapping.digest(of: bytes), bytes])
    }

    // MARK: States

    enum Origin: String { case local, remote }

    static func loadState(_ recordID: UUID, _ db: Database) throws -> SyncRecordState? {
        guard
            let bytes = try Data.fetchOne(
                db, sql: "SELECT state FROM sync_records WHERE id = ?", arguments: [recordID.uuidString.lowercased()])
        else { return nil }
        return try SyncRecordState.decode(bytes)
    }

    /// Merges `change` into `state`, keeps both, and returns the merged state.
    private static func commit(
        _ change: SyncChange, onto state: SyncRecordState?, origin: Origin, seq: Int64?, at now: Date, _ db: Database
    ) throws -> SyncRecordState {
        var merged = state ?? SyncRecordState(kind: change.kind, schemaVersion: change.schemaVersion)
        merged.apply(change)
        let siteRef = merged.kind == DiveSyncMapping.kind ? SyncValue.text(merged.value("site_id")) : nil
        try db.execute(
            sql: """
                INSERT INTO sync_records (id, kind, state, site_ref) VALUES (?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET kind = excluded.kind, state = excluded.state, site_ref = excluded.site_ref
                """, arguments: [change.recordID.uuidString.lowercased(), merged.kind, try merged.encoded(), siteRef])
        try db.execute(
            sql: """
                INSERT INTO sync_changes (id, record_id, kind, schema_version, hlc, body, origin, status, seq, recorded_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                change.id.uuidString.lowercased(), change.recordID.uuidString.lowercased(), change.kind, change.schemaVersion,
                change.hlc.description, try change.encoded(), origin.rawValue, origin == .local ? "saved" : "synced", seq,
                now.timeIntervalSince1970,
            ])
        return merged
    }

    /// Projects a record onto the log's rows by its kind, in a savepoint: a state that cannot be
    /// written (a value the schema refuses) leaves the rows as they were and is noted on the
    /// record, and never stops the rest of a sync. Kinds this version does not know are kept,
    /// not shown.
    static func project(_ state: SyncRecordState, recordID: UUID, _ db: Database) throws {
        let key = recordID.uuidString.lowercased()
        do {
            try db.inSavepoint {
                switch state.kind {
                case DiveSyncMapping.kind: try DiveSyncMapping.project(state, id: recordID, db)
                case SiteSyncMapping.kind: try SiteSyncMapping.project(state, db)
                default: break
                }
                return .commit
            }
            try db.execute(sql: "UPDATE sync_records SET projection_error = NULL WHERE id = ? AND projection_error IS NOT NULL", arguments: [key])
        } catch let error as DatabaseError {
            try db.execute(
                sql: "UPDATE sync_records SET projection_error = ? WHERE id = ?",
                arguments: [error.message ?? "\(error.resultCode)", key])
        }
    }
}
