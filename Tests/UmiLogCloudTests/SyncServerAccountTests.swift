import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing
import UmiLogAPI

@testable import UmiLogCloud

@Suite("Sync server: accounts, key slots and devices")
struct SyncServerAccountTests {
    @Test("an account is created once (201), the same creation again is 200, another key under its id 409")
    func createAccount() async throws {
        let harness = try SyncServerHarness()
        let diver = Diver()
        try await harness.run { client in
            let first = try await client.createAccount(diver)
            #expect(first.status == .created, "\(first.text)")
            let account = try first.decoded(AccountBody.self)
            #expect(account.accountId == diver.accountID)
            #expect(account.accountKey == diver.accountKey.publicKey.rawRepresentation)

            let again = try await client.createAccount(diver)
            #expect(again.status == .ok, "\(again.text)")

            var impostor = Diver(devices: 1)
            impostor = Diver(copying: impostor, accountID: diver.accountID)
            let conflict = try await client.createAccount(impostor)
            #expect(conflict.status == .conflict)
            #expect(conflict.error?.code == "account_conflict")
            #expect(conflict.error?.field == "accountId")
        }
    }

    @Test("a creation whose device the account key did not sign is refused, naming device.accountSignature")
    func badAccountSignature() async throws {
        let harness = try SyncServerHarness()
        let diver = Diver()
        try await harness.run { client in
            var creation = try diver.creation()
            creation.device = try diver.registration(0, signedBy: Curve25519.Signing.PrivateKey())
            let response = try await client.send(.post, "/accounts", body: JSONEncoder().encode(creation))
            // The document declares no 403 for createAccount: the body contradicts itself, a 400.
            #expect(response.status == .badRequest)
            #expect(response.error?.code == "bad_account_signature")
            #expect(response.error?.field == "device.accountSignature")
            #expect(try await client.keySlots(diver).status == .notFound)
        }
    }

    @Test("a creation's fields are checked against the contract, each refusal naming its field")
    func creationFields() async throws {
        let harness = try SyncServerHarness()
        let diver = Diver()
        try await harness.run { client in
            func refused(_ field: String, _ change: (inout AccountCreationBody) -> Void) async throws {
                var creation = try diver.creation()
                change(&creation)
                let response = try await client.send(.post, "/accounts", body: JSONEncoder().encode(creation))
                #expect(response.status == .badRequest, "\(response.text)")
                #expect(response.error?.field == field, "\(response.text)")
            }
            try await refused("accountId") { $0.accountId = $0.accountId.uppercased() }
            try await refused("accountKey") { $0.accountKey = Data(count: 31) }
            try await refused("device.publicKey") { $0.device.publicKey = Data(count: 33) }
            try await refused("keySlots") { $0.keySlots = [] }
            try await refused("keySlots") { $0.keySlots = (0..<9).map { .sample("slot-\($0)") } }
            try await refused("keySlots[1].slotId") { $0.keySlots[1].slotId = "passphrase" }
            try await refused("keySlots[0].slotId") { $0.keySlots[0].slotId = "Passphrase" }
            try await refused("keySlots[1].kdf.logN") { $0.keySlots[1].kdf.logN = 9 }
            try await refused("keySlots[0].kdf.salt") { $0.keySlots[0].kdf.salt = Data(count: 8) }
            try await refused("keySlots[0].version") { $0.keySlots[0].version = 0 }
        }
    }

