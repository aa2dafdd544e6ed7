public import Foundation
import GRDB
import SQLiteStorage

extension SQLiteLedgerStore: RendezvousStore {
    public func storeMessage(_ message: RendezvousMessage, at date: Date) async throws -> RendezvousSendOutcome {
        try await writer.immediateWrite { db in
            let key = message.rendezvous.rawValue
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT stream_expires_at, grabbed_by, grab_message FROM rendezvous WHERE key = ?"), arguments: [key])
            if case .grab(let requestor) = message.kind {
                // The grabber's retry (its answer was lost) is answered as the first time, even
                // after the giver closed the stream on receiving that grab.
                if let row, row[1] as String? == requestor.rawValue, let first = row[2] as Data? { return .stored(id: first) }
                // Someone else's grab came first: the bill is theirs, whether or not the giver
                // has closed the stream since (it does once it has paid them).
                if let row, row[1] as String? != nil { return .alreadyGrabbed }
                guard let row, let expiresAt = row[0] as Double?, expiresAt > date.timeIntervalSince1970 else { return .noActiveStream }
            }
            let pending =
                try Int.fetchOne(
                    db.cachedStatement(sql: "SELECT count(*) FROM rendezvous_messages WHERE rendezvous = ? AND acked = 0"), arguments: [key]) ?? 0
            guard pending < RendezvousRules.maximumPendingMessages else { return .full }
            try db.cachedStatement(
                sql: """
                    INSERT INTO rendezvous (key, last_message_at) VALUES (?, ?)
                    ON CONFLICT (key) DO UPDATE SET last_message_at = max(last_message_at, excluded.last_message_at)
                    """
            ).execute(arguments: [key, date.timeIntervalSince1970])
            var requestor: String?
            if case .grab(let owner) = message.kind {
                requestor = owner.rawValue
                try db.cachedStatement(sql: "UPDATE rendezvous SET grabbed_by = ?, grab_message = ? WHERE key = ?")
                    .execute(arguments: [owner.rawValue, message.id, key])
            }
            try db.cachedStatement(
                sql: "INSERT INTO rendezvous_messages (id, rendezvous, kind, requestor, body, sent_at) VALUES (?, ?, ?, ?, ?, ?)"
            ).execute(arguments: [message.id, key, requestor == nil ? "give" : "grab", requestor, message.body, message.sentAt.timeIntervalSince1970])
            return .stored(id: message.id)
        }
    }

    public func pendingMessages(for rendezvous: RendezvousID, limit: Int) async throws -> [RendezvousMessage] {
        try await writer.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT id, kind, requestor, body, sent_at FROM rendezvous_messages
                        WHERE rendezvous = ? AND acked = 0 ORDER BY seq LIMIT ?
                        """),
                arguments: [rendezvous.rawValue, max(0, limit)]
            ).map { row in try Self.decodeMessage(row, rendezvous: rendezvous) }
        }
    }

    public func acknowledgeMessages(_ ids: [Data], for rendezvous: RendezvousID) async throws {
        guard !ids.isEmpty else { return }
        try await writer.immediateWrite { db in
            for id in ids {
                try db.cachedStatement(sql: "UPDATE rendezvous_messages SET acked = 1 WHERE id = ? AND rendezvous = ?")
                    .execute(arguments: [id, rendezvous.rawValue])
            }
        }
    }

    public func holdStream(_ rendezvous: RendezvousID, holder: String, at date: Date) async throws -> Bool {
        try await writer.immediateWrite { db in
            let now = date.timeIntervalSince1970
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT holder, stream_expires_at FROM rendezvous WHERE key = ?"), arguments: [rendezvous.rawValue])
            if let row, let current = row[0] as String?, current != holder, let expiresAt = row[1] as Double?, expiresAt > now {
                return false
            }
            try db.cachedStatement(
                sql: """
                    INSERT INTO rendezvous (key, holder, stream_expires_at, last_message_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (key) DO UPDATE SET holder = excluded.holder, stream_expires_at = excluded.stream_expires_at
                    """
            ).execute(arguments: [rendezvous.rawValue, holder, now + RendezvousRules.streamLifetime, now])
            return true
        }
    }

    public func releaseStream(_ rendezvous: RendezvousID, holder: String) async throws {
        try await writer.immediateWrite { db in
            try db.cachedStatement(sql: "UPDATE rendezvous SET holder = NULL, stream_expires_at = NULL WHERE key = ? AND holder = ?")
                .execute(arguments: [rendezvous.rawValue, holder])
        }
    }

    public func purgeRendezvous(at date: Date) async throws -> Int {
        try await writer.immediateWrite { db in
            let now = date.timeIntervalSince1970
            try db.cachedStatement(
                sql: """
                    DELETE FROM rendezvous WHERE last_message_at <= ?
                        AND (stream_expires_at IS NULL OR stream_expires_at <= ?)
                    """
            ).execute(arguments: [now - RendezvousRules.messageLifetime, now])
            return db.changesCount
        }
    }

    static func decodeMessage(_ row: Row, rendezvous: RendezvousID) throws -> RendezvousMessage {
        let id: Data = row[0]
        let kind: RendezvousMessage.Kind
        switch (row[1] as String, row[2] as String?) {
        case ("give", nil): kind = .give
        case ("grab", let requestor?): kind = .grab(requestor: OwnerID(requestor))
        default: throw LedgerStoreError.corruptRow(table: "rendezvous_messages", id: id.base64EncodedString())
        }
        return RendezvousMessage(id: id, rendezvous: rendezvous, kind: kind, body: row[3], sentAt: Date(timeIntervalSince1970: row[4]))
    }
}
