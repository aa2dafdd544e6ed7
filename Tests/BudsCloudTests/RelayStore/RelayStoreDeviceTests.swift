import BudsCloud
import Foundation
import Testing

/// The relay store contract, part 2: accounts, devices, their lists and push tokens, and link
/// channels, on every backend.
@Suite("Relay store contract: devices and links")
struct RelayStoreDeviceTests {
    @Test("a verified phone creates the account: the credential finds the device, the list is stored", arguments: RelayStoreBackend.available)
    func registerWithPhone(backend: RelayStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let credential = Relay.credential()
            let list = Relay.list(Relay.alice, version: 1, devices: ["alice-phone"])
            let outcome = try await store.registerDevice(
                credential: credential, deviceId: "alice-phone", list: list, phone: Relay.phone(Relay.alice), at: Relay.epoch)
            #expect(outcome == .registered)
            #expect(try await store.device(credential: credential) == RelayDevice(did: Relay.alice, deviceId: "alice-phone"))
            #expect(try await store.deviceList(did: Relay.alice) == list)
            #expect(try await store.device(credential: Relay.credential()) == nil)
            #expect(try await store.deviceList(did: Relay.bob) == nil)
        }
    }

    @Test("without a phone the account must exist; nothing is written otherwise", arguments: RelayStoreBackend.available)
    func unknownAccount(backend: RelayStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let credential = Relay.credential()
            let list = Relay.list(Relay.alice, version: 1, devices: ["alice-phone"])
            #expect(
                try await store.registerDevice(credential: credential, deviceId: "alice-phone", list: list, phone: nil, at: Relay.epoch)
                    == .unknownAccount)
            #expect(try await store.device(credential: credential) == nil)
            #expect(try await store.deviceList(did: Relay.alice) == nil)
            // Once the account exists, a linked device registers without a phone.
            try await subject.person(Relay.alice, devices: ["alice-phone", "alice-laptop"])
        }
    }

    @Test("a phone verified under a new DID moves to that account", arguments: RelayStoreBackend.available)
    func phoneMoves(backend: RelayStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let phone = Relay.phone("shared phone")
            for (did, device) in [(Relay.alice, "alice-phone"), (Relay.bob, "bob-phone")] {
                let outcome = try await subject.store.registerDevice(
                    credential: Relay.credential(), deviceId: device, list: Relay.list(did, version: 1, devices: [device]), phone: phone,
                    at: Relay.epoch)
                #expect(outcome == .registered)
                #expect(try await subject.phoneOwners(phone) == [did])
            }
        }
    }

    @Test("a list replaces the stored one only when newer; the same version with the same bytes is a retry", arguments: RelayStoreBackend.available)
    func listVersions(backend: RelayStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let phone = try #require(try await subject.person(Relay.alice, devices: ["alice-phone"], version: 2).first)
            let stored = Relay.list(Relay.alice, version: 2, devices: ["alice-phone"])
            // The same registration again (a retry) succeeds and changes nothing.
            #expect(
                try await store.registerDevice(credential: phone.credential, deviceId: phone.id, list: stored, phone: nil, at: Relay.epoch)
                    == .registered)
            for older in [
                Relay.list(Relay.alice, version: 2, devices: ["alice-phone", "alice-laptop"]),
                Relay.list(Relay.alice, version: 1, devices: ["alice-phone", "alice-laptop"]),
            ] {
                #expect(
                    try await store.registerDevice(credential: Relay.credential(), deviceId: "alice-laptop", list: older, phone: nil, at: Relay.epoch)
                        == .staleList(storedVersion: 2))
            }
            #expect(try await store.deviceList(did: Relay.alice) == stored)
            let newer = Relay.list(Relay.alice, version: 3, devices: ["alice-phone", "alice-laptop"])
            let laptop = Relay.credential()
            #expect(
                try await store.registerDevice(credential: laptop, deviceId: "alice-laptop", list: newer, phone: nil, at: Relay.epoch) == .registered)
            #expect(try await store.deviceList(did: Relay.alice) == newer)
            #expect(try await store.device(credential: laptop) == RelayDevice(did: Relay.alice, deviceId: "alice-laptop"))
            #expect(try await store.device(credential: phone.credential) == phone.relay)
        }
    }

    @Test("a credential of another device is in use; a device id of another person is taken", arguments: RelayStoreBackend.available)
    func uniqueness(backend: RelayStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let alice = try await subject.person(Relay.alice, devices: ["alice-phone"])[0]
            try await subject.person(Relay.bob, devices: ["bob-phone"])
            let laptop = Relay.list(Relay.alice, version: 2, devices: ["alice-phone", "alice-laptop"])
            #expect(
                try await store.registerDevice(credential: alice.credential, deviceId: "alice-laptop", list: laptop, phone: nil, at: Relay.epoch)
                    == .credentialInUse)
            let bobs = Relay.list(Relay.bob, version: 2, devices: ["bob-phone", "alice-phone"])
            #expect(
                try await store.registerDevice(credential: Relay.credential(), deviceId: "alice-phone", list: bobs, phone: nil, at: Relay.epoch)
                    == .deviceIdTaken)
            // Nothing of the refused registrations was kept.
            #expect(try await store.deviceList(did: Relay.alice)?.version == 1)
            #expect(try await store.deviceList(did: Relay.bob)?.version == 1)
            #expect(try await store.device(credential: alice.credential) == alice.relay)
        }
    }

    @Test("registering leaves out devices: they lose their credential and their queue", arguments: RelayStoreBackend.available)
    func registrationRemovesDevices(backend: RelayStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let devices = try await subject.person(Relay.alice, devices: ["alice-phone", "alice-tablet"])
            try await subject.circle(owner: devices[0], members: [])
            let envelope = Relay.envelope(1)
            #expect(try await store.enqueue(envelope, recipients: ["alice-tablet"], rosterVersion: 1, maximumQueue: 10) == .queued)
            let laptop = Relay.credential()
            let list = Relay.list(Relay.alice, version: 2, devices: ["alice-phone", "alice-laptop"])
            #expect(
                try await store.registerDevice(credential: laptop, deviceId: "alice-laptop", list: list, phone: nil, at: Relay.epoch) == .registered)
            #expect(try await store.device(credential: devices[1].credential) == nil)
            #expect(try await store.device(credential: devices[0].credential) == devices[0].relay)
            #expect(try await subject.queueLength("alice-tablet") == 0)
            // No queue holds the envelope: its bytes are gone, its id stays.
            #expect(try await subject.envelopeBytes(envelope.id) == .some(nil))
        }
    }

    @Test(
        "a newer list from one of the person's devices replaces the list; left-out devices go with their queues",
        arguments: RelayStoreBackend.available)
    func replaceList(backend: RelayStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let devices = try await subject.person(Relay.alice, devices: ["alice-phone", "alice-tablet", "alice-laptop"])
            try await subject.circle(owner: devices[0], members: [])
            let envelope = Relay.envelope(1)
            #expect(
                try await store.enqueue(envelope, recipients: ["alice-tablet", "alice-laptop"], rosterVersion: 1, maximumQueue: 10) == .queued)
            let list = Relay.list(Relay.alice, version: 2, devices: ["alice-phone", "alice-laptop"])
            #expect(try await store.replaceDeviceList(list, by: devices[0].relay) == .replaced)
            #expect(try await store.deviceList(did: Relay.alice) == list)
            #expect(try await store.device(credential: devices[1].credential) == nil)
            #expect(try await subject.queueLength("alice-tablet") == 0)
            #expect(try await subject.queueLength("alice-laptop") == 1)
            // The laptop's queue still holds the envelope: its bytes stay.
            #expect(try await subject.envelopeBytes(envelope.id) == .some(envelope.bytes))
            // The removed device may no longer change the list.
            let back = Relay.list(Relay.alice, version: 3, devices: ["alice-phone", "alice-tablet", "alice-laptop"])
            #expect(try await store.replaceDeviceList(back, by: devices[1].relay) == .forbidden)
        }
    }

    @Test("a list change is refused when not the sender's person's, without the sender, or not newer", arguments: RelayStoreBackend.available)
    func replaceListRefusals(backend: RelayStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let alice = try await subject.person(Relay.alice, devices: ["alice-phone", "alice-tablet"], version: 2)
            let bob = try await subject.person(Relay.bob, devices: ["bob-phone"])[0]
            let without = Relay.list(Relay.alice, version: 3, devices: ["alice-tablet"])
            #expect(try await store.replaceDeviceList(without, by: alice[0].relay) == .forbidden)
            let fine = Relay.list(Relay.alice, version: 3, devices: ["alice-phone"])
            #expect(try await store.replaceDeviceList(fine, by: bob.relay) == .forbidden)
            for version: UInt64 in [1, 2] {
                let stale = Relay.list(Relay.alice, version: version, devices: ["alice-phone"], tag: "other")
                #expect(try await store.replaceDeviceList(stale, by: alice[0].relay) == .staleList(storedVersion: 2))
            }
            #expect(try await store.deviceList(did: Relay.alice)?.version == 2)
            #expect(try await store.device(credential: alice[1].credential) == alice[1].relay)
        }
    }

    @Test("push tokens: those of the devices asked for that have one", arguments: RelayStoreBackend.available)
    func pushTokens(backend: RelayStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let alice = try await subject.person(Relay.alice, devices: ["alice-phone", "alice-tablet", "alice-laptop"])
            try await store.setPushToken("token-phone", for: alice[0].relay)
            try await store.setPushToken("token-laptop-old", for: alice[2].relay)
            try await store.setPushToken("token-laptop", for: alice[2].relay)
            let tokens = try await store.pushTokens(deviceIds: ["alice-phone", "alice-tablet", "alice-laptop", "nobody"])
            #expect(tokens == ["token-phone", "token-laptop"])
            #expect(try await store.pushTokens(deviceIds: ["alice-tablet"]).isEmpty)
            #expect(try await store.pushTokens(deviceIds: []).isEmpty)
        }
    }

    @Test("a link channel: pending until filled, filled once, its content taken once", arguments: RelayStoreBackend.available)
    func linkChannel(backend: RelayStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let token = CredentialDigest(linkToken: Relay.id(0x11))
            let sealed = Data("sealed identity".utf8)
            try await store.openLink(token: token, expiresAt: Relay.at(600))
            #expect(try await store.takeLink(token: token, at: Relay.at(1)) == .pending)
            #expect(try await store.fillLink(token: token, sealed: sealed, at: Relay.at(2)) == .filled)
            #expect(try await store.fillLink(token: token, sealed: Data("another".utf8), at: Relay.at(3)) == .alreadyFilled)
            #expect(try await store.takeLink(token: token, at: Relay.at(4)) == .content(sealed))
            #expect(try await store.takeLink(token: token, at: Relay.at(5)) == .unknown)
            #expect(try await store.fillLink(token: token, sealed: sealed, at: Relay.at(6)) == .unknown)
            #expect(try await subject.rowCount("links") == 0)
        }
    }

    @Test("a link channel is unknown when never opened or once expired", arguments: RelayStoreBackend.available)
    func linkExpiry(backend: RelayStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let never = CredentialDigest(linkToken: Relay.id(0x10))
            #expect(try await store.takeLink(token: never, at: Relay.epoch) == .unknown)
            #expect(try await store.fillLink(token: never, sealed: Data([1]), at: Relay.epoch) == .unknown)
            let empty = CredentialDigest(linkToken: Relay.id(0x11))
            try await store.openLink(token: empty, expiresAt: Relay.at(600))
            #expect(try await store.fillLink(token: empty, sealed: Data([1]), at: Relay.at(600)) == .unknown)
            #expect(try await store.takeLink(token: empty, at: Relay.at(600)) == .unknown)
            let filled = CredentialDigest(linkToken: Relay.id(0x12))
            try await store.openLink(token: filled, expiresAt: Relay.at(600))
            #expect(try await store.fillLink(token: filled, sealed: Data([1]), at: Relay.at(599)) == .filled)
            #expect(try await store.takeLink(token: filled, at: Relay.at(601)) == .unknown)
        }
    }
}
