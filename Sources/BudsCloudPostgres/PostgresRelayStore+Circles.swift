public import BudsCloud
public import Foundation
import Logging
import PostgresNIO
import PostgresStorage

/// Circles: rosters, invitations and join requests. A roster change locks its circle's row
/// `FOR UPDATE`; a join locks its invitation's row, then holds the circle's `FOR SHARE` while it
/// looks at the members, so it sees a roster change entirely or not at all.
extension PostgresRelayStore {

    public func putRoster(_ roster: RosterRecord, replacing: UInt64?, by device: RelayDevice) async throws -> RosterOutcome {
        let members = RosterDecision.members(of: roster)
        let version = Int64(bitPattern: roster.version)
        return try await transaction { connection in
            let stored = try await lockCircle(connection, roster.circleId)
            let outcome = RosterDecision.decide(roster, replacing: replacing, by: device, stored: stored)
            guard outcome == .stored else { return outcome }
            if stored == nil {
                // A concurrent creation of the same id may have committed since the read: the
                // insert waits for it, then finds its row and the rules answer from that.
                let inserted = try await Self.rows(
                    connection,
                    """
                    INSERT INTO \(unescaped: tables.circles) (circle_id, owner, version, roster)
                    VALUES (\(roster.circleId), \(roster.ownerDID), \(version), \(roster.bytes))
                    ON CONFLICT (circle_id) DO NOTHING RETURNING 1
                    """,
                    logger: logger)
                if inserted.isEmpty {
                    return RosterDecision.decide(roster, replacing: replacing, by: device, stored: try await lockCircle(connection, roster.circleId))
                }
            } else {
                try await Self.run(
                    connection,
                    "UPDATE \(unescaped: tables.circles) SET version = \(version), roster = \(roster.bytes) WHERE circle_id = \(roster.circleId)",
                    logger: logger)
            }
            try await Self.run(connection, "DELETE FROM \(unescaped: tables.members) WHERE circle_id = \(roster.circleId)", logger: logger)
            try await Self.run(
                connection,
                """
                INSERT INTO \(unescaped: tables.members) (circle_id, did, position)
                SELECT \(roster.circleId), did, position - 1 FROM unnest(\(members)::text[]) WITH ORDINALITY AS member(did, position)
                """,
                logger: logger)
            try await Self.run(
                connection,
                "DELETE FROM \(unescaped: tables.joinRequests) WHERE circle_id = \(roster.circleId) AND did = ANY(\(members))",
                logger: logger)
            return .stored
        }
    }

    /// The circle's owner and version, its row locked `FOR UPDATE` until commit.
    private func lockCircle(_ connection: PostgresConnection, _ circleId: Data) async throws -> (owner: String, version: UInt64)? {
        let rows = try await Self.rows(
            connection, "SELECT owner, version FROM \(unescaped: tables.circles) WHERE circle_id = \(circleId) FOR UPDATE", logger: logger)
        return try rows.first.map { row in
            let (owner, version) = try row.decode((String, Int64).self)
            return (owner, UInt64(bitPattern: version))
        }
    }

    public func roster(circleId: Data) async throws -> RosterRecord? {
        // One snapshot for the circle and its members, so they are of one roster.
        try await transaction(isolation: .repeatableRead, readOnly: true) { connection in
            let rows = try await Self.rows(
                connection, "SELECT owner, version, roster FROM \(unescaped: tables.circles) WHERE circle_id = \(circleId)", logger: logger)
            guard let row = rows.first else { return nil }
            let (owner, version, bytes) = try row.decode((String, Int64, Data).self)
            let members = try await Self.rows(
                connection, "SELECT did FROM \(unescaped: tables.members) WHERE circle_id = \(circleId) ORDER BY position", logger: logger
            ).map { try $0.decode(String.self) }
            return RosterRecord(circleId: circleId, version: UInt64(bitPattern: version), ownerDID: owner, memberDIDs: members, bytes: bytes)
        }
    }

    public func createInvite(inviteId: Data, circleId: Data, by device: RelayDevice, expiresAt: Date) async throws -> InviteOutcome {
        try await transaction { connection in
            // A circle's owner never changes, so no lock is needed to read it.
            let owner = try await Self.rows(
                connection, "SELECT owner FROM \(unescaped: tables.circles) WHERE circle_id = \(circleId)", logger: logger)
            guard try owner.first?.decode(String.self) == device.did else { return .forbidden }
            let inserted = try await Self.rows(
                connection,
                """
                INSERT INTO \(unescaped: tables.invites) (invite_id, circle_id, expires_at)
                VALUES (\(inviteId), \(circleId), \(expiresAt.timeIntervalSince1970))
                ON CONFLICT (invite_id) DO NOTHING RETURNING 1
                """,
                logger: logger)
            return inserted.isEmpty ? .duplicate : .created
        }
    }

    public func join(inviteId: Data, did: String, request: Data, at date: Date) async throws -> JoinOutcome {
        try await transaction { connection in
            // A second join of the invitation waits here for the first to commit, then sees it used.
            let invites = try await Self.rows(
                connection,
                """
                SELECT circle_id, used_at IS NOT NULL FROM \(unescaped: tables.invites)
                WHERE invite_id = \(inviteId) AND expires_at > \(date.timeIntervalSince1970) FOR UPDATE
                """,
                logger: logger)
            guard let invite = invites.first else { return .unknown }
            let (circleId, used) = try invite.decode((Data, Bool).self)
            guard !used else { return .used }
            // The circle's row first (a roster change in flight commits before), then the members
            // in a statement of their own, whose snapshot includes that change.
            try await Self.run(
                connection, "SELECT 1 FROM \(unescaped: tables.circles) WHERE circle_id = \(circleId) FOR SHARE", logger: logger)
            let member = try await Self.rows(
                connection, "SELECT 1 FROM \(unescaped: tables.members) WHERE circle_id = \(circleId) AND did = \(did)", logger: logger)
            guard member.isEmpty else { return .alreadyMember }
            try await Self.run(
                connection,
                """
                UPDATE \(unescaped: tables.invites) SET used_at = \(date.timeIntervalSince1970), used_by = \(did)
                WHERE invite_id = \(inviteId)
                """,
                logger: logger)
            try await Self.run(
                connection,
                """
                INSERT INTO \(unescaped: tables.joinRequests) (invite_id, circle_id, did, request, created_at)
                VALUES (\(inviteId), \(circleId), \(did), \(request), \(date.timeIntervalSince1970))
                ON CONFLICT (invite_id) DO UPDATE SET circle_id = excluded.circle_id, did = excluded.did, request = excluded.request,
                    created_at = excluded.created_at
                """,
                logger: logger)
            return .pending(circleId: circleId)
        }
    }

    public func joinRequests(circleId: Data) async throws -> [PendingJoinRecord] {
        try await transaction(readOnly: true) { connection in
            try await Self.rows(
                connection,
                """
                SELECT invite_id, did, request, created_at FROM \(unescaped: tables.joinRequests)
                WHERE circle_id = \(circleId) ORDER BY created_at, invite_id
                """,
                logger: logger
            ).map { row in
                let (inviteId, did, request, createdAt) = try row.decode((Data, String, Data, Double).self)
                return PendingJoinRecord(inviteId: inviteId, did: did, request: request, createdAt: Date(timeIntervalSince1970: createdAt))
            }
        }
    }
}
