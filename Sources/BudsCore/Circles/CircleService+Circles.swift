import Crypto
import DAGCBOR
import Foundation
import GRDB
public import Identity
import Logging

extension CircleService {
    // MARK: Circles

    /// A new circle owned by this person: a random id, roster version 1, stored on the relay.
    public func createCircle(name: String) async throws -> CircleSummary {
        try Self.checkName(name)
        let (relay, _) = try await registered()
        if try await database.read({ db in try CircleRow.filter(Column("name") == name).fetchCount(db) }) > 0 {
            throw CircleError.circleNameTaken(name)
        }
        let roster = try CircleRoster.create(by: identity)
        let bytes = try DAGCBOREncoder().encode(roster)
        let id = Hex.encode(roster.circleId)
        try await relay.putRoster(circleId: id, roster: bytes)
        let row = CircleRow(
            id: id, name: name, rosterBytes: bytes, version: 1, ownerDID: identity.did, joinedAt: now().timeIntervalSince1970, removedAt: nil)
        try await database.write { db in try row.insert(db) }
        return try await summary(of: row)
    }

    /// Every circle this person belongs to or waits to join, by name.
    public func circles() async throws -> [CircleSummary] {
        let rows = try await database.read { db in try CircleRow.order(Column("name")).fetchAll(db) }
        var summaries: [CircleSummary] = []
        for row in rows { summaries.append(try await summary(of: row)) }
        return summaries
    }

    /// A one-time invitation to `circle` (its owner only): the code to pass on.
    public func invite(to circle: String) async throws -> CircleInvitation {
        let (relay, _) = try await registered()
        let row = try await database.read { db in try CircleRow.find(circle, in: db) }
        guard row.ownerDID == identity.did else { throw CircleError.notOwner(circle: row.name) }
        let invitation = CircleInvitation()
        try await relay.createInvite(circleId: row.id, inviteId: Hex.encode(invitation.inviteId))
        let secret = invitation.secret.withUnsafeBytes { Data($0) }
        let invite = InviteRow(
            inviteId: Hex.encode(invitation.inviteId), circleId: row.id, secret: secret, createdAt: now().timeIntervalSince1970, usedByDID: nil)
        try await database.write { db in try invite.insert(db) }
        return invitation
    }

    /// Asks to join the circle of invitation `code`, under the name given at sign-in (or
    /// `name`); the circle is called `localName` here. The owner's device adds this person on
    /// its next sync; this device's next sync then finds the circle.
    public func join(code: String, as localName: String? = nil) async throws -> CircleSummary {
        let invitation = try CircleInvitation(code: code)
        let (relay, account) = try await registered()
        let request = try CircleJoinRequest.make(invitation: invitation, identity: identity, name: account.displayName)
        let circleId = try await relay.join(inviteId: Hex.encode(invitation.inviteId), request: try request.serialized())
        guard circleId.count == 32, Hex.decode(circleId) != nil else { throw CircleError.invalidResponse("the circle id is not 32 hex characters") }
        let name = localName ?? "circle-" + circleId.prefix(8)
        try Self.checkName(name)
        let row = CircleRow(
            id: circleId, name: name, rosterBytes: nil, version: 0, ownerDID: nil, joinedAt: now().timeIntervalSince1970, removedAt: nil)
        try await database.write { db in
            guard try CircleRow.fetchOne(db, key: circleId) == nil else { return }
            guard try CircleRow.filter(Column("name") == name).fetchCount(db) == 0 else { throw CircleError.circleNameTaken(name) }
            try row.insert(db)
        }
        return try await summary(of: row)
    }

    /// `circle`'s members as the relay now shows them (the roster and device lists verified
    /// first), with what happened since this device last looked.
    public func members(of circle: String) async throws -> (circle: CircleSummary, events: [CircleEvent]) {
        let (relay, _) = try await registered()
        let row = try await database.read { db in try CircleRow.find(circle, in: db) }
        var events: [CircleEvent] = []
        _ = try await refresh(row.id, relay: relay, events: &events)
        let updated = try await database.read { db in try CircleRow.find(row.id, in: db) }
        return (try await summary(of: updated), events)
    }

