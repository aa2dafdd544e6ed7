import DAGCBOR
public import Foundation
import GRDB
import SQLiteStorage

/// Where a change is on its way to the other devices.
public enum SyncProgress: String, Sendable, Codable, CaseIterable, Comparable {
    /// Saved on this device only.
    case saved
    /// Sent; the server's answer has not come yet.
    case uploading
    /// Kept by the server: every device of the account will get it.
    case synced

    public static func < (lhs: SyncProgress, rhs: SyncProgress) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The sync state of the whole store.
public struct SyncSummary: Sendable, Hashable, Codable {
    public var deviceID: String
    public var accountID: String?
    public var server: String?
    public var cursor: Int64
    public var lastSyncAt: Date?
    /// Changes made on this device by state.
    public var saved: Int
    public var uploading: Int
    public var synced: Int
    /// Changes that came from other devices.
    public var received: Int
    public var conflicts: Int
    public var trashed: Int
    /// Why some changes look wrong (a device's clock far ahead), when they do.
    public var clockWarning: String?
}

/// A deleted dive in the trash.
public struct TrashedDive: Sendable, Hashable, Codable {
    public var id: UUID
    public var deletedAt: Date
    /// The last values it had, for the list.
    public var startTime: Date?
    public var siteID: String?
    public var maxDepthMeters: Double?
}

/// A dive whose sync needs the diver's eye.
public struct SyncConflict: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Codable {
        /// Two devices wrote the field at once; `kept` is shown, `others` are conflict copies.
        case concurrentText
        /// Deleted on one device while edited on another: the edit won and the dive is back.
        case cameBackAfterDelete
    }

    public var diveID: UUID
    public var kind: Kind
    public var field: String?
    public var kept: String?
    public var others: [String]
}

extension SyncLog {
    /// The store's sync state.
    public func summary() async throws(UmiLogError) -> SyncSummary {
        let now = now
        return try await database.read { db in
            let device = try Row.fetchOne(
                db, sql: "SELECT device_id, account_id, server_url, cursor, last_sync_at, drift_warning FROM sync_device")
            let counts = try Row.fetchAll(
                db, sql: "SELECT origin, status, COUNT(*) FROM sync_changes GROUP BY origin, status")
            var summary = SyncSummary(
                deviceID: device?[0] ?? "", accountID: device?[1], server: device?[2], cursor: device?[3] ?? 0,
                lastSyncAt: (device?[4] as Double?).map(Date.init(timeIntervalSince1970:)), saved: 0, uploading: 0, synced: 0,
                received: 0, conflicts: 0, trashed: 0, clockWarning: device?[5])
            for row in counts {
                let origin: String = row[0]
                let status: String = row[1]
                let count: Int = row[2]
                switch (origin, status) {
                case ("remote", _): summary.received += count
                case (_, "saved"): summary.saved += count
                case (_, "uploading"): summary.uploading += count
                default: summary.synced += count
                }
            }
            let states = try Self.diveStates(db)
            summary.conflicts = states.reduce(0) { $0 + Self.conflicts(of: $1.0, $1.1).count }
            summary.trashed = states.filter { Self.isInTrash($0.1, at: now()) }.count
            return summary
        }
    }

    /// Where each of `diveIDs`' changes are: the least advanced state of its changes (a dive
    /// with one change still on this device is `saved`).
    public func progress(of diveIDs: [UUID]) async throws(UmiLogError) -> [UUID: SyncProgress] {
        try await database.read { db in
            // Only changes not yet synced decide; the outbox index reads just those.
            var pending: [String: SyncProgress] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT record_id, status FROM sync_changes WHERE status != 'synced' AND origin = 'local'")
            {
                guard let status = SyncProgress(rawValue: row[1]) else { continue }
                let record: String = row[0]
                pending[record] = min(pending[record] ?? .synced, status)
            }
            return Dictionary(uniqueKeysWithValues: diveIDs.map { ($0, pending[$0.uuidString.lowercased()] ?? .synced) })
        }
    }

    /// Deleted dives still in the trash, newest deletion first.
    public func trash() async throws(UmiLogError) -> [TrashedDive] {
        let now = now
        return try await database.read { db in
            try Self.diveStates(db).filter { Self.isInTrash($0.1, at: now()) }.compactMap { id, state in
                guard let deletion = state.deletion else { return nil }
                return TrashedDive(
                    id: id, deletedAt: deletion.hlc.date,
                    startTime: state.value("start_time")?.doubleValue.map(Date.init(timeIntervalSince1970:)),
                    siteID: state.value("site_id")?.textValue, maxDepthMeters: state.value("max_depth_m")?.doubleValue)
            }.sorted { ($0.deletedAt, $0.id.uuidString) > ($1.deletedAt, $1.id.uuidString) }
        }
    }

