public import Foundation
import GRDB
import SQLiteStorage

/// Circles: rosters, invitations and join requests.
extension SQLiteRelayStore {

    public func putRoster(_ roster: RosterRecord, replacing: UInt64?, by device: RelayDevice) async throws -> RosterOutcome {
        try await writer.immediateWrite { db in
            let stored = try Row.fetchOne(db, sql: "SELECT owner, version FROM circles WHERE circle_id = ?", arguments: [roster.circleId])
                .map { (owner: $0[0] as String, version: UInt64(bitPattern: $0[1] as Int64)) }
            let outcome = RosterDecision.decide(roster, replacing: replacing, by: device, stored: stored)
            guard outcome == .stored else { return outcome }
            if stored == nil {
                try db.execute(
                    sql: "INSERT INTO circles (circle_id, owner, version, roster) VALUES (?, ?, ?, ?)",
                    arguments: [roster.circleId, roster.ownerDID, Int64(bitPattern: roster.version), roster.bytes])
            } else {
                try db.execute(
                    sql: "UPDATE circles SET version = ?, roster = ? WHERE circle_id = ?",
                    arguments: [Int64(bitPattern: roster.version), roster.bytes, roster.circleId])
            }
            try db.execute(sql: "DELETE FROM circle_members WHERE circle_id = ?", arguments: [roster.circleId])
            let members = RosterDecision.members(of: roster)
            for (position, did) in members.enumerated() {
                try db.execute(
                    sql: "INSERT INTO circle_members (circle_id, did, position) VALUES (?, ?, ?)", arguments: [roster.circleId, did, position])
            }
            try db.execute(literal: "DELETE FROM join_requests WHERE circle_id = \(roster.circleId) AND did IN \(members)")
            return .stored
        }
    }

    public func roster(circleId: Data) async throws -> RosterRecord? {
        try await writer.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT owner, version, roster FROM circles WHERE circle_id = ?", arguments: [circleId])
            else { return nil }
            let members = try String.fetchAll(
                db, sql: "SELECT did FROM circle_members WHERE circle_id = ? ORDER BY position", arguments: [circleId])
            return RosterRecord(
                circleId: circleId, version: UInt64(bitPattern: try row.decode(Int64.self, atIndex: 1)),
                ownerDID: try row.decode(String.self, atIndex: 0),
                memberDIDs: members, bytes: try row.decode(Data.self, atIndex: 2))
        }
    }

    public func createInvite(inviteId: Data, circleId: Data, by device: RelayDevice, expiresAt: Date) async throws -> InviteOutcome {
        try await writer.immediateWrite { db in
            let owner = try String.fetchOne(db, sql: "SELECT owner FROM circles WHERE circle_id = ?", arguments: [circleId])
            guard owner == device.did else { return .forbidden }
            try db.execute(
                sql: "INSERT INTO invites (invite_id, circle_id, expires_at) VALUES (?, ?, ?) ON CONFLICT(invite_id) DO NOTHING",
                arguments: [inviteId, circleId, expiresAt.timeIntervalSince1970])
            return db.changesCount > 0 ? .created : .duplicate
        }
    }

    public func join(inviteId: Data, did: String, request: Data, at date: Date) async throws -> JoinOutcome {
        try await writer.immediateWrite { db in
            guard
                let invite = try Row.fetchOne(
                    db, sql: "SELECT circle_id, used_at IS NOT NULL FROM invites WHERE invite_id = ? AND expires_at > ?",
                    arguments: [inviteId, date.timeIntervalSince1970])
            else { return .unknown }
            let circleId: Data = invite[0]
            guard !(invite[1] as Bool) else { return .used }
            let isMember =
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM circle_members WHERE circle_id = ? AND did = ?)", arguments: [circleId, did]) ?? false
            guard !isMember else { return .alreadyMember }
            try db.execute(
                sql: "UPDATE invites SET used_at = ?, used_by = ? WHERE invite_id = ?", arguments: [date.timeIntervalSince1970, did, inviteId])
            try db.execute(
                sql: """
                    INSERT INTO join_requests (invite_id, circle_id, did, request, created_at) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT(invite_id) DO UPDATE SET circle_id = excluded.circle_id, did = excluded.did, request = excluded.request,
                        created_at = excluded.created_at
                    """,
                arguments: [inviteId, circleId, did, request, date.timeIntervalSince1970])
            return .pending(circleId: circleId)
        }
    }

    public func joinRequests(circleId: Data) async throws -> [PendingJoinRecord] {
        try await writer.read { db in
            try Row.fetchAll(
                db, sql: "SELECT invite_id, did, request, created_at FROM join_requests WHERE circle_id = ? ORDER BY created_at, invite_id",
                arguments: [circleId]
            ).map { row in
                PendingJoinRecord(
                    inviteId: try row.decode(Data.self, atIndex: 0), did: try row.decode(String.self, atIndex: 1),
                    request: try row.decode(Data.self, atIndex: 2), createdAt: Date(timeIntervalSince1970: try row.decode(Double.self, atIndex: 3)))
            }
        }
    }
}