    /// Removes `member` from `circle` (its owner only): roster version + 1 without them, so
    /// nothing sealed from now on is wrapped for their devices.
    public func remove(_ member: String, from circle: String) async throws -> CircleSummary {
        let (relay, _) = try await registered()
        let row = try await database.read { db in try CircleRow.find(circle, in: db) }
        guard row.ownerDID == identity.did else { throw CircleError.notOwner(circle: row.name) }
        var events: [CircleEvent] = []
        let view = try await refresh(row.id, relay: relay, events: &events)
        let did = try await resolveMember(member, in: view.roster)
        let next = try view.roster.removing(did, by: identity)
        let bytes = try DAGCBOREncoder().encode(next)
        try await relay.putRoster(circleId: row.id, roster: bytes)
        try await database.write { db in
            try db.execute(sql: "UPDATE circles SET roster = ?, version = ? WHERE id = ?", arguments: [bytes, Int64(next.version), row.id])
            try EventRow.record(.removed, circle: row.id, did: did, at: now(), in: db)
        }
        return try await summary(of: try await database.read { db in try CircleRow.find(row.id, in: db) })
    }

    /// The events of `circle`, oldest first.
    public func events(of circle: String) async throws -> [CircleEvent] {
        try await database.read { db in
            let row = try CircleRow.find(circle, in: db)
            return try EventRow.filter(Column("circle_id") == row.id).order(Column("id")).fetchAll(db).map {
                try event(from: $0, circle: row.name, in: db)
            }
        }
    }

    // MARK: Safety numbers

    /// The safety number of this person and `member` (a name or DID prefix in any circle).
    public func safetyNumber(with member: String) async throws -> SafetyNumberReport {
        let person = try await findPerson(member)
        let number = SafetyNumber((identity.did, identity.signingPublicKey), (person.did, person.signingKey))
        return SafetyNumberReport(
            member: person.name ?? person.did, did: person.did, number: number.description, hasPendingKeyChange: person.pendingDeviceListBytes != nil)
    }

    /// Accepts `member`'s changed device keys (after comparing safety numbers), so sharing with
    /// their circles resumes.
    public func acceptKeyChange(of member: String) async throws -> SafetyNumberReport {
        let person = try await findPerson(member)
        guard let pending = person.pendingDeviceList() else { return try await safetyNumber(with: member) }
        try await database.write { db in
            try db.execute(
                sql:
                    "UPDATE circle_people SET device_list = pending_device_list, device_list_version = ?, pending_device_list = NULL, updated_at = ? WHERE did = ?",
                arguments: [Int64(pending.version), now().timeIntervalSince1970, person.did])
            for circle in try String.fetchAll(db, sql: "SELECT id FROM circles") {
                if let roster = try CircleRow.fetchOne(db, key: circle)?.roster(), roster.contains(person.did) {
                    try EventRow.record(.keyAccepted, circle: circle, did: person.did, at: now(), in: db)
                }
            }
        }
        return try await safetyNumber(with: member)
    }

    // MARK: Refreshing a circle

