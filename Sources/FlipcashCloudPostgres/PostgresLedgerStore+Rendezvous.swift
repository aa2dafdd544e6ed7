public import FlipcashCloud
public import Foundation
import PostgresNIO
import PostgresStorage

extension PostgresLedgerStore: RendezvousStore {
    /// The `LISTEN`/`NOTIFY` channel on which this schema's stores announce a stored message, the
    /// rendezvous key as the payload (``PostgresRendezvousSignal`` listens on it):
    /// `flipcash_rendezvous_<schema>`, or, when that is longer than PostgreSQL's 63-byte
    /// identifiers, the schema name cut short and followed by a hash of all of it.
    public var rendezvousChannel: String {
        let prefix = "flipcash_rendezvous_"
        let whole = prefix + schema.rawValue
        guard whole.utf8.count > 63 else { return whole }
        let hash = String(UInt64(bitPattern: schema.advisoryLockKey("rendezvous-channel")), radix: 16)
        return prefix + schema.rawValue.prefix(63 - prefix.utf8.count - 1 - 16) + "_" + hash
    }

    /// One transaction that locks the rendezvous row (`FOR UPDATE`; a give first creates it, a
    /// grab without it is refused) and then keeps the SQLite store's rules: of two concurrent
    /// grabs, the second reads the first one's row once it has committed. The `NOTIFY` leaves
    /// with the commit, so no app-server looks before the message is there.
    public func storeMessage(_ message: RendezvousMessage, at date: Date) async throws -> RendezvousSendOutcome {
        let key = message.rendezvous.rawValue
        let now = date.timeIntervalSince1970
        let requestor: String? =
            switch message.kind {
            case .give: nil
            case .grab(let owner): owner.rawValue
            }
        return try await client.withRetryingTransaction(logger: logger) { (connection: PostgresConnection) async throws -> RendezvousSendOutcome in
            if requestor == nil {
                try await connection.query(
                    "INSERT INTO \(unescaped: rendezvousTable) (key, last_message_at) VALUES (\(key), \(now)) ON CONFLICT (key) DO NOTHING",
                    logger: logger)
            }
            let row = try await connection.query(
                "SELECT stream_expires_at, grabbed_by, grab_message FROM \(unescaped: rendezvousTable) WHERE key = \(key) FOR UPDATE",
                logger: logger
            ).collect().first
            if let requestor {
                guard let row else { return .noActiveStream }
                let (expiresAt, grabbedBy, first) = try row.decode((Double?, String?, ByteBuffer?).self)
                // The grabber's retry (its answer was lost) is answered as the first time, even
                // after the giver closed the stream on receiving that grab.
                if grabbedBy == requestor, let first { return .stored(id: Data(first.readableBytesView)) }
                // Someone else's grab came first: the bill is theirs, whether or not the giver
                // has closed the stream since (it does once it has paid them).
                if grabbedBy != nil { return .alreadyGrabbed }
                guard let expiresAt, expiresAt > now else { return .noActiveStream }
            }
            let pending =
                try await connection.query(
                    "SELECT count(*) FROM \(unescaped: rendezvousMessages) WHERE rendezvous = \(key) AND NOT acked", logger: logger
                ).collect().first?.decode(Int64.self) ?? 0
            guard pending < Int64(RendezvousRules.maximumPendingMessages) else { return .full }
            try await connection.query(
                """
                INSERT INTO \(unescaped: rendezvousTable) AS r (key, last_message_at) VALUES (\(key), \(now))
                ON CONFLICT (key) DO UPDATE SET last_message_at = greatest(r.last_message_at, excluded.last_message_at)
                """, logger: logger)
            if let requestor {
                try await connection.query(
                    """
                    UPDATE \(unescaped: rendezvousTable) SET grabbed_by = \(requestor), grab_message = \(ByteBuffer(bytes: message.id))
                    WHERE key = \(key)
                    """, logger: logger)
            }
            try await connection.query(
                """
                INSERT INTO \(unescaped: rendezvousMessages) (id, rendezvous, kind, requestor, body, sent_at)
                VALUES (\(ByteBuffer(bytes: message.id)), \(key), \(requestor == nil ? "give" : "grab"), \(requestor),
                        \(ByteBuffer(bytes: message.body)), \(message.sentAt.timeIntervalSince1970))
                """, logger: logger)
            try await connection.query("SELECT pg_notify(\(rendezvousChannel), \(key))", logger: logger)
            return .stored(id: message.id)
        }
    }

