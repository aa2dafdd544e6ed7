import Crypto
import DAGCBOR
public import Foundation
import GRDB
public import Identity
import Logging

extension CircleService {
    /// How many envelopes one inbox request asks for.
    static let inboxPage = 100

    /// Brings this device up to date with its circles: sends queued updates of shared memories,
    /// refreshes this person's device list and every circle (taking in joins as owner), then
    /// takes in every queued envelope — each verified and stored whole, or refused with the
    /// reason — and removes them from the relay.
    public func sync() async throws -> SyncReport {
        let (relay, account) = try await registered()
        var report = SyncReport()
        try await refreshOwnDevices(relay: relay, account: account)
        let current = try await database.read { db in try AccountRow.fetchOne(db) } ?? account
        var views: [String: CircleView] = [:]
        for row in try await database.read({ db in try CircleRow.filter(Column("removed_at") == nil).fetchAll(db) }) {
            do {
                views[row.id] = try await refresh(row.id, relay: relay, events: &report.events)
            } catch CircleError.noSuchCircle {
                continue  // A join the owner has not taken in yet, or this person was removed.
            }
        }
        report.sentUpdates = try await flushShareOutbox(relay: relay, account: current)
        while true {
            let (envelopes, remaining) = try await relay.inbox(limit: Self.inboxPage)
            var handled: [String] = []
            for (entry, bytes) in envelopes {
                do {
                    try await receive(bytes, relay: relay, views: &views, report: &report)
                } catch let error as CircleEnvelopeError {
                    report.refused.append(error.localizedDescription)
                } catch let error as CircleError {
                    if case .unreachable = error { throw error }
                    report.refused.append(error.localizedDescription)
                }
                handled.append(entry)
            }
            try await relay.acknowledge(entries: handled)
            if remaining == 0 || envelopes.isEmpty { break }
        }
        if !report.refused.isEmpty {
            logger.notice("circle entries refused", metadata: ["count": "\(report.refused.count)"])
        }
        return report
    }

    /// Takes in this person's newest device list from the relay (another device of theirs may
    /// have added or removed one), once it verifies and is newer.
    func refreshOwnDevices(relay: BudsRelayClient, account: AccountRow) async throws {
        guard let bytes = try await relay.deviceList(did: identity.did) else { return }
        guard let list = try? DAGCBORDecoder().decode(DeviceList.self, from: bytes), list.did == identity.did, (try? list.verify()) != nil
        else { throw CircleError.untrusted("this person's device list on the relay does not verify") }
        guard list.version > (try account.deviceList()).version else { return }
        try await database.write { db in
            try db.execute(sql: "UPDATE relay_account SET device_list = ? WHERE id = 1", arguments: [bytes])
        }
    }

    // MARK: Devices

    /// This person's devices, as their newest signed list names them.
    public func devices() async throws -> [LinkedDevice] {
        let (relay, account) = try await registered()
        try await refreshOwnDevices(relay: relay, account: account)
        let list = try (try await database.read { db in try AccountRow.fetchOne(db) } ?? account).deviceList()
        return list.devices.map { LinkedDevice(deviceId: $0.deviceId, isThisDevice: $0.deviceId == deviceId) }
    }

    /// Starts linking this (new, empty) journal to a person's existing device: opens a link
    /// channel on `server` and returns the code to type (or scan) on the existing device.
    public func beginLink(server: URL, name: String) async throws -> DeviceLinkCode {
        try Self.checkName(name)
        if let account = try await database.read({ db in try AccountRow.fetchOne(db) }) {
            throw CircleError.alreadySignedIn(server: account.serverURL)
        }
        let token = try await relay(server).openLink()
        guard let tokenBytes = Hex.decode(token), tokenBytes.count == 16 else {
            throw CircleError.invalidResponse("the link token is not 32 hex characters")
        }
        let key = Curve25519.KeyAgreement.PrivateKey()
        try keyStore.save(key.rawRepresentation, as: Self.linkKeyName)
        try await database.write { db in try PendingLinkRow(server: server.absoluteString, token: token, name: name).save(db) }
        return DeviceLinkCode(token: Data(tokenBytes), key: key.publicKey.rawRepresentation)
    }

    /// On an existing device: seals this person's identity key, device list and circles for the
    /// new device showing `code`, and puts them in its link channel.
    public func acceptLink(code: String) async throws {
        let linkCode = try DeviceLinkCode(text: code)
        let (relay, account) = try await registered()
        let circles = try await database.read { db in
            try CircleRow.filter(Column("removed_at") == nil && Column("roster") != nil).fetchAll(db)
        }
        let payload = DeviceLinkPayload(
            signingKey: identity.signingKey.rawRepresentation, deviceList: account.deviceListBytes,
            circles: circles.compactMap { row in Hex.decode(row.id).map { .init(id: Data($0), name: row.name) } })
        try await relay.fillLink(token: Hex.encode(linkCode.token), sealed: try DeviceLink.seal(payload, for: linkCode))
        logger.info("device link sealed", metadata: ["circles": "\(circles.count)"])
    }