    /// Brings a dive back from the trash on this device — and on every other once synced: an
    /// edit its deletion has not seen, which beats it.
    public func restore(_ diveID: UUID) async throws(UmiLogError) {
        let now = now
        try await database.write { db in
            guard let state = try SyncLedger.loadState(diveID, db), Self.isInTrash(state, at: now()) else {
                throw UmiLogError.diveNotFound(diveID.uuidString.lowercased())
            }
            // An edit its deletion has not seen, which also records that the diver wanted it
            // back, so it is not shown as a dive that came back by surprise.
            try SyncLedger.commitLocal(
                { hlc, state in
                    var change = SyncChange(
                        id: UUID(), recordID: diveID, kind: DiveSyncMapping.kind, schemaVersion: SyncSchemaVersion.current, hlc: hlc)
                    if let deletion = state?.deletion {
                        change.fields[Self.acknowledgedDeleteField] = SyncChange.FieldWrite(
                            value: .text(deletion.hlc.description), base: state?.newestWrite(Self.acknowledgedDeleteField))
                    }
                    return change
                }, recordID: diveID, at: now(), db)
        }
    }

    /// Dives whose sync needs a look: concurrent notes, and dives an edit brought back.
    public func conflicts() async throws(UmiLogError) -> [SyncConflict] {
        try await database.read { db in
            try Self.diveStates(db).flatMap { Self.conflicts(of: $0.0, $0.1) }
        }
    }

    /// Settles a dive's conflicts: the field takes `value` (the kept one or a copy), written over
    /// every concurrent write; a dive that came back is acknowledged as wanted.
    public func resolve(_ diveID: UUID, field: String?, value: String?) async throws(UmiLogError) {
        let now = now
        try await database.write { db in
            guard let state = try SyncLedger.loadState(diveID, db), !state.isDeleted else {
                throw UmiLogError.diveNotFound(diveID.uuidString.lowercased())
            }
            try SyncLedger.commitLocal(
                { hlc, state in
                    var change = SyncChange(
                        id: UUID(), recordID: diveID, kind: DiveSyncMapping.kind, schemaVersion: SyncSchemaVersion.current, hlc: hlc)
                    if let field, let writes = state?.fields[field] {
                        change.fields[field] = SyncChange.FieldWrite(
                            value: value.map(DAGCBORValue.text) ?? .null, base: writes.map(\.hlc).max())
                    }
                    if let deletion = state?.deletion, state?.cameBackAfterDelete == true {
                        change.fields[Self.acknowledgedDeleteField] = SyncChange.FieldWrite(
                            value: .text(deletion.hlc.description), base: state?.newestWrite(Self.acknowledgedDeleteField))
                    }
                    return change
                }, recordID: diveID, at: now(), db)
        }
    }

    /// The field that records which deletion the diver saw a dive come back from.
    static let acknowledgedDeleteField = "came_back_acknowledged"

    static func isInTrash(_ state: SyncRecordState, at now: Date) -> Bool {
        guard state.isDeleted, let deletion = state.deletion else { return false }
        return now.timeIntervalSince(deletion.hlc.date) <= trashRetention
    }

    static func conflicts(of id: UUID, _ state: SyncRecordState) -> [SyncConflict] {
        guard !state.isDeleted else { return [] }
        var conflicts: [SyncConflict] = []
        for field in DiveSyncMapping.conflictCopyFields.sorted() {
            let losers = state.conflictingWrites(field)
            guard !losers.isEmpty else { continue }
            conflicts.append(
                SyncConflict(
                    diveID: id, kind: .concurrentText, field: field, kept: state.value(field)?.textValue,
                    others: losers.map { $0.value.textValue ?? "" }))
        }
        if state.cameBackAfterDelete, let deletion = state.deletion,
            state.value(acknowledgedDeleteField)?.textValue != deletion.hlc.description
        {
            conflicts.append(SyncConflict(diveID: id, kind: .cameBackAfterDelete, field: nil, kept: nil, others: []))
        }
        return conflicts
    }

    static func diveStates(_ db: Database) throws -> [(UUID, SyncRecordState)] {
        try Row.fetchAll(db, sql: "SELECT id, state FROM sync_records WHERE kind = ? ORDER BY id", arguments: [DiveSyncMapping.kind])
            .compactMap { row in
                guard let id = UUID(uuidString: row[0]) else { return nil }
                return (id, try SyncRecordState.decode(row[1]))
            }
    }
}
