import Crypto
import DAGCBOR
import Foundation
import GRDB
import Identity
import TestSupport
import Testing

/// The relay is not trusted (issue 18): with write access to its database — as an attacker who
/// took the server would have — it can replay an old member list, tamper with or replay an
/// envelope, or slip a device of its own into a member's list; each is refused by the apps, which
/// store nothing of it and give nothing to the rogue device.
@Suite("buds against a hostile relay", .serialized, .enabled(if: AppServerProcess.executable != nil, "app-server is not built"))
struct BudsHostileRelayTests {
    typealias Device = BudsCirclesEndToEndTests.Device

    @Test("replayed rosters, tampered and replayed envelopes, and an injected device are refused")
    func hostileRelay() async throws {
        let folder = ScratchFolder.url("buds-hostile")
        defer { try? FileManager.default.removeItem(at: folder) }
        let outbox = folder.appendingPathComponent("sms")
        let data = folder.appendingPathComponent("data")
        let server = try AppServerProcess(arguments: ["--buds-sms-outbox", outbox.path], dataDirectory: data)
        defer { server.stop() }
        let relay = try DatabaseQueue(path: data.appendingPathComponent("buds.sqlite").path)
        let alice = Device(server: server)
        let bob = Device(server: server)
        for (device, phone, name) in [(alice, "+14155550131", "Alice"), (bob, "+14155550132", "Bob")] {
            try await device.json(["account", "verify-phone", phone, "--name", name, "--sms-outbox", outbox.path])
        }
        try await alice.json(["circle", "create", "Friends"])
        let rosterV1 = try #require(try await relay.read { db in try Data.fetchOne(db, sql: "SELECT roster FROM circles") })
        let invite = try #require(try await alice.json(["circle", "invite", "Friends"]) as? [String: String])
        try await bob.json(["circle", "join", try #require(invite["code"]), "--name", "Friends"])
        try await alice.json(["sync"])
        try await bob.json(["sync"])

        // 1. The relay replays version 1 of the roster: Bob's app holds version 2 and refuses it.
        let rosterV2 = try #require(try await relay.read { db in try Data.fetchOne(db, sql: "SELECT roster FROM circles") })
        try await relay.write { db in try db.execute(sql: "UPDATE circles SET roster = ?, version = 1", arguments: [rosterV1]) }
        let replayed = try await bob.run(["circle", "members", "Friends"])
        #expect(replayed.status == 1 && replayed.stderr.contains("older member list"), "\(replayed.stderr)")
        try await relay.write { db in try db.execute(sql: "UPDATE circles SET roster = ?, version = 2", arguments: [rosterV2]) }
        #expect(try await bob.run(["circle", "members", "Friends"]).status == 0)

        // 2. A tampered envelope is refused and stored nowhere; it leaves the queue all the same.
        let first = try #require(try await alice.json(["add", "--strain", "Tampered", "--type", "flower", "--rating", "3"]) as? [String: Any])
        let firstID = try #require(first["id"] as? String)
        try await alice.json(["share", firstID, "--circle", "Friends"])
        try await relay.write { db in
            let bytes = try #require(try Data.fetchOne(db, sql: "SELECT bytes FROM envelopes"))
            var tampered = bytes
            tampered[tampered.count - 40] ^= 0x01
            try db.execute(sql: "UPDATE envelopes SET bytes = ?", arguments: [tampered])
        }
        let tamperedSync = try #require(try await bob.json(["sync"]) as? [String: Any])
        #expect((tamperedSync["refused"] as? [String])?.count == 1)
        #expect((tamperedSync["received"] as? [Any])?.isEmpty == true)
        #expect(try await bob.memories()["Tampered"] == nil)
        #expect(try await relay.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM queue_entries") } == 0)

        // 3. A replayed envelope (the relay queues an accepted one again) stores nothing twice.
        let second = try #require(try await alice.json(["add", "--strain", "Replayed", "--type", "edible", "--rating", "4"]) as? [String: Any])
        try await alice.json(["share", try #require(second["id"] as? String), "--circle", "Friends"])
        let queued = try await relay.read { db -> (id: Data, bytes: Data)? in
            try Row.fetchOne(db, sql: "SELECT id, bytes FROM envelopes WHERE bytes IS NOT NULL AND length(bytes) > 0").map { ($0["id"], $0["bytes"]) }
        }
        let (envelopeId, envelopeBytes) = try #require(queued)
        try await bob.json(["sync"])
        let bobAccount = try #require(try await bob.json(["account", "show"]) as? [String: Any])
        let bobDID = try #require(bobAccount["did"] as? String)
        try await relay.write { db in
            try db.execute(sql: "UPDATE envelopes SET bytes = ? WHERE id = ?", arguments: [envelopeBytes, envelopeId])
            try db.execute(
                sql: "INSERT INTO queue_entries (device_id, envelope_id, queued_at) SELECT device_id, ?, 0 FROM devices WHERE did = ?",
                arguments: [envelopeId, bobDID])
        }
        let replaySync = try #require(try await bob.json(["sync"]) as? [String: Any])
        #expect((replaySync["received"] as? [Any])?.isEmpty == true)
        let bobList = try await bob.cli.runDetached(["list", "--json"])
        #expect(try #require(try bobList.json() as? [[String: Any]]).filter { $0["strainName"] as? String == "Replayed" }.count == 1)

        // 4. The relay slips a device of its own into Bob's list: Alice's app does not take the
        // list (it is not Bob's signature), so the rogue device never gets a wrapped key.
        try await relay.write { db in
            let row = try #require(try Row.fetchOne(db, sql: "SELECT did, bytes FROM device_lists WHERE did != (SELECT owner FROM circles)"))
            let list = try DAGCBORDecoder().decode(DeviceList.self, from: row["bytes"] as Data)
            let rogue = Identity.generate()
            let certificate = try DeviceCertificate.issue(
                by: rogue, deviceId: "rogue-device", agreementKey: rogue.agreementPublicKey, sequence: 9)
            let forged = DeviceList(
                did: list.did, signingKey: list.signingKey, version: list.version + 1, devices: list.devices + [certificate],
                signature: list.signature)
            let ids = String(decoding: try JSONEncoder().encode(forged.devices.map(\.deviceId)), as: UTF8.self)
            try db.execute(
                sql: "UPDATE device_lists SET bytes = ?, version = ?, device_ids = ? WHERE did = ?",
                arguments: [try DAGCBOREncoder().encode(forged), Int64(forged.version), ids, row["did"] as String])
        }
        let third = try #require(try await alice.json(["add", "--strain", "Not For Rogues", "--type", "flower", "--rating", "5"]) as? [String: Any])
        let refusedShare = try await alice.run(["share", try #require(third["id"] as? String), "--circle", "Friends"])
        #expect(refusedShare.status == 1, "\(refusedShare.stderr)")
        #expect(try await relay.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM queue_entries WHERE device_id = 'rogue-device'") } == 0)
    }
}

/// Safety numbers (issue 18): when a member's device key changes, sharing with their circles
/// waits until the user has compared safety numbers and accepted the change.
@Suite("buds key changes", .serialized, .enabled(if: AppServerProcess.executable != nil, "app-server is not built"))
struct BudsKeyChangeTests {
    typealias Device = BudsCirclesEndToEndTests.Device

    @Test("a member's changed device key holds sharing until accepted; both sides see the same safety number")
    func keyChange() async throws {
        let folder = ScratchFolder.url("buds-keys")
        defer { try? FileManager.default.removeItem(at: folder) }
        let outbox = folder.appendingPathComponent("sms")
        let data = folder.appendingPathComponent("data")
        let server = try AppServerProcess(arguments: ["--buds-sms-outbox", outbox.path], dataDirectory: data)
        defer { server.stop() }
        let relay = try DatabaseQueue(path: data.appendingPathComponent("buds.sqlite").path)
        let alice = Device(server: server)
        let bob = Device(server: server)
        for (device, phone, name) in [(alice, "+14155550141", "Alice"), (bob, "+14155550142", "Bob")] {
            try await device.json(["account", "verify-phone", phone, "--name", name, "--sms-outbox", outbox.path])
        }
        try await alice.json(["circle", "create", "Friends"])
        let invite = try #require(try await alice.json(["circle", "invite", "Friends"]) as? [String: String])
        try await bob.json(["circle", "join", try #require(invite["code"]), "--name", "Friends"])
        try await alice.json(["sync"])
        try await bob.json(["sync"])
        let memory = try #require(try await alice.json(["add", "--strain", "Before", "--type", "flower", "--rating", "3"]) as? [String: Any])
        try await alice.json(["share", try #require(memory["id"] as? String), "--circle", "Friends"])

        // Both see the same 60 digits (Bob knows Alice's name once her entry arrives).
        try await bob.json(["sync"])
        let aliceSees = try #require(try await alice.json(["safety-number", "Bob"]) as? [String: Any])
        let bobSees = try #require(try await bob.json(["safety-number", "Alice"]) as? [String: Any])
        let number = try #require(aliceSees["number"] as? String)
        #expect(number == bobSees["number"] as? String)
        #expect(number.filter(\.isNumber).count == 60)

        // Bob's device gets a new X25519 key under the same id (a reinstall), in a list Bob signs.
        let bobKey = try Data(contentsOf: bob.cli.store.appendingPathComponent("keys/ed25519_private"))
        let bobIdentity = Identity(
            signingKey: try Curve25519.Signing.PrivateKey(rawRepresentation: bobKey), agreementKey: Curve25519.KeyAgreement.PrivateKey())
        try await relay.write { db in
            let bytes = try #require(try Data.fetchOne(db, sql: "SELECT bytes FROM device_lists WHERE did = ?", arguments: [bobIdentity.did]))
            let list = try DAGCBORDecoder().decode(DeviceList.self, from: bytes)
            let reissued = try list.devices.map { device in
                try DeviceCertificate.issue(
                    by: bobIdentity, deviceId: device.deviceId, agreementKey: bobIdentity.agreementPublicKey, sequence: device.sequence + 1)
            }
            let next = try DeviceList.sign(by: bobIdentity, version: list.version + 1, devices: reissued)
            try db.execute(
                sql: "UPDATE device_lists SET bytes = ?, version = ? WHERE did = ?",
                arguments: [try DAGCBOREncoder().encode(next), Int64(next.version), bobIdentity.did])
        }
        let later = try #require(try await alice.json(["add", "--strain", "After", "--type", "flower", "--rating", "4"]) as? [String: Any])
        let laterID = try #require(later["id"] as? String)
        let held = try await alice.run(["share", laterID, "--circle", "Friends"])
        #expect(held.status == 1 && held.stderr.contains("device key changed"), "\(held.stderr)")
        let pending = try #require(try await alice.json(["safety-number", "Bob"]) as? [String: Any])
        #expect(pending["hasPendingKeyChange"] as? Bool == true)
        #expect(pending["number"] as? String == number)  // The identity key did not change.
        let accepted = try #require(try await alice.json(["safety-number", "Bob", "--accept"]) as? [String: Any])
        #expect(accepted["hasPendingKeyChange"] as? Bool == false)
        let shared = try #require(try await alice.json(["share", laterID, "--circle", "Friends"]) as? [String: Any])
        #expect(shared["devices"] as? Int == 1)
        let events = try #require(try await alice.json(["circle", "members", "Friends"]) as? [String: Any])["events"] as? [[String: Any]]
        #expect(events?.contains { $0["kind"] as? String == "key_changed" } == true)
        #expect(events?.contains { $0["kind"] as? String == "key_accepted" } == true)
    }
}