    /// Fetches `circleId` from the relay and verifies it before keeping anything: the roster is
    /// the owner's and no older than the one held (an older one is a replay, refused; the same
    /// version must be the same bytes); each member's device list is theirs, and replaces the
    /// pinned one only when newer — a changed key of a known device waits for acceptance. As
    /// the owner, it also takes in join requests bound to its invitations. Returns the view to
    /// seal for and trust.
    func refresh(_ circleId: String, relay: BudsRelayClient, events: inout [CircleEvent]) async throws -> CircleView {
        guard let remote = try await relay.circle(circleId) else {
            // Not shown: a join the owner has not taken in yet, or a removal.
            let row = try await database.read { db in try CircleRow.fetchOne(db, key: circleId) }
            if let row, let roster = try row.roster(), row.removedAt == nil, roster.contains(identity.did) {
                let removedAt = now()
                try await database.write { db in
                    try db.execute(sql: "UPDATE circles SET removed_at = ? WHERE id = ?", arguments: [removedAt.timeIntervalSince1970, circleId])
                    try EventRow.record(.youWereRemoved, circle: circleId, did: nil, at: removedAt, in: db)
                }
                events.append(CircleEvent(circle: row.name, kind: .youWereRemoved, did: nil, name: nil, detail: nil, at: removedAt))
            }
            throw CircleError.noSuchCircle(row?.name ?? circleId)
        }
        var roster = try decodeRoster(remote.roster, circleId: circleId)
        let row = try await database.read { db in try CircleRow.fetchOne(db, key: circleId) }
        let held = try row?.roster()
        if let held {
            if roster.version > held.version {
                do {
                    try held.checkSuccessor(roster)
                } catch {
                    throw CircleError.untrusted(
                        "the member list of \(row?.name ?? circleId) is not a successor of the one held: \(error.localizedDescription)")
                }
            } else if roster.version < held.version || roster != held {
                throw CircleError.untrusted("the relay sent an older member list of \(row?.name ?? circleId) than this device holds (a replay)")
            }
        } else if !roster.contains(identity.did) {
            throw CircleError.noSuchCircle(row?.name ?? circleId)
        }
        // The owner takes in join requests bound to its own invitations.
        if roster.owner.did == identity.did {
            roster = try await admitJoins(remote.joinRequests, to: roster, relay: relay, circleId: circleId)
        }
        let time = now()
        let circleName = row?.name ?? circleId
        let lists = try remote.deviceLists.map { bytes in
            do {
                return try DAGCBORDecoder().decode(DeviceList.self, from: bytes)
            } catch {
                throw CircleError.untrusted("a device list of \(circleName) is unreadable")
            }
        }
        let rosterBytes = try DAGCBOREncoder().encode(roster)
        let admittedRoster = roster
        let previousMembers = Set(held?.members.map(\.did) ?? [])
        let (newEvents, pinned) = try await database.write { db -> ([EventRow], [DeviceList]) in
            var recorded: [EventRow] = []
            try db.execute(
                sql: "UPDATE circles SET roster = ?, version = ?, owner_did = ?, removed_at = NULL WHERE id = ?",
                arguments: [rosterBytes, Int64(admittedRoster.version), admittedRoster.owner.did, circleId])
            if held != nil {
                for member in admittedRoster.members where !previousMembers.contains(member.did) {
                    recorded.append(
                        EventRow(
                            id: nil, circleId: circleId, did: member.did, kind: CircleEvent.Kind.joined.rawValue, detail: nil,
                            at: time.timeIntervalSince1970))
                }
                for did in previousMembers where !admittedRoster.contains(did) {
                    recorded.append(
                        EventRow(
                            id: nil, circleId: circleId, did: did, kind: CircleEvent.Kind.removed.rawValue, detail: nil,
                            at: time.timeIntervalSince1970))
                }
            }
            var pinned: [DeviceList] = []
            for member in admittedRoster.members {
                let list = lists.first { $0.did == member.did && $0.signingKey == member.signingKey }
                let (accepted, changes) = try pin(member: member, list: list, circleId: circleId, at: time, in: db)
                recorded += changes
                if let accepted { pinned.append(accepted) }
            }
            for event in recorded { try event.insert(db) }
            return (recorded, pinned)
        }
        for event in newEvents {
            events.append(try await database.read { db in try self.event(from: event, circle: circleName, in: db) })
        }
        do {
            return try CircleView(roster: roster, deviceLists: pinned)
        } catch {
            throw CircleError.untrusted("the circle \(circleName) does not verify: \(error.localizedDescription)")
        }
    }

