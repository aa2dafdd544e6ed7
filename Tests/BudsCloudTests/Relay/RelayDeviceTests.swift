import BudsAPI
import CloudWire
import Crypto
import DAGCBOR
import Foundation
import HTTPTypes
import HummingbirdTesting
import Identity
import TestSupport
import Testing

@testable import BudsCloud

/// Devices: linking more of a person's devices, their signed list replaced to remove one, the
/// list read by others, push tokens.
@Suite("Relay: devices and device lists")
struct RelayDeviceTests {
    @Test("a linked device registers under a newer list; at most five devices; no account, no link")
    func linkedDevices() async throws {
        let harness = try RelayHarness()
        let alice = try Person("alice", phone: Phones.alice, devices: 5)
        let bob = try Person("bob", phone: Phones.bob)
        try await harness.run { client in
            // Before Alice verified a phone, her DID has no account.
            let early = try await client.link(alice, device: 1, version: 1, devices: [0, 1])
            #expect(early.status == .notFound)
            #expect(early.error?.code == "unknown_account")
            try #require(try await client.signIn(alice, devices: [0]).status == .ok)
            for index in 1..<5 {
                let linked = try await client.link(alice, device: index, version: UInt64(index + 1), devices: Array(0...index))
                #expect(linked.status == .created, "\(linked.text)")
                #expect(try linked.decoded(Components.Schemas.Account.self).deviceId == alice.devices[index].id)
            }
            // A sixth device: a list of six is not a list Identity signs, and the relay refuses one
            // signed by hand.
            var six = alice
            try six.addDevice()
            let sixList = try Self.signedByHand(six, version: 6)
            let response = try await client.json(
                .post, "/devices", ["deviceId": six.devices[5].id, "deviceList": sixList.base64EncodedString()],
                credential: six.devices[5].credential)
            #expect(response.status == .badRequest)
            #expect(response.error?.code == "invalid_device_list")
            #expect(response.error?.field == "deviceList")
            // A list that does not name the calling device, and a replayed one.
            let unnamed = try await client.json(
                .post, "/devices", ["deviceId": bob.devices[0].id, "deviceList": try alice.list(version: 9).base64EncodedString()],
                credential: bob.devices[0].credential)
            #expect(unnamed.error?.code == "device_not_in_list")
            let replay = try await client.link(alice, device: 4, version: 5)
            #expect(replay.status == .created || replay.status == .conflict)
        }
    }

    @Test("a newer list without a device: its credential stops working and its queue is gone")
    func removeDevice() async throws {
        let harness = try RelayHarness()
        let alice = try Person("alice", phone: Phones.alice, devices: 2)
        try await harness.run { client in
            try #require(try await client.signIn(alice, devices: [0]).status == .ok)
            try #require(try await client.link(alice, device: 1, version: 2).status == .created)
            // Alice's own circle: an envelope from her phone goes to her tablet.
            let roster = try CircleRoster.create(by: alice.identity)
            try #require(try await client.putRoster(roster, by: alice.devices[0]).status == .noContent)
            let envelope = try alice.seal(circleId: roster.circleId, rosterVersion: 1, to: [alice.devices[1]])
            try #require(try await client.sendEnvelope(envelope, circleId: roster.circleId, by: alice.devices[0]).status == .created)
            #expect(try await client.inbox(alice.devices[1]).envelopes.count == 1)

            let removal = try await client.json(
                .put, "/accounts/\(alice.did)/devices", ["deviceList": try alice.list(version: 3, devices: [0]).base64EncodedString()],
                credential: alice.devices[0].credential)
            #expect(removal.status == .noContent, "\(removal.text)")
            let removed = try await client.send(.get, "/inbox", credential: alice.devices[1].credential)
            #expect(removed.status == .forbidden)
            #expect(removed.error?.code == "unregistered_device")
            #expect(removed.error?.field == "Authorization")
            #expect(try await harness.store.inbox(deviceId: alice.devices[1].id, limit: 10).envelopes.isEmpty)
            // The list others read is the new one.
            let read = try await client.send(.get, "/accounts/\(alice.did)/devices", credential: alice.devices[0].credential)
            let list = try DAGCBORDecoder().decode(DeviceList.self, from: try read.decoded(DeviceListBody.self).deviceList)
            #expect(list.version == 3)
            #expect(list.devices.map(\.deviceId) == [alice.devices[0].id])
        }
    }

