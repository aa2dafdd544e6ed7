public import BudsCloud
public import Foundation
import Logging
import PostgresNIO
import PostgresStorage

/// Device queues. An enqueue holds its circle's row `FOR SHARE` (a roster change waits for it,
/// and it for a roster change) and the advisory lock `queue:<device>` of every recipient, so two
/// envelopes for one device — from any circle, any process — count its queue one after the other.
extension PostgresRelayStore {

    public func enqueue(_ envelope: EnvelopeRecord, recipients: [String], rosterVersion: UInt64, maximumQueue: Int) async throws
        -> EnqueueOutcome
    {
        let devices = QueueRules.distinct(recipients)
        let receivedAt = envelope.receivedAt.timeIntervalSince1970
        return try await transaction { connection in
            // Every refusal is decided before anything is written.
            let circles = try await Self.rows(
                connection, "SELECT version FROM \(unescaped: tables.circles) WHERE circle_id = \(envelope.circleId) FOR SHARE", logger: logger)
            let current = try circles.first.map { UInt64(bitPattern: try $0.decode(Int64.self)) }
            guard current == rosterVersion else { return .staleRoster(currentVersion: current) }
            try await lock(connection, devices.map { "queue:\($0)" })
            let seen = try await Self.rows(connection, "SELECT 1 FROM \(unescaped: tables.envelopes) WHERE id = \(envelope.id)", logger: logger)
            guard seen.isEmpty else { return .duplicate }
            if !devices.isEmpty {
                let counts = try await Self.rows(
                    connection,
                    """
                    SELECT device_id, COUNT(*) FROM \(unescaped: tables.queueEntries) WHERE device_id = ANY(\(devices)) GROUP BY device_id
                    """,
                    logger: logger)
                let byDevice = Dictionary(try counts.map { try $0.decode((String, Int).self) }, uniquingKeysWith: +)
                if let full = devices.first(where: { byDevice[$0, default: 0] >= maximumQueue }) { return .queueFull(deviceId: full) }
            }
            // The same id submitted through another circle holds no lock this one took: the
            // insert waits for that transaction and, once it committed, inserts nothing.
            let bytes = devices.isEmpty ? nil : envelope.bytes
            let inserted = try await Self.rows(
                connection,
                """
                INSERT INTO \(unescaped: tables.envelopes) (id, circle_id, sender_device_id, bytes, received_at)
                VALUES (\(envelope.id), \(envelope.circleId), \(envelope.senderDeviceId), \(bytes), \(receivedAt))
                ON CONFLICT (id) DO NOTHING RETURNING 1
                """,
                logger: logger)
            guard !inserted.isEmpty else { return .duplicate }
            try await Self.run(
                connection,
                """
                INSERT INTO \(unescaped: tables.queueEntries) (device_id, envelope_id, queued_at)
                SELECT device_id, \(envelope.id), \(receivedAt) FROM unnest(\(devices)::text[]) WITH ORDINALITY AS recipient(device_id, position)
                ORDER BY position
                """,
                logger: logger)
            return .queued
        }
    }

    public func inbox(deviceId: String, limit: Int) async throws -> (envelopes: [QueuedEnvelopeRecord], remaining: Int) {
        // One snapshot for the page and the count, so `remaining` is of the same queue.
        let (envelopes, count) = try await transaction(isolation: .repeatableRead, readOnly: true) { connection in
            let rows = try await Self.rows(
                connection,
                """
                SELECT q.entry, e.bytes, q.queued_at FROM \(unescaped: tables.queueEntries) q
                JOIN \(unescaped: tables.envelopes) e ON e.id = q.envelope_id
                WHERE q.device_id = \(deviceId) ORDER BY q.entry LIMIT \(max(0, limit))
                """,
                logger: logger)
            let envelopes = try rows.map { row in
                let (entry, bytes, queuedAt) = try row.decode((Int64, Data?, Double).self)
                guard let bytes else { throw RelayStoreError.corruptRow(table: "envelopes") }
                return QueuedEnvelopeRecord(entry: entry, bytes: bytes, queuedAt: Date(timeIntervalSince1970: queuedAt))
            }
            let count = try await Self.rows(
                connection, "SELECT COUNT(*) FROM \(unescaped: tables.queueEntries) WHERE device_id = \(deviceId)", logger: logger)
            return (envelopes, try count.first?.decode(Int.self) ?? 0)
        }
        return (envelopes, max(0, count - envelopes.count))
    }