    /// Pins `list` for `member` if it verifies and is newer than the pinned one: new devices
    /// are events, a changed key of a pinned device waits as the pending list. Returns the list
    /// accepted for them (the pinned one when the new one waits or is older).
    private func pin(member: CircleRoster.Member, list: DeviceList?, circleId: String, at time: Date, in db: Database) throws -> (
        DeviceList?, [EventRow]
    ) {
        var person =
            try PersonRow.fetchOne(db, key: member.did)
            ?? PersonRow(
                did: member.did, signingKey: member.signingKey, name: nil, deviceListBytes: nil, deviceListVersion: 0, pendingDeviceListBytes: nil,
                updatedAt: time.timeIntervalSince1970)
        guard person.signingKey == member.signingKey else { throw CircleError.untrusted("a member's identity key does not match their DID") }
        let pinned = person.deviceList()
        guard let list, (try? list.verify()) != nil else {
            try person.save(db)
            return (pinned, [])
        }
        guard list.version > UInt64(person.deviceListVersion) || pinned == nil else {
            try person.save(db)
            return (pinned, [])
        }
        var events: [EventRow] = []
        let bytes = try DAGCBOREncoder().encode(list)
        let old = Dictionary(uniqueKeysWithValues: (pinned?.devices ?? []).map { ($0.deviceId, $0.agreementKey) })
        let changedKey = list.devices.contains { device in old[device.deviceId].map { $0 != device.agreementKey } ?? false }
        if changedKey && member.did != identity.did {
            if person.pendingDeviceListBytes != bytes {
                person.pendingDeviceListBytes = bytes
                events.append(
                    EventRow(
                        id: nil, circleId: circleId, did: member.did, kind: CircleEvent.Kind.keyChanged.rawValue, detail: nil,
                        at: time.timeIntervalSince1970))
            }
            person.updatedAt = time.timeIntervalSince1970
            try person.save(db)
            return (pinned, events)
        }
        if pinned != nil {
            for device in list.devices where old[device.deviceId] == nil {
                events.append(
                    EventRow(
                        id: nil, circleId: circleId, did: member.did, kind: CircleEvent.Kind.deviceAdded.rawValue, detail: nil,
                        at: time.timeIntervalSince1970))
            }
            let kept = Set(list.devices.map(\.deviceId))
            for (id, _) in old where !kept.contains(id) {
                events.append(
                    EventRow(
                        id: nil, circleId: circleId, did: member.did, kind: CircleEvent.Kind.deviceRemoved.rawValue, detail: nil,
                        at: time.timeIntervalSince1970))
            }
        }
        person.deviceListBytes = bytes
        person.deviceListVersion = Int64(list.version)
        person.updatedAt = time.timeIntervalSince1970
        try person.save(db)
        return (list, events)
    }

    /// Adds to `roster` everyone whose join request is bound to an unused invitation of this
    /// circle, and stores the new roster on the relay. Requests that do not verify are left
    /// alone (the relay drops them when they expire).
    private func admitJoins(
        _ requests: [(inviteId: String, request: Data)], to roster: CircleRoster, relay: BudsRelayClient, circleId: String
    ) async throws -> CircleRoster {
        var next = roster
        var admitted: [(invite: String, request: CircleJoinRequest)] = []
        for (inviteId, bytes) in requests {
            guard let request = try? CircleJoinRequest(serialized: bytes), (try? request.verify()) != nil,
                let invite = try await database.read({ db in try InviteRow.fetchOne(db, key: inviteId) }), invite.circleId == circleId,
                invite.usedByDID == nil || invite.usedByDID == request.member.did,
                request.isBound(to: CircleInvitation(inviteId: Data(Hex.decode(inviteId) ?? []), secret: invite.secret)),
                !next.contains(request.member.did), next.members.count < CircleRoster.maximumMembers
            else { continue }
            next = try next.adding(request.member, by: identity)
            admitted.append((inviteId, request))
        }
        guard !admitted.isEmpty else { return roster }
        let admittedRequests = admitted
        try await relay.putRoster(circleId: circleId, roster: try DAGCBOREncoder().encode(next))
        let time = now()
        try await database.write { db in
            for (invite, request) in admittedRequests {
                try db.execute(sql: "UPDATE circle_invites SET used_by_did = ? WHERE invite_id = ?", arguments: [request.member.did, invite])
                try db.execute(
                    sql: """
                        INSERT INTO circle_people (did, signing_key, name, device_list_version, updated_at) VALUES (?, ?, ?, 0, ?)
                        ON CONFLICT (did) DO UPDATE SET name = excluded.name
                        """, arguments: [request.member.did, request.member.signingKey, request.name, time.timeIntervalSince1970])
            }
        }
        return next
    }

