public import Foundation
import GRDB
import SQLiteStorage

/// Device queues: enqueueing, reading, acknowledging, and the purge of what expired.
extension SQLiteRelayStore {

    public func enqueue(_ envelope: EnvelopeRecord, recipients: [String], rosterVersion: UInt64, maximumQueue: Int) async throws
        -> EnqueueOutcome
    {
        try await writer.immediateWrite { db in
            // Every refusal is decided before anything is written.
            let current = try Int64.fetchOne(db, sql: "SELECT version FROM circles WHERE circle_id = ?", arguments: [envelope.circleId])
                .map { UInt64(bitPattern: $0) }
            guard current == rosterVersion else { return .staleRoster(currentVersion: current) }
            let seen = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM envelopes WHERE id = ?)", arguments: [envelope.id]) ?? false
            guard !seen else { return .duplicate }
            let devices = QueueRules.distinct(recipients)
            for device in devices {
                let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM queue_entries WHERE device_id = ?", arguments: [device]) ?? 0
                guard count < maximumQueue else { return .queueFull(deviceId: device) }
            }
            try db.execute(
                sql: "INSERT INTO envelopes (id, circle_id, sender_device_id, bytes, received_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    envelope.id, envelope.circleId, envelope.senderDeviceId, devices.isEmpty ? nil : envelope.bytes,
                    envelope.receivedAt.timeIntervalSince1970,
                ])
            for device in devices {
                try db.execute(
                    sql: "INSERT INTO queue_entries (device_id, envelope_id, queued_at) VALUES (?, ?, ?)",
                    arguments: [device, envelope.id, envelope.receivedAt.timeIntervalSince1970])
            }
            return .queued
        }
    }

    public func inbox(deviceId: String, limit: Int) async throws -> (envelopes: [QueuedEnvelopeRecord], remaining: Int) {
        try await writer.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT q.entry, e.bytes, q.queued_at FROM queue_entries q JOIN envelopes e ON e.id = q.envelope_id
                    WHERE q.device_id = ? ORDER BY q.entry LIMIT ?
                    """,
                arguments: [deviceId, max(0, limit)])
            let envelopes = try rows.map { row in
                guard let bytes = row[1] as Data? else { throw RelayStoreError.corruptRow(table: "envelopes") }
                return QueuedEnvelopeRecord(
                    entry: try row.decode(Int64.self, atIndex: 0), bytes: bytes,
                    queuedAt: Date(timeIntervalSince1970: try row.decode(Double.self, atIndex: 2)))
            }
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM queue_entries WHERE device_id = ?", arguments: [deviceId]) ?? 0
            return (envelopes, max(0, count - envelopes.count))
        }
    }

    public func acknowledge(deviceId: String, entries ids: [Int64]) async throws {
        guard !ids.isEmpty else { return }
        try await writer.write { db in
            let envelopes = try SQLRequest<Data>(
                literal: "SELECT DISTINCT envelope_id FROM queue_entries WHERE device_id = \(deviceId) AND entry IN \(ids)"
            ).fetchAll(db)
            try db.execute(literal: "DELETE FROM queue_entries WHERE device_id = \(deviceId) AND entry IN \(ids)")
            try Self.forgetBytes(of: envelopes, db)
        }
    }

    public func purge(before date: Date, signInsIdleSince: Date) async throws -> Int {
        let before = date.timeIntervalSince1970
        let idleSince = signInsIdleSince.timeIntervalSince1970
        return try await writer.write { db in
            try db.execute(
                sql: """
                    DELETE FROM queue_entries
                    WHERE queued_at < ?1 OR envelope_id IN (SELECT id FROM envelopes WHERE received_at < ?1)
                    """,
                arguments: [before])
            let removed = db.changesCount
            try db.execute(sql: "DELETE FROM envelopes WHERE received_at < ?", arguments: [before])
            try db.execute(sql: "DELETE FROM links WHERE expires_at <= ?", arguments: [before])
            try db.execute(sql: "DELETE FROM invites WHERE expires_at <= ?", arguments: [before])
            try db.execute(sql: "DELETE FROM join_requests WHERE created_at < ?", arguments: [before])
            try db.execute(sql: "DELETE FROM sign_in_sessions WHERE last_action_at <= ?", arguments: [idleSince])
            try db.execute(
                sql: """
                    DELETE FROM sign_in_numbers
                    WHERE consecutive_failures = 0 AND (last_send_at IS NULL OR last_send_at <= ?)
                    """,
                arguments: [QueueRules.numberCutoff(signInsIdleSince: signInsIdleSince).timeIntervalSince1970])
            return removed
        }
    }

    /// Removes the queues of `deviceIds` (devices a list left out).
    static func dropQueues(of deviceIds: [String], _ db: Database) throws {
        let envelopes = try SQLRequest<Data>(literal: "SELECT DISTINCT envelope_id FROM queue_entries WHERE device_id IN \(deviceIds)").fetchAll(db)
        try db.execute(literal: "DELETE FROM queue_entries WHERE device_id IN \(deviceIds)")
        try forgetBytes(of: envelopes, db)
    }

    /// Empties the bytes of those of `envelopes` no queue holds any more (their ids stay, so a
    /// resubmission is still refused).
    static func forgetBytes(of envelopes: [Data], _ db: Database) throws {
        guard !envelopes.isEmpty else { return }
        try db.execute(
            literal: """
                UPDATE envelopes SET bytes = NULL
                WHERE id IN \(envelopes) AND bytes IS NOT NULL
                AND NOT EXISTS (SELECT 1 FROM queue_entries WHERE queue_entries.envelope_id = envelopes.id)
                """)
    }
}

/// Queue and purge rules both stores share.
package enum QueueRules {
    /// `recipients` in their order, each once: one queue entry per device.
    package static func distinct(_ recipients: [String]) -> [String] {
        var seen: Set<String> = []
        return recipients.filter { seen.insert($0).inserted }
    }

    /// Number records whose newest send is this old or older have nothing left to limit (the
    /// daily cap counts the last 24 hours). Measured from `signInsIdleSince`, the purge's
    /// nearest date to now, so a record is kept a little longer rather than dropped early.
    package static func numberCutoff(signInsIdleSince: Date) -> Date {
        signInsIdleSince.addingTimeInterval(-86_400)
    }
}