    /// On the new device: takes the sealed identity from the link channel (nil while the
    /// existing device has not answered), then joins the person — the identity key replaces this
    /// journal's own (it must hold no memories of its own yet), this device's X25519 key is
    /// certified, and the person's device list grows by one. Reopen the journal afterwards: its
    /// identity changed.
    public func finishLink() async throws -> RelayAccount? {
        guard let pending = try await database.read({ db in try PendingLinkRow.fetch(db) }), let url = URL(string: pending.server),
            let keyBytes = try keyStore.load(Self.linkKeyName), let key = try? Curve25519.KeyAgreement.PrivateKey(rawRepresentation: keyBytes),
            let token = Hex.decode(pending.token)
        else { throw CircleError.linkFailed("no link is waiting on this device: start with `buds devices link`") }
        let relay = try relay(url)
        guard let sealed = try await relay.takeLink(token: pending.token) else { return nil }
        let payload: DeviceLinkPayload
        do {
            payload = try DeviceLink.open(sealed, with: key, token: Data(token))
        } catch {
            throw CircleError.linkFailed(error.localizedDescription)
        }
        guard let signingKey = try? Curve25519.Signing.PrivateKey(rawRepresentation: payload.signingKey),
            let list = try? DAGCBORDecoder().decode(DeviceList.self, from: payload.deviceList), (try? list.verify()) != nil,
            list.signingKey == signingKey.publicKey.rawRepresentation
        else { throw CircleError.linkFailed("the identity and device list sent do not belong together") }
        let linked = Identity(signingKey: signingKey, agreementKey: identity.agreementKey)
        let ownReceipts = try await database.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ucr_headers WHERE did = ?", arguments: [identity.did]) ?? 0
        }
        guard ownReceipts == 0 else {
            throw CircleError.linkFailed("this journal already has memories of its own; link from a new, empty journal")
        }
        guard list.devices.count < DeviceList.maximumDevices else {
            throw CircleError.linkFailed("\(DeviceList.maximumDevices) devices are linked already; remove one first")
        }
        let sequence = (list.devices.map(\.sequence).max() ?? 0) + 1
        let certificate = try DeviceCertificate.issue(by: linked, deviceId: deviceId, agreementKey: linked.agreementPublicKey, sequence: sequence)
        let next = try DeviceList.sign(by: linked, version: list.version + 1, devices: list.devices + [certificate])
        let nextBytes = try DAGCBOREncoder().encode(next)
        try await relay.registerLinkedDevice(deviceId: deviceId, deviceList: nextBytes)
        try IdentityStore.save(linked, to: keyStore)
        try keyStore.delete(Self.linkKeyName)
        let time = now().timeIntervalSince1970
        try await database.write { db in
            try AccountRow(serverURL: pending.server, deviceId: deviceId, displayName: pending.name, deviceListBytes: nextBytes, registeredAt: time)
                .insert(db)
            try PendingLinkRow.delete(db)
            for circle in payload.circles {
                guard (try? CircleService.checkName(circle.name)) != nil else { continue }
                try db.execute(
                    sql: "INSERT INTO circles (id, name, version, joined_at) VALUES (?, ?, 0, ?) ON CONFLICT DO NOTHING",
                    arguments: [Hex.encode(circle.id), circle.name, time])
            }
        }
        logger.info("device linked", metadata: ["devices": "\(next.devices.count)"])
        return RelayAccount(server: pending.server, did: linked.did, deviceId: deviceId, name: pending.name, devices: next.devices.map(\.deviceId))
    }

    /// Removes the device `id` (a prefix of 4+ characters will do) from this person's list: it
    /// loses its relay credential and queue, and nothing sealed later is wrapped for it.
    public func removeDevice(_ id: String) async throws -> [LinkedDevice] {
        let (relay, account) = try await registered()
        try await refreshOwnDevices(relay: relay, account: account)
        let current = try await database.read { db in try AccountRow.fetchOne(db) } ?? account
        let list = try current.deviceList()
        let matches = list.devices.filter { $0.deviceId == id || (id.count >= 4 && $0.deviceId.hasPrefix(id.lowercased())) }
        guard let device = matches.first, matches.count == 1 else { throw CircleError.noSuchMember(id) }
        guard device.deviceId != deviceId else { throw CircleError.linkFailed("a device cannot remove itself; remove it from another device") }
        let next = try DeviceList.sign(by: identity, version: list.version + 1, devices: list.devices.filter { $0.deviceId != device.deviceId })
        let bytes = try DAGCBOREncoder().encode(next)
        try await relay.putDeviceList(did: identity.did, deviceList: bytes)
        try await database.write { db in try db.execute(sql: "UPDATE relay_account SET device_list = ? WHERE id = 1", arguments: [bytes]) }
        return next.devices.map { LinkedDevice(deviceId: $0.deviceId, isThisDevice: $0.deviceId == deviceId) }
    }
}