    // MARK: Reading state

    func decodeRoster(_ bytes: Data, circleId: String) throws -> CircleRoster {
        let roster: CircleRoster
        do {
            roster = try DAGCBORDecoder().decode(CircleRoster.self, from: bytes)
            try roster.verify()
        } catch {
            throw CircleError.untrusted("the member list of circle \(circleId.prefix(8)) is not signed by its owner")
        }
        guard Hex.encode(roster.circleId) == circleId else { throw CircleError.untrusted("the relay sent another circle's member list") }
        return roster
    }

    func summary(of row: CircleRow) async throws -> CircleSummary {
        try await database.read { db in
            let roster = try row.roster()
            let members = try (roster?.members ?? []).map { member in
                let person = try PersonRow.fetchOne(db, key: member.did)
                let isMe = member.did == identity.did
                let name = isMe ? try AccountRow.fetchOne(db)?.displayName : person?.name
                return CircleMember(
                    did: member.did, name: name, isOwner: member.did == roster?.owner.did, isMe: isMe,
                    devices: person?.deviceList()?.devices.count ?? 0, hasPendingKeyChange: person?.pendingDeviceListBytes != nil)
            }
            return CircleSummary(
                id: row.id, name: row.name, isOwner: row.ownerDID == identity.did, members: members, version: UInt64(max(row.version, 0)),
                isPending: roster == nil, isRemoved: row.removedAt != nil)
        }
    }

    func event(from row: EventRow, circle: String, in db: Database) throws -> CircleEvent {
        let name = try row.did.flatMap { did in
            did == identity.did ? try AccountRow.fetchOne(db)?.displayName : try PersonRow.fetchOne(db, key: did)?.name
        }
        return CircleEvent(
            circle: circle, kind: CircleEvent.Kind(rawValue: row.kind) ?? .entryRefused, did: row.did, name: name, detail: row.detail,
            at: Date(timeIntervalSince1970: row.at))
    }

    /// The member of `roster` named by `reference`: a name this device knows, or a DID (prefix).
    func resolveMember(_ reference: String, in roster: CircleRoster) async throws -> String {
        let people = try await database.read { db in try PersonRow.filter(roster.members.map(\.did).contains(Column("did"))).fetchAll(db) }
        let names = Dictionary(uniqueKeysWithValues: people.map { ($0.did, $0.name) })
        let matches = Set(roster.members.map(\.did).filter { PersonRow.isNamed(did: $0, name: names[$0] ?? nil, by: reference) })
        guard let did = matches.first else { throw CircleError.noSuchMember(reference) }
        guard matches.count == 1 else { throw CircleError.ambiguousMember(reference) }
        return did
    }

    private func findPerson(_ reference: String) async throws -> PersonRow {
        let people = try await database.read { db in try PersonRow.fetchAll(db) }
        let matches = people.filter { $0.did != identity.did && PersonRow.isNamed(did: $0.did, name: $0.name, by: reference) }
        guard let person = matches.first else { throw CircleError.noSuchMember(reference) }
        guard matches.count == 1 else { throw CircleError.ambiguousMember(reference) }
        return person
    }
}
