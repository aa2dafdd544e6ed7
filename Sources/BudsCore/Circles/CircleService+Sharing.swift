import Crypto
import DAGCBOR
public import Foundation
import GRDB
import Identity
import Logging
import Receipts

extension CircleService {
    /// How many times a send is sealed again after the relay says the circle moved on.
    static let sendAttempts = 3

    // MARK: Sharing

    /// Shares memory `id` (one of this person's own) with `circle`: its whole receipt chain,
    /// sealed for every certified device of every current member, its photos as separately
    /// sealed blobs. Later edits and its deletion follow on each sync.
    public func share(_ id: UUID, with circle: String) async throws -> ShareReceipt {
        let (relay, account) = try await registered()
        let row = try await database.read { db in try CircleRow.find(circle, in: db) }
        let uuid = id.uuidString.lowercased()
        let memory = try await database.read { db -> (root: String, sharedBy: String?, isDeleted: Bool)? in
            try Row.fetchOne(db, sql: "SELECT root_cid, shared_by_did, is_deleted FROM local_receipts WHERE uuid = ?", arguments: [uuid])
                .map { ($0["root_cid"], $0["shared_by_did"], $0["is_deleted"]) }
        }
        guard let memory else { throw BudsError.memoryNotFound(uuid) }
        guard memory.sharedBy == nil else {
            throw CircleError.notShareable("Memory \(uuid) was shared with you; only its author can share it.")
        }
        guard !memory.isDeleted else { throw BudsError.memoryDeleted(uuid) }
        let devices = try await send(memory: uuid, root: memory.root, circleId: row.id, relay: relay, account: account)
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO memory_circles (memory_uuid, circle_id, shared_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                arguments: [uuid, row.id, now().timeIntervalSince1970])
        }
        logger.info("memory shared", metadata: ["devices": "\(devices)"])
        return ShareReceipt(memoryId: id, circle: row.name, devices: devices)
    }

    /// Sends the queued updates of shared memories (edits, deletions); returns how many went.
    func flushShareOutbox(relay: BudsRelayClient, account: AccountRow) async throws -> Int {
        var sent = 0
        for entry in try await database.read({ db in try ShareOutbox.pending(in: db) }) {
            guard
                let root = try await database.read({ db in
                    try String.fetchOne(db, sql: "SELECT root_cid FROM local_receipts WHERE uuid = ?", arguments: [entry.memory])
                })
            else {
                try await database.write { db in try ShareOutbox.remove(entry, in: db) }
                continue
            }
            do {
                _ = try await send(memory: entry.memory, root: root, circleId: entry.circle, relay: relay, account: account)
                sent += 1
                try await database.write { db in try ShareOutbox.remove(entry, in: db) }
            } catch CircleError.noSuchCircle {
                // The circle is gone for this person (removed): nothing more goes there.
                try await database.write { db in try ShareOutbox.remove(entry, in: db) }
            }
        }
        return sent
    }

    /// Seals the chain of `root` for `circleId`'s current devices and queues it, sealing again
    /// (with a fresh look at the circle) when the relay says the roster or its devices moved on.
    private func send(memory uuid: String, root: String, circleId: String, relay: BudsRelayClient, account: AccountRow) async throws -> Int {
        let time = now()
        let (car, photos) = try await database.read { db in try ArchiveService.chainArchive(root: root, in: db, blobs: blobs, at: time) }
        var entries: [SharedMemoryPayload.Photo] = []
        for photo in photos {
            let (sealed, entry) = try SharedMemoryPayload.sealPhoto(photo.data, cid: photo.cid)
            try await relay.putBlob(sealed, id: entry.blob)
            entries.append(entry)
        }
        let payload = SharedMemoryPayload(
            format: SharedMemoryPayload.currentFormat, root: try CID(string: root), sharer: account.displayName,
            archive: try car.encoded(), photos: entries)
        let plaintext = try DAGCBOREncoder().encode(payload)
        let certificate = try myCertificate(in: account)
        let sealer = try CircleEnvelopeSealer(identity: identity, device: certificate, deviceKey: identity.agreementKey)
        var attempt = 0
        while true {
            attempt += 1
            var events: [CircleEvent] = []
            let view = try await refresh(circleId, relay: relay, events: &events)
            let blocked = try await database.read { db in
                try PersonRow.filter(view.roster.members.map(\.did).contains(Column("did")) && Column("pending_device_list") != nil).fetchAll(db)
            }
            if let person = blocked.first { throw CircleError.keyChanged(member: person.name ?? person.did) }
            let recipients = view.recipients(excluding: certificate)
            guard !recipients.isEmpty else { return 0 }
            let envelope = try sealer.seal(plaintext, circleId: view.roster.circleId, rosterVersion: view.roster.version, to: recipients)
            do {
                _ = try await relay.send(circleId: circleId, envelope: try envelope.serialized())
                try await recordShare(uuid: uuid, envelope: envelope, members: view.roster.members.map(\.did), at: time)
                return recipients.count
            } catch CircleError.refused(let refusal)
                where attempt < Self.sendAttempts && ["recipients_mismatch", "stale_roster"].contains(refusal.code)
            {
                logger.debug("circle moved on, sealing again", metadata: ["code": "\(refusal.code)"])
                continue
            }
        }
    }

    /// Records which version went to whom (the seed's `shared_memories`, one row per member).
    private func recordShare(uuid: String, envelope: CircleEnvelope, members: [String], at time: Date) async throws {
        let header = try envelope.header()
        try await database.write { db in
            let headerCID = try String.fetchOne(db, sql: "SELECT header_cid FROM local_receipts WHERE uuid = ?", arguments: [uuid])
            for did in members where did != identity.did {
                try db.execute(
                    sql: """
                        INSERT INTO shared_memories (id, memory_uuid, header_cid, recipient_did, envelope, shared_at)
                        VALUES (?, ?, ?, ?, NULL, ?) ON CONFLICT (id) DO NOTHING
                        """, arguments: [Hex.encode(header.envelopeId) + ":" + did, uuid, headerCID, did, time.timeIntervalSince1970])
            }
        }
    }

    // MARK: Receiving

    /// A circle another of this person's devices joined or made after this one was linked: an
    /// entry this person's own device shared into it shows it exists. It is taken in only if its
    /// roster, signed by its owner, lists this person; it is named by its id here.
    private func adoptOwnCircle(_ circleId: String, relay: BudsRelayClient) async throws -> CircleRow? {
        guard let remote = try await relay.circle(circleId) else { return nil }
        let roster = try decodeRoster(remote.roster, circleId: circleId)
        guard roster.contains(identity.did) else { return nil }
        let row = CircleRow(
            id: circleId, name: "circle-" + circleId.prefix(8), rosterBytes: nil, version: 0, ownerDID: nil, joinedAt: now().timeIntervalSince1970,
            removedAt: nil)
        try await database.write { db in try row.insert(db, onConflict: .ignore) }
        return try await database.read { db in try CircleRow.fetchOne(db, key: circleId) }
    }

    /// Opens, verifies and stores one envelope from this device's queue, in the order the
    /// design fixes: header signature and sender certificate, the sender's membership and
    /// device at the envelope's roster, unwrap, decrypt, the plaintext's CID, then every
    /// receipt's own signature and chain; the memory is stored in one transaction, or nothing.
    func receive(_ bytes: Data, relay: BudsRelayClient, views: inout [String: CircleView], report: inout SyncReport) async throws {
        let envelope = try CircleEnvelope(serialized: bytes)
        let header = try envelope.signedHeader()
        let envelopeId = Hex.encode(header.envelopeId)
        if try await database.read({ db in
            try Bool.fetchOne(db, sql: "SELECT 1 FROM received_envelopes WHERE envelope_id = ?", arguments: [envelopeId])
        }) != nil {
            return
        }
        let circleId = Hex.encode(header.circleId)
        var known = try await database.read { db in try CircleRow.fetchOne(db, key: circleId) }
        if known == nil, header.sender.did == identity.did {
            known = try await adoptOwnCircle(circleId, relay: relay)
        }
        guard let row = known, row.removedAt == nil else { throw CircleEnvelopeError.untrustedSender }
        if views[circleId] == nil || header.rosterVersion > views[circleId]?.roster.version ?? 0 {
            views[circleId] = try await refresh(circleId, relay: relay, events: &report.events)
        }
        guard let view = views[circleId] else { throw CircleEnvelopeError.untrustedSender }
        let opener = CircleEnvelopeOpener(deviceId: deviceId, deviceKey: identity.agreementKey)
        let (_, plaintext) = try opener.open(envelope, trusts: view.trusts)
        let payload: SharedMemoryPayload
        do {
            payload = try DAGCBORDecoder().decode(SharedMemoryPayload.self, from: plaintext)
        } catch {
            throw CircleError.untrusted("the entry's content is not a shared memory")
        }
        guard payload.format == SharedMemoryPayload.currentFormat else {
            throw CircleError.untrusted("the entry's format \(payload.format) is not read here")
        }
        var car: CARv1
        do {
            car = try CARv1.decode(payload.archive)
        } catch {
            throw CircleError.untrusted("the entry's chain is unreadable")
        }
        for photo in payload.photos {
            guard let sealed = try await relay.blob(id: photo.blob, maximumBytes: SharedMemoryPayload.maximumPhotoBytes + 64) else {
                throw CircleError.untrusted("a shared photo is missing on the relay")
            }
            car.blocks.append(CARv1.Block(cid: photo.cid, data: try SharedMemoryPayload.openPhoto(sealed, entry: photo)))
        }
        let plan: ImportPlan
        do {
            plan = try await ArchiveService.plan(car, against: database)
        } catch let error as BudsError {
            throw CircleError.untrusted(error.localizedDescription)
        }
        let sender = header.sender
        guard !plan.receipts.isEmpty,
            plan.receipts.allSatisfy({
                $0.receipt.header.did == sender.did && $0.receipt.header.signingKey == sender.signingKey && $0.receipt.rootCID == payload.root
            })
        else { throw CircleError.untrusted("the entry holds receipts that are not one chain of its sender's") }
        let root = payload.root.string
        let fromMe = sender.did == identity.did
        let name = payload.sharer
        let time = now()
        _ = try await ArchiveService.store(plan, into: database, blobs: blobs, at: time) { db in
            if !fromMe {
                try db.execute(
                    sql: "UPDATE local_receipts SET shared_by_did = ?, shared_by_name = ?, shared_circle_id = ? WHERE root_cid = ?",
                    arguments: [sender.did, name, circleId, root])
                try db.execute(sql: "UPDATE circle_people SET name = ? WHERE did = ?", arguments: [name, sender.did])
            }
            try db.execute(
                sql: "INSERT INTO received_envelopes (envelope_id, received_at) VALUES (?, ?)", arguments: [envelopeId, time.timeIntervalSince1970])
        }
        let stored = try await database.read { db -> (uuid: String, strain: String, isDeleted: Bool)? in
            try Row.fetchOne(db, sql: "SELECT uuid, strain_name, is_deleted FROM local_receipts WHERE root_cid = ?", arguments: [root])
                .map { ($0["uuid"], $0["strain_name"], $0["is_deleted"]) }
        }
        if let stored, let memoryId = UUID(uuidString: stored.uuid) {
            report.received.append(
                ReceivedMemory(
                    memoryId: memoryId, circle: row.name, from: name, strainName: stored.isDeleted ? nil : stored.strain,
                    isDeleted: stored.isDeleted))
        }
    }
}