    @Test("replacing a list: only one's own, newer, keeping the caller, the path's DID")
    func replaceRefusals() async throws {
        let harness = try RelayHarness()
        let alice = try Person("alice", phone: Phones.alice, devices: 2)
        let bob = try Person("bob", phone: Phones.bob)
        try await harness.run { client in
            try #require(try await client.signIn(alice, version: 2).status == .ok)
            try #require(try await client.signIn(bob).status == .ok)
            func put(_ path: String, _ list: Data, by device: Person.Device) async throws -> TestResponse {
                try await client.json(.put, "/accounts/\(path)/devices", ["deviceList": list.base64EncodedString()], credential: device.credential)
            }
            let stale = try await put(alice.did, alice.list(version: 2, devices: [0]), by: alice.devices[0])
            #expect(stale.status == .conflict)
            #expect(stale.error?.code == "stale_device_list")
            let otherPath = try await put(bob.did, alice.list(version: 3), by: alice.devices[0])
            #expect(otherPath.status == .badRequest)
            #expect(otherPath.error?.field == "did")
            let notHers = try await put(bob.did, bob.list(version: 2), by: alice.devices[0])
            #expect(notHers.status == .forbidden)
            #expect(notHers.error?.code == "not_your_device_list")
            let leavesCallerOut = try await put(alice.did, alice.list(version: 3, devices: [1]), by: alice.devices[0])
            #expect(leavesCallerOut.status == .forbidden)
            let garbage = try await put(alice.did, Data([0xA1, 0x00]), by: alice.devices[0])
            #expect(garbage.status == .badRequest)
            #expect(garbage.error?.field == "deviceList")
            let unregistered = try await put(alice.did, alice.list(version: 3), by: try Person("eve", phone: Phones.dave).devices[0])
            #expect(unregistered.status == .forbidden)
            #expect(unregistered.error?.code == "unregistered_device")
            // A device list is readable by any registered device; an unknown DID is a 404.
            #expect(try await client.send(.get, "/accounts/\(alice.did)/devices", credential: bob.devices[0].credential).status == .ok)
            let unknown = try await client.send(.get, "/accounts/did:buds:nobody/devices", credential: bob.devices[0].credential)
            #expect(unknown.status == .notFound)
            let long = try await client.send(
                .get, "/accounts/\(String(repeating: "d", count: 129))/devices", credential: bob.devices[0].credential)
            #expect(long.status == .badRequest)
            #expect(long.error?.field == "did")
        }
    }

    @Test("a push token is stored for a registered device; a malformed one is refused naming token")
    func pushTokens() async throws {
        let harness = try RelayHarness()
        let alice = try Person("alice", phone: Phones.alice)
        try await harness.run { client in
            try #require(try await client.signIn(alice).status == .ok)
            let set = try await client.json(.put, "/devices/me/push-token", ["token": "a1b2c3"], credential: alice.devices[0].credential)
            #expect(set.status == .noContent)
            #expect(try await harness.store.pushTokens(deviceIds: [alice.devices[0].id]) == ["a1b2c3"])
            for bad in ["", "has space", String(repeating: "t", count: 257), "é"] {
                let response = try await client.json(.put, "/devices/me/push-token", ["token": bad], credential: alice.devices[0].credential)
                #expect(response.status == .badRequest, "\(bad)")
                #expect(response.error?.field == "token")
            }
            let stranger = try await client.json(.put, "/devices/me/push-token", ["token": "x"], credential: DeviceToken.generate())
            #expect(stranger.status == .forbidden)
        }
    }

    /// A list of `person`'s devices signed the way `DeviceList.sign` signs, without its checks
    /// (it refuses more than five devices, as the relay must too).
    static func signedByHand(_ person: Person, version: UInt64) throws -> Data {
        struct Body: Codable {
            let did: String
            let signingKey: Data
            let version: UInt64
            let devices: [DeviceCertificate]
        }
        let certificates = person.devices.map(\.certificate)
        let body = Body(did: person.did, signingKey: person.identity.signingPublicKey, version: version, devices: certificates)
        let signature = try person.identity.sign(Data("buds.device-list.v1".utf8) + DAGCBOREncoder().encode(body))
        return try DAGCBOREncoder().encode(
            DeviceList(did: person.did, signingKey: person.identity.signingPublicKey, version: version, devices: certificates, signature: signature))
    }
}
