public import Foundation
import GRDB
import SQLiteStorage

extension SQLiteSyncStore {
    // MARK: The change log

    public func append(
        _ changes: [IncomingChange], accountID: UUID, deviceID: UUID, at date: Date, quotaBytes: Int64
    ) async throws -> AppendOutcome {
        try await decide { db in
            let id = accountID.storedText
            guard let account = try Row.fetchOne(db, sql: "SELECT last_seq, used_bytes FROM accounts WHERE id = ?", arguments: [id])
            else { throw SyncStoreError.noSuchAccount }
            let plan = SyncAppendPlan(
                changes, stored: try Self.storedChanges(ids: changes.map(\.changeID), accountID: accountID, db), lastSeq: account[0],
                usedBytes: account[1], quotaBytes: quotaBytes, deviceID: deviceID, at: date)
            guard let last = plan.inserts.last else { return plan.outcome }
            let insert = try db.cachedStatement(
                sql: """
                    INSERT INTO changes (account_id, seq, change_id, device_id, record_id, kind, schema_version, sealed, received_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
            for record in plan.inserts {
                let change = record.change
                try insert.execute(arguments: [
                    id, record.seq, change.changeID.storedText, record.deviceID.storedText, change.recordID.storedText, change.kind,
                    change.schemaVersion, change.sealed, record.receivedAt.timeIntervalSince1970,
                ])
            }
            try db.execute(
                sql: "UPDATE accounts SET last_seq = ?, used_bytes = used_bytes + ? WHERE id = ?", arguments: [last.seq, plan.addedBytes, id])
            return plan.outcome
        }
    }

    public func changes(accountID: UUID, after: Int64, limit: Int, maximumBytes: Int) async throws
        -> (changes: [StoredChangeRecord], hasMore: Bool)
    {
        let page = try await read { db in
            let id = accountID.storedText
            let sizes = try Row.fetchAll(
                db, sql: "SELECT seq, length(sealed) FROM changes WHERE account_id = ? AND seq > ? ORDER BY seq LIMIT ?",
                arguments: [id, after, SyncPageCut.sizesToRead(limit: limit)])
            let count = SyncPageCut.count(sizes: sizes.map { $0[1] }, limit: limit, maximumBytes: maximumBytes)
            guard count > 0 else { return PageRows(changes: [], hasMore: false) }
            let last: Int64 = sizes[count - 1][0]
            let changes = try Row.fetchAll(
                db,
                sql: """
                    SELECT seq, change_id, device_id, record_id, kind, schema_version, sealed, received_at FROM changes
                    WHERE account_id = ? AND seq > ? AND seq <= ? ORDER BY seq
                    """,
                arguments: [id, after, last]
            ).map(Self.change)
            return PageRows(changes: changes, hasMore: sizes.count > count)
        }
        return (page.changes, page.hasMore)
    }

    /// The log's changes among `ids`.
    static func storedChanges(ids: [UUID], accountID: UUID, _ db: Database) throws -> [StoredChangeRecord] {
        guard !ids.isEmpty else { return [] }
        let texts = Set(ids.map(\.storedText)).sorted()
        return try Row.fetchAll(
            db,
            sql: """
                SELECT seq, change_id, device_id, record_id, kind, schema_version, sealed, received_at FROM changes
                WHERE account_id = ? AND change_id IN (SELECT value FROM json_each(?))
                """,
            arguments: [accountID.storedText, try Self.jsonArray(texts)]
        ).map(Self.change)
    }

    private static func jsonArray(_ texts: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(texts), as: UTF8.self)
    }

    private static func change(_ row: Row) throws -> StoredChangeRecord {
        let change = IncomingChange(
            changeID: try uuid(row, 1, table: "changes"), recordID: try uuid(row, 3, table: "changes"), kind: row[4],
            schemaVersion: row[5], sealed: row[6])
        return StoredChangeRecord(seq: row[0], change: change, deviceID: try uuid(row, 2, table: "changes"), receivedAt: date(row[7]))
    }

    // MARK: Blobs

    public func recordBlob(accountID: UUID, name: String, cid: String, size: Int64, at date: Date, quotaBytes: Int64)
        async throws -> BlobRecordOutcome
    {
        try await decide { db in
            let id = accountID.storedText
            guard let used = try Int64.fetchOne(db, sql: "SELECT used_bytes FROM accounts WHERE id = ?", arguments: [id]) else {
                throw SyncStoreError.noSuchAccount
            }
            if let stored = try String.fetchOne(db, sql: "SELECT cid FROM blobs WHERE account_id = ? AND name = ?", arguments: [id, name]) {
                return .alreadyStored(cid: stored)
            }
            guard used + size <= quotaBytes else { return .quotaExceeded }
            try db.execute(
                sql: "INSERT INTO blobs (account_id, name, cid, size, created_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [id, name, cid, size, date.timeIntervalSince1970])
            try db.execute(sql: "UPDATE accounts SET used_bytes = used_bytes + ? WHERE id = ?", arguments: [size, id])
            return .created
        }
    }

    public func blobCID(accountID: UUID, name: String) async throws -> String? {
        try await read { db in
            try String.fetchOne(db, sql: "SELECT cid FROM blobs WHERE account_id = ? AND name = ?", arguments: [accountID.storedText, name])
        }
    }

    public func usedBytes(accountID: UUID) async throws -> Int64 {
        try await read { db in
            guard let used = try Int64.fetchOne(db, sql: "SELECT used_bytes FROM accounts WHERE id = ?", arguments: [accountID.storedText])
            else { throw SyncStoreError.noSuchAccount }
            return used
        }
    }
}

/// One page read in one snapshot.
private struct PageRows: Sendable {
    let changes: [StoredChangeRecord]
    let hasMore: Bool
}
