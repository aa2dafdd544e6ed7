import Foundation
import Testing
import UmiLogCloud

/// The sync store contract, part 1: accounts, devices and key slots, on every backend.
@Suite("Sync store contract: accounts, devices and key slots")
struct SyncStoreContractAccountTests {
    @Test(
        "creating an account stores its key, first device and slots; the same creation again is alreadyCreated",
        arguments: SyncStoreBackend.available)
    func create(backend: SyncStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let id = UUID()
            let device = Sync.device(id)
            let slots = [Sync.slot(id, "recovery", body: #"{"b":2}"#), Sync.slot(id, "passphrase", body: #"{"a":1}"#)]
            #expect(try await store.createAccount(Sync.account(id), device: device, slots: slots) == .created)

            let account = try #require(try await store.account(id: id))
            #expect(account.accountKey == Sync.key(1))
            #expect(Sync.milliseconds(account.createdAt) == Sync.milliseconds(Sync.epoch))
            let stored = try #require(try await store.device(accountID: id, deviceID: device.deviceID))
            #expect(stored.publicKey == device.publicKey)
            #expect(Sync.milliseconds(stored.registeredAt) == Sync.milliseconds(Sync.epoch))
            #expect(try await store.keySlots(accountID: id).map(\.slotID) == ["passphrase", "recovery"])
            #expect(try await store.keySlots(accountID: id).map(\.body) == [Data(#"{"a":1}"#.utf8), Data(#"{"b":2}"#.utf8)])

            // A retry later, even with other slots, changes nothing.
            let retry = SyncAccountRecord(id: id, accountKey: Sync.key(1), createdAt: Sync.at(60))
            #expect(try await store.createAccount(retry, device: Sync.device(id, device.deviceID, at: Sync.at(60)), slots: []) == .alreadyCreated)
            #expect(try await store.keySlots(accountID: id).count == 2)
            #expect(try await store.account(id: id).map { Sync.milliseconds($0.createdAt) } == Sync.milliseconds(Sync.epoch))
            #expect(try await store.account(id: UUID()) == nil)
        }
    }

    @Test(
        "another key, another first device or another device key under an existing account id is a conflict that changes nothing",
        arguments: SyncStoreBackend.available)
    func createConflict(backend: SyncStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let id = UUID()
            let device = Sync.device(id)
            #expect(try await store.createAccount(Sync.account(id), device: device, slots: []) == .created)
            #expect(try await store.createAccount(Sync.account(id, key: 9), device: device, slots: []) == .conflict)
            #expect(try await store.createAccount(Sync.account(id), device: Sync.device(id), slots: []) == .conflict)
            #expect(try await store.createAccount(Sync.account(id), device: Sync.device(id, device.deviceID, key: 9), slots: []) == .conflict)
            #expect(try await store.createAccount(Sync.account(id), device: Sync.device(id), slots: [Sync.slot(id, "x")]) == .conflict)
            #expect(try await store.account(id: id)?.accountKey == Sync.key(1))
            #expect(try await store.devices(accountID: id).map(\.deviceID) == [device.deviceID])
            #expect(try await store.keySlots(accountID: id).isEmpty)
        }
    }

    @Test(
        "registering devices: registered, alreadyRegistered, conflict, tooManyDevices, noSuchAccount",
        arguments: SyncStoreBackend.available)
    func register(backend: SyncStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let account = try await subject.account()
            let second = Sync.device(account.id, key: 3, at: Sync.at(1))
            #expect(try await store.registerDevice(second, maximumDevices: 3) == .registered)
            #expect(try await store.registerDevice(second, maximumDevices: 3) == .alreadyRegistered)
            #expect(try await store.registerDevice(Sync.device(account.id, second.deviceID, key: 4), maximumDevices: 3) == .conflict)
            #expect(try await store.device(accountID: account.id, deviceID: second.deviceID)?.publicKey == Sync.key(3))
            let third = Sync.device(account.id, key: 5, at: Sync.at(2))
            #expect(try await store.registerDevice(third, maximumDevices: 3) == .registered)
            #expect(try await store.registerDevice(Sync.device(account.id, key: 6, at: Sync.at(3)), maximumDevices: 3) == .tooManyDevices)
            // A known device is answered as known even at the cap.
            #expect(try await store.registerDevice(third, maximumDevices: 3) == .alreadyRegistered)
            #expect(try await store.devices(accountID: account.id).map(\.deviceID) == [account.device, second.deviceID, third.deviceID])
            #expect(try await store.registerDevice(Sync.device(UUID()), maximumDevices: 3) == .noSuchAccount)
            #expect(try await store.device(accountID: UUID(), deviceID: account.device) == nil)
        }
    }

    @Test("a removed device is gone, frees its place under the cap, and can register again", arguments: SyncStoreBackend.available)
    func remove(backend: SyncStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let account = try await subject.account()
            let second = Sync.device(account.id, key: 3, at: Sync.at(1))
            #expect(try await store.registerDevice(second, maximumDevices: 2) == .registered)
            try await store.removeDevice(accountID: account.id, deviceID: second.deviceID)
            #expect(try await store.device(accountID: account.id, deviceID: second.deviceID) == nil)
            try await store.removeDevice(accountID: account.id, deviceID: second.deviceID)
            try await store.removeDevice(accountID: UUID(), deviceID: UUID())

            let other = Sync.device(account.id, key: 4, at: Sync.at(2))
            #expect(try await store.registerDevice(other, maximumDevices: 2) == .registered)
            #expect(try await store.registerDevice(second, maximumDevices: 2) == .tooManyDevices)
            try await store.removeDevice(accountID: account.id, deviceID: other.deviceID)
            #expect(try await store.registerDevice(second, maximumDevices: 2) == .registered)
            #expect(try await store.devices(accountID: account.id).map(\.deviceID) == [account.device, second.deviceID])
        }
    }

    @Test(
        "key slots: stored, replaced by id byte for byte, tooManySlots only for a new id, noSuchAccount",
        arguments: SyncStoreBackend.available)
    func slots(backend: SyncStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let account = try await subject.account()
            let body = #"{ "wrapped" : "AAEC", "kdf":{"m":65536} }"#
            #expect(try await store.putKeySlot(Sync.slot(account.id, "passphrase", body: body), maximumSlots: 2) == .stored)
            #expect(try await store.putKeySlot(Sync.slot(account.id, "recovery"), maximumSlots: 2) == .stored)
            #expect(try await store.putKeySlot(Sync.slot(account.id, "third"), maximumSlots: 2) == .tooManySlots)
            let replacement = Sync.slot(account.id, "passphrase", body: #"{"new":true}"#, at: Sync.at(5))
            #expect(try await store.putKeySlot(replacement, maximumSlots: 2) == .stored)
            let slots = try await store.keySlots(accountID: account.id)
            #expect(slots.map(\.slotID) == ["passphrase", "recovery"])
            #expect(slots.first?.body == Data(#"{"new":true}"#.utf8))
            #expect(slots.first.map { Sync.milliseconds($0.updatedAt) } == Sync.milliseconds(Sync.at(5)))
            #expect(try await store.putKeySlot(Sync.slot(UUID(), "passphrase"), maximumSlots: 2) == .noSuchAccount)
            #expect(try await store.keySlots(accountID: UUID()).isEmpty)
        }
    }
}
