public import Foundation
import Logging
import PostgresNIO
import PostgresStorage
public import UmiLogCloud

/// The change log, blobs and storage use. A push locks the account's row, reads its last sequence
/// number and use and the stored changes the push names, decides with `SyncAppendPlan` (the rule
/// the SQLite store uses too), and inserts the new changes in one statement before it updates the
/// account: the whole push or nothing, in one transaction.
extension PostgresSyncStore {
    // MARK: The change log

    public func append(
        _ changes: [IncomingChange], accountID: UUID, deviceID: UUID, at date: Date, quotaBytes: Int64
    ) async throws -> AppendOutcome {
        try await transaction { connection in
            let account = try await lockAccount(connection, accountID)
            let ids = Array(Set(changes.map(\.changeID)))
            var stored: [StoredChangeRecord] = []
            if !ids.isEmpty {
                stored = try await Self.rows(
                    connection,
                    """
                    SELECT seq, change_id, device_id, record_id, kind, schema_version, sealed, received_at FROM \(unescaped: tables.changes)
                    WHERE account_id = \(accountID) AND change_id = ANY(\(ids))
                    """,
                    logger: logger
                ).map(Self.change)
            }
            let plan = SyncAppendPlan(
                changes, stored: stored, lastSeq: account.lastSeq, usedBytes: account.usedBytes, quotaBytes: quotaBytes, deviceID: deviceID,
                at: date)
            guard let last = plan.inserts.last else { return plan.outcome }
            let inserts = plan.inserts
            try await Self.run(
                connection,
                """
                INSERT INTO \(unescaped: tables.changes)
                    (account_id, seq, change_id, device_id, record_id, kind, schema_version, sealed, received_at)
                SELECT \(accountID), s, c, \(deviceID), r, k, v, b, \(date)
                FROM unnest(\(inserts.map(\.seq))::bigint[], \(inserts.map(\.change.changeID))::uuid[],
                    \(inserts.map(\.change.recordID))::uuid[], \(inserts.map(\.change.kind))::text[],
                    \(inserts.map { $0.change.schemaVersion })::bigint[], \(Self.byteArrays(inserts.map(\.change.sealed)))::bytea[])
                    AS t(s, c, r, k, v, b)
                """,
                logger: logger)
            try await Self.run(
                connection,
                """
                UPDATE \(unescaped: tables.accounts) SET last_seq = \(last.seq), used_bytes = used_bytes + \(plan.addedBytes)
                WHERE id = \(accountID)
                """,
                logger: logger)
            return plan.outcome
        }
    }

    public func changes(accountID: UUID, after: Int64, limit: Int, maximumBytes: Int) async throws
        -> (changes: [StoredChangeRecord], hasMore: Bool)
    {
        // Both statements read one snapshot.
        let page = try await transaction(isolation: .repeatableRead, readOnly: true) { connection in
            let sizes = try await Self.rows(
                connection,
                """
                SELECT seq, octet_length(sealed)::bigint FROM \(unescaped: tables.changes)
                WHERE account_id = \(accountID) AND seq > \(after) ORDER BY seq LIMIT \(SyncPageCut.sizesToRead(limit: limit))
                """,
                logger: logger
            ).map { try $0.decode((Int64, Int64).self) }
            let count = SyncPageCut.count(sizes: sizes.map(\.1), limit: limit, maximumBytes: maximumBytes)
            guard count > 0 else { return PageRows(changes: [], hasMore: false) }
            let changes = try await Self.rows(
                connection,
                """
                SELECT seq, change_id, device_id, record_id, kind, schema_version, sealed, received_at FROM \(unescaped: tables.changes)
                WHERE account_id = \(accountID) AND seq > \(after) AND seq <= \(sizes[count - 1].0) ORDER BY seq
                """,
                logger: logger
            ).map(Self.change)
            return PageRows(changes: changes, hasMore: sizes.count > count)
        }
        return (page.changes, page.hasMore)
    }

    private static func change(_ row: PostgresRow) throws -> StoredChangeRecord {
        let (seq, changeID, deviceID, recordID, kind, version, sealed, received) = try row.decode(
            (Int64, UUID, UUID, UUID, String, Int, Data, Date).self)
        return StoredChangeRecord(
            seq: seq, change: IncomingChange(changeID: changeID, recordID: recordID, kind: kind, schemaVersion: version, sealed: sealed),
            deviceID: deviceID, receivedAt: received)
    }

    // MARK: Blobs

    public func recordBlob(accountID: UUID, name: String, cid: String, size: Int64, at date: Date, quotaBytes: Int64)
        async throws -> BlobRecordOutcome
    {
        try await transaction { connection in
            let account = try await lockAccount(connection, accountID)
            let stored = try await Self.rows(
                connection, "SELECT cid FROM \(unescaped: tables.blobs) WHERE account_id = \(accountID) AND name = \(name)", logger: logger)
            if let first = try stored.first?.decode(String.self) { return .alreadyStored(cid: first) }
            guard account.usedBytes + size <= quotaBytes else { return .quotaExceeded }
            try await Self.run(
                connection,
                """
                INSERT INTO \(unescaped: tables.blobs) (account_id, name, cid, size, created_at)
                VALUES (\(accountID), \(name), \(cid), \(size), \(date))
                """,
                logger: logger)
            try await Self.run(
                connection, "UPDATE \(unescaped: tables.accounts) SET used_bytes = used_bytes + \(size) WHERE id = \(accountID)",
                logger: logger)
            return .created
        }
    }

    public func blobCID(accountID: UUID, name: String) async throws -> String? {
        try await transaction(readOnly: true) { connection in
            try await Self.rows(
                connection, "SELECT cid FROM \(unescaped: tables.blobs) WHERE account_id = \(accountID) AND name = \(name)", logger: logger
            ).first?.decode(String.self)
        }
    }

    public func usedBytes(accountID: UUID) async throws -> Int64 {
        try await transaction(readOnly: true) { connection in
            let rows = try await Self.rows(
                connection, "SELECT used_bytes FROM \(unescaped: tables.accounts) WHERE id = \(accountID)", logger: logger)
            guard let used = try rows.first?.decode(Int64.self) else { throw SyncStoreError.noSuchAccount }
            return used
        }
    }
}

/// One page read in one snapshot.
private struct PageRows: Sendable {
    let changes: [StoredChangeRecord]
    let hasMore: Bool
}