    @Test("key slots come back byte for byte as stored, and a put replaces one by its id")
    func keySlotsRoundTrip() async throws {
        let harness = try SyncServerHarness()
        let diver = Diver()
        let slots: [KeySlotBody] = [.sample("passphrase"), .sample("recovery", kind: "recoveryCode")]
        try await harness.run { client in
            try #require(try await client.createAccount(diver, slots: slots).status == .created)
            let listed = try await client.keySlots(diver)
            #expect(listed.status == .ok)
            #expect(try listed.decoded(KeySlotListBody.self).slots.sorted { $0.slotId < $1.slotId } == slots)
            // Each slot's canonical JSON (sorted keys, slashes unescaped) is what the store holds
            // and what the answer carries.
            let stored = try await harness.store.keySlots(accountID: try #require(UUID(uuidString: diver.accountID)))
            for slot in slots {
                let canonical = try Self.canonical(slot)
                #expect(listed.text.contains(String(decoding: canonical, as: UTF8.self)))
                #expect(stored.contains { $0.slotID == slot.slotId && $0.body == canonical })
            }

            let changed = KeySlotBody.sample("passphrase", version: 2)
            let put = try await client.signed(
                .put, "/accounts/\(diver.accountID)/key-slots/passphrase", by: diver.devices[0], body: JSONEncoder().encode(changed))
            #expect(put.status == .ok, "\(put.text)")
            #expect(try put.decoded(KeySlotBody.self) == changed)
            let after = try await client.keySlots(diver).decoded(KeySlotListBody.self).slots
            #expect(after.contains(changed))
            #expect(!after.contains(slots[0]))
            #expect(after.count == 2)
        }
    }

    @Test("a put whose body names another slot than its path is a 400 naming slotId; unknown accounts' slots are 404")
    func keySlotMismatch() async throws {
        let harness = try SyncServerHarness()
        let diver = Diver()
        try await harness.run { client in
            try #require(try await client.createAccount(diver).status == .created)
            let mismatched = try await client.signed(
                .put, "/accounts/\(diver.accountID)/key-slots/recovery", by: diver.devices[0],
                body: JSONEncoder().encode(KeySlotBody.sample("passphrase")))
            #expect(mismatched.status == .badRequest)
            #expect(mismatched.error?.code == "slot_id_mismatch")
            #expect(mismatched.error?.field == "slotId")

            let unknown = try await client.keySlots(Diver())
            #expect(unknown.status == .notFound)
            #expect(unknown.error?.code == "unknown_account")
            #expect(try await client.send(.get, "/accounts/not-a-uuid/key-slots").status == .badRequest)
        }
    }

    @Test("an account holds at most its key-slot cap: one more put is a 400")
    func keySlotCap() async throws {
        let harness = try SyncServerHarness { $0.limits.maximumKeySlots = 2 }
        let diver = Diver()
        try await harness.run { client in
            try #require(try await client.createAccount(diver).status == .created)
            let third = try await client.signed(
                .put, "/accounts/\(diver.accountID)/key-slots/spare", by: diver.devices[0], body: JSONEncoder().encode(KeySlotBody.sample("spare")))
            #expect(third.status == .badRequest)
            #expect(third.error?.code == "too_many_key_slots")
        }
    }

    @Test("a second device registers with the account key's signature (201, again 200) and not without it (403)")
    func registerDevice() async throws {
        let harness = try SyncServerHarness()
        let diver = Diver()
        try await harness.run { client in
            try #require(try await client.createAccount(diver).status == .created)
            let forged = try await client.register(diver, device: 1, signedBy: Curve25519.Signing.PrivateKey())
            #expect(forged.status == .forbidden)
            #expect(forged.error?.code == "bad_account_signature")
            #expect(forged.error?.field == "accountSignature")
            #expect(try await client.pull(diver, by: 1).status == .forbidden)

            let registered = try await client.register(diver, device: 1)
            #expect(registered.status == .created, "\(registered.text)")
            let device = try registered.decoded(DeviceBody.self)
            #expect(device.deviceId == diver.devices[1].id)
            #expect(device.publicKey == diver.devices[1].key.publicKey.rawRepresentation)
            harness.clock.advance(by: 60)
            let again = try await client.register(diver, device: 1)
            #expect(again.status == .ok)
            #expect(try again.decoded(DeviceBody.self).registeredAt == device.registeredAt)
            #expect(try await client.pull(diver, by: 1).status == .ok)

            // Another key under a known device id.
            var thief = diver
            thief.devices[1] = DeviceKey(id: diver.devices[1].id)
            let conflict = try await client.register(thief, device: 1)
            #expect(conflict.status == .conflict)
            #expect(conflict.error?.code == "device_conflict")

            #expect(try await client.register(Diver(), device: 0).status == .notFound)
        }
    }

    @Test("an account has at most its device cap: one more is a 409 too_many_devices")
    func deviceCap() async throws {
        let harness = try SyncServerHarness { $0.limits.maximumDevices = 2 }
        let diver = Diver(devices: 3)
        try await harness.run { client in
            try #require(try await client.createAccount(diver).status == .created)
            try #require(try await client.register(diver, device: 1).status == .created)
            let third = try await client.register(diver, device: 2)
            #expect(third.status == .conflict)
            #expect(third.error?.code == "too_many_devices")
        }
    }

    @Test("a device lists the account's devices and removes another; the removed one's signature opens nothing")
    func removeDevice() async throws {
        let harness = try SyncServerHarness()
        let diver = Diver(devices: 2)
        try await harness.run { client in
            try #require(try await client.createAccount(diver).status == .created)
            harness.clock.advance(by: 1)
            try #require(try await client.register(diver, device: 1).status == .created)
            let listed = try await client.signed(.get, "/accounts/\(diver.accountID)/devices", by: diver.devices[1])
            #expect(try listed.decoded(DeviceListBody.self).devices.map(\.deviceId) == diver.devices.map(\.id))

            let removed = try await client.signed(.delete, "/accounts/\(diver.accountID)/devices/\(diver.devices[1].id)", by: diver.devices[0])
            #expect(removed.status == .noContent)
            let refused = try await client.pull(diver, by: 1)
            #expect(refused.status == .forbidden)
            #expect(refused.error?.code == "unknown_device")
            // Removing it again changes nothing; a device may remove itself.
            #expect(
                try await client.signed(.delete, "/accounts/\(diver.accountID)/devices/\(diver.devices[1].id)", by: diver.devices[0]).status
                    == .noContent)
            #expect(
                try await client.signed(.delete, "/accounts/\(diver.accountID)/devices/\(diver.devices[0].id)", by: diver.devices[0]).status
                    == .noContent)
            #expect(try await client.pull(diver, by: 0).status == .forbidden)
        }
    }

    static func canonical(_ slot: KeySlotBody) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(slot)
    }
}

extension Diver {
    /// `other`'s keys under `accountID` (an impostor reusing a known account id).
    init(copying other: Diver, accountID: String) {
        self.init(accountID: accountID, accountKey: other.accountKey, devices: other.devices)
    }
}

extension DeviceKey {
    /// A new key under a known device id.
    init(id: String) {
        self.init(id: id, key: Curve25519.Signing.PrivateKey())
    }
}
