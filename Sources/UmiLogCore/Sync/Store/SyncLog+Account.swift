import DAGCBOR
public import Foundation
import GRDB
import SQLiteStorage

/// The account this store syncs with, and what a backup carries.
extension SyncLog {
    /// The account and server this store syncs with, if it has joined one.
    public func account() async throws(UmiLogError) -> (accountID: UUID, server: URL)? {
        try await database.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT account_id, server_url FROM sync_device"),
                let account = (row[0] as String?).flatMap(UUID.init(uuidString:)),
                let server = (row[1] as String?).flatMap(URL.init(string:))
            else { return nil }
            return (account, server)
        }
    }

    /// Records the account and server this store syncs with.
    public func setAccount(_ accountID: UUID, server: URL) async throws(UmiLogError) {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE sync_device SET account_id = ?, server_url = ? WHERE singleton = 1",
                arguments: [accountID.uuidString.lowercased(), server.absoluteString])
        }
    }

    /// Records the server to use from now on (`umilog sync --server`).
    public func setServer(_ server: URL) async throws(UmiLogError) {
        try await database.write { db in
            try db.execute(sql: "UPDATE sync_device SET server_url = ? WHERE singleton = 1", arguments: [server.absoluteString])
        }
    }

    /// Notes a sync that finished.
    public func markSyncFinished(at date: Date) async throws(UmiLogError) {
        try await database.write { db in
            try db.execute(sql: "UPDATE sync_device SET last_sync_at = ? WHERE singleton = 1", arguments: [date.timeIntervalSince1970])
        }
    }

    // MARK: Backups

    /// Everything the store's log is made of, as one DAG-CBOR value: every change (this
    /// device's and others'), the ids of those not yet on the server, and every profile. A store
    /// that takes it in has the same log, merged by the same rules.
    public func backupPayload() async throws(UmiLogError) -> Data {
        try await database.read { db in
            let changes = try Data.fetchAll(db, sql: "SELECT body FROM sync_changes ORDER BY hlc, id").map(DAGCBORValue.bytes)
            let pending = try String.fetchAll(db, sql: "SELECT id FROM sync_changes WHERE status != 'synced' ORDER BY id")
                .map(DAGCBORValue.text)
            let profiles = try Data.fetchAll(db, sql: "SELECT samples FROM sync_profiles ORDER BY digest").map(DAGCBORValue.bytes)
            do {
                return try DAGCBORValue.map(
                    DAGCBORMap(["changes": .array(changes), "pending": .array(pending), "profiles": .array(profiles)])
                ).encoded()
            } catch {
                throw UmiLogError.storeFailed(reason: "the backup could not be encoded")
            }
        }
    }

    /// Takes in a backup's payload: its profiles, then its changes (merged as from any other
    /// device, so restoring into a store that has a log merges the two), in one transaction;
    /// changes the backup had not synced go back into the outbox. Returns how many changes were
    /// new here.
    @discardableResult
    public func restore(payload: Data) async throws(UmiLogError) -> Int {
        guard case .map(let map)? = try? DAGCBORValue.decode(payload), case .array(let changes)? = map["changes"],
            case .array(let pending)? = map["pending"], case .array(let profiles)? = map["profiles"]
        else { throw .storeFailed(reason: "the backup's contents are not an UmiLog log") }
        var decoded: [(change: SyncChange, seq: Int64)] = []
        for value in changes {
            guard let bytes = value.bytesValue, let change = try? SyncChange.decode(bytes) else {
                throw .storeFailed(reason: "the backup holds a change this version cannot read")
            }
            decoded.append((change, 0))
        }
        let pendingIDs = pending.compactMap(\.textValue)
        let changesToTake = decoded
        let now = now
        return try await database.write { db in
            for profile in profiles {
                guard let bytes = profile.bytesValue, case .array? = try? DAGCBORValue.decode(bytes) else {
                    throw UmiLogError.storeFailed(reason: "the backup holds a profile this version cannot read")
                }
                try SyncLedger.storeProfile(bytes, db)
            }
            let summary = try SyncLedger.receive(changesToTake, cursor: 0, fromServer: false, at: now(), db)
            for id in pendingIDs {
                try db.execute(
                    sql: "UPDATE sync_changes SET status = 'saved', origin = 'local' WHERE id = ? AND seq = 0", arguments: [id])
            }
            try db.execute(sql: "UPDATE sync_changes SET seq = NULL WHERE seq = 0")
            return summary.applied
        }
    }
}