    public func pendingMessages(for rendezvous: RendezvousID, limit: Int) async throws -> [RendezvousMessage] {
        try await client.withConnection { connection in
            try await connection.query(
                """
                SELECT id, kind, requestor, body, sent_at FROM \(unescaped: rendezvousMessages)
                WHERE rendezvous = \(rendezvous.rawValue) AND NOT acked ORDER BY seq LIMIT \(max(0, limit))
                """, logger: logger
            ).collect().map { row in try Self.decodeMessage(row, rendezvous: rendezvous) }
        }
    }

    public func acknowledgeMessages(_ ids: [Data], for rendezvous: RendezvousID) async throws {
        guard !ids.isEmpty else { return }
        let ids = ids.map { ByteBuffer(bytes: $0) }
        try await client.withConnection { connection in
            _ = try await connection.query(
                "UPDATE \(unescaped: rendezvousMessages) SET acked = true WHERE rendezvous = \(rendezvous.rawValue) AND id = ANY(\(ids))",
                logger: logger)
        }
    }

    /// One statement: the upsert locks the row and decides on its newest version, so of two
    /// holders at once exactly one takes it.
    public func holdStream(_ rendezvous: RendezvousID, holder: String, at date: Date) async throws -> Bool {
        let now = date.timeIntervalSince1970
        return try await client.withConnection { connection in
            let rows = try await connection.query(
                """
                INSERT INTO \(unescaped: rendezvousTable) AS r (key, holder, stream_expires_at, last_message_at)
                VALUES (\(rendezvous.rawValue), \(holder), \(now + RendezvousRules.streamLifetime), \(now))
                ON CONFLICT (key) DO UPDATE SET holder = excluded.holder, stream_expires_at = excluded.stream_expires_at
                WHERE r.holder IS NULL OR r.holder = excluded.holder OR r.stream_expires_at IS NULL OR r.stream_expires_at <= \(now)
                RETURNING true
                """, logger: logger
            ).collect()
            return !rows.isEmpty
        }
    }

    public func releaseStream(_ rendezvous: RendezvousID, holder: String) async throws {
        try await client.withConnection { connection in
            _ = try await connection.query(
                """
                UPDATE \(unescaped: rendezvousTable) SET holder = NULL, stream_expires_at = NULL
                WHERE key = \(rendezvous.rawValue) AND holder = \(holder)
                """, logger: logger)
        }
    }

    public func purgeRendezvous(at date: Date) async throws -> Int {
        let now = date.timeIntervalSince1970
        return try await client.withRetryingTransaction(logger: logger) { connection in
            let rows = try await connection.query(
                """
                WITH purged AS (
                    DELETE FROM \(unescaped: rendezvousTable) WHERE last_message_at <= \(now - RendezvousRules.messageLifetime)
                        AND (stream_expires_at IS NULL OR stream_expires_at <= \(now))
                    RETURNING 1
                )
                SELECT count(*) FROM purged
                """, logger: logger
            ).collect()
            return Int(try rows.first?.decode(Int64.self) ?? 0)
        }
    }

    private static func decodeMessage(_ row: PostgresRow, rendezvous: RendezvousID) throws -> RendezvousMessage {
        let (idBytes, kindName, requestor, body, sentAt) = try row.decode((ByteBuffer, String, String?, ByteBuffer, Double).self)
        let id = Data(idBytes.readableBytesView)
        let kind: RendezvousMessage.Kind
        switch (kindName, requestor) {
        case ("give", nil): kind = .give
        case ("grab", let requestor?): kind = .grab(requestor: OwnerID(requestor))
        default: throw LedgerStoreError.corruptRow(table: "rendezvous_messages", id: id.base64EncodedString())
        }
        return RendezvousMessage(
            id: id, rendezvous: rendezvous, kind: kind, body: Data(body.readableBytesView), sentAt: Date(timeIntervalSince1970: sentAt))
    }
}