    public func acknowledge(deviceId: String, entries ids: [Int64]) async throws {
        guard !ids.isEmpty else { return }
        try await transaction { connection in
            let envelopes = try await Self.rows(
                connection,
                """
                DELETE FROM \(unescaped: tables.queueEntries) WHERE device_id = \(deviceId) AND entry = ANY(\(ids)) RETURNING envelope_id
                """,
                logger: logger
            ).map { try $0.decode(Data.self) }
            try await forgetBytes(of: envelopes, connection)
        }
    }

    public func purge(before date: Date, signInsIdleSince: Date) async throws -> Int {
        let before = date.timeIntervalSince1970
        let idleSince = signInsIdleSince.timeIntervalSince1970
        let numberCutoff = QueueRules.numberCutoff(signInsIdleSince: signInsIdleSince).timeIntervalSince1970
        return try await transaction { connection in
            let removed = try await Self.rows(
                connection,
                """
                WITH removed AS (
                    DELETE FROM \(unescaped: tables.queueEntries)
                    WHERE queued_at < \(before)
                    OR envelope_id IN (SELECT id FROM \(unescaped: tables.envelopes) WHERE received_at < \(before))
                    RETURNING 1
                )
                SELECT COUNT(*) FROM removed
                """,
                logger: logger)
            try await Self.run(connection, "DELETE FROM \(unescaped: tables.envelopes) WHERE received_at < \(before)", logger: logger)
            try await Self.run(connection, "DELETE FROM \(unescaped: tables.links) WHERE expires_at <= \(before)", logger: logger)
            try await Self.run(connection, "DELETE FROM \(unescaped: tables.invites) WHERE expires_at <= \(before)", logger: logger)
            try await Self.run(connection, "DELETE FROM \(unescaped: tables.joinRequests) WHERE created_at < \(before)", logger: logger)
            try await Self.run(connection, "DELETE FROM \(unescaped: tables.sessions) WHERE last_action_at <= \(idleSince)", logger: logger)
            try await Self.run(
                connection,
                """
                DELETE FROM \(unescaped: tables.numbers)
                WHERE consecutive_failures = 0 AND (last_send_at IS NULL OR last_send_at <= \(numberCutoff))
                """,
                logger: logger)
            return try removed.first?.decode(Int.self) ?? 0
        }
    }

    /// Removes the queues of `deviceIds` (devices a list left out).
    func dropQueues(of deviceIds: [String], _ connection: PostgresConnection) async throws {
        let envelopes = try await Self.rows(
            connection,
            "DELETE FROM \(unescaped: tables.queueEntries) WHERE device_id = ANY(\(deviceIds)) RETURNING envelope_id",
            logger: logger
        ).map { try $0.decode(Data.self) }
        try await forgetBytes(of: envelopes, connection)
    }

    /// Empties the bytes of those of `envelopes` no queue holds any more (their ids stay, so a
    /// resubmission is still refused).
    ///
    /// The envelopes' rows are locked first (in id order): two devices acknowledging an
    /// envelope's last two entries at once then take turns, and the second sees the first's
    /// deletion, so one of them empties the bytes.
    func forgetBytes(of envelopes: [Data], _ connection: PostgresConnection) async throws {
        guard !envelopes.isEmpty else { return }
        let ids = Self.byteArrays(Set(envelopes))
        try await Self.run(
            connection, "SELECT 1 FROM \(unescaped: tables.envelopes) WHERE id = ANY(\(ids)) ORDER BY id FOR UPDATE", logger: logger)
        try await Self.run(
            connection,
            """
            UPDATE \(unescaped: tables.envelopes) e SET bytes = NULL
            WHERE e.id = ANY(\(ids)) AND e.bytes IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM \(unescaped: tables.queueEntries) q WHERE q.envelope_id = e.id)
            """,
            logger: logger)
    }
}
