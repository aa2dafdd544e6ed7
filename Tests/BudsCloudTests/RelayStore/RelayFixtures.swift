import BudsCloud
import CloudWire
import Crypto
import DAGCBOR
import Foundation

/// Values the relay store contract builds its rows from. The store checks no signature, so
/// signed objects are plain bytes that say what they stand for.
enum Relay {
    static let epoch = Date(timeIntervalSince1970: 1_800_000_000)

    static func at(_ seconds: Double) -> Date { epoch.addingTimeInterval(seconds) }

    static let alice = "did:buds:alice"
    static let bob = "did:buds:bob"
    static let carol = "did:buds:carol"

    /// A phone digest for `did` (hex, as `PhoneSignIn` makes them).
    static func phone(_ did: String) -> PhoneDigest {
        PhoneDigest(hex: Hex.encode(SHA256.hash(data: Data("phone of \(did)".utf8))))
    }

    /// A new random device credential's digest.
    static func credential() -> CredentialDigest { CredentialDigest(credential: DeviceToken.generate()) }

    static func list(_ did: String, version: UInt64, devices: [String], tag: String = "") -> DeviceListRecord {
        DeviceListRecord(did: did, version: version, deviceIds: devices, bytes: Data("list \(did) v\(version) \(devices) \(tag)".utf8))
    }

    /// A 16-byte id whose bytes are all `byte`.
    static func id(_ byte: UInt8) -> Data { Data(repeating: byte, count: 16) }

    static let circle = id(0xC1)

    static func roster(_ circle: Data = circle, version: UInt64, owner: String, members: [String], tag: String = "") -> RosterRecord {
        RosterRecord(
            circleId: circle, version: version, ownerDID: owner, memberDIDs: [owner] + members,
            bytes: Data("roster v\(version) \(owner) \(members) \(tag)".utf8))
    }

    static func envelope(_ byte: UInt8, circle: Data = circle, sender: String = "alice-phone", at seconds: Double = 0) -> EnvelopeRecord {
        EnvelopeRecord(id: id(byte), circleId: circle, senderDeviceId: sender, bytes: Data("sealed \(byte)".utf8), receivedAt: at(seconds))
    }

    /// A sign-in session for `number`, as `PhoneSignIn` keeps one.
    static func session(_ id: String, number: PhoneDigest, at seconds: Double = 0) -> PhoneSignIn.Session {
        PhoneSignIn.Session(
            id: id, number: number, lastActionAt: at(seconds), sends: [at(seconds)], checks: 0, codeDigest: Data(repeating: 7, count: 32),
            codeIssuedAt: at(seconds))
    }
}

/// One registered device of the tests: who it is and the credential it registered with.
struct TestDevice: Sendable {
    let relay: RelayDevice
    let credential: CredentialDigest

    var id: String { relay.deviceId }
    var did: String { relay.did }
}

extension RelayStoreUnderTest {
    /// Registers the person `did` with the devices `ids` under one list of `version`, the first
    /// device through a phone sign-in, the others as linked devices.
    @discardableResult
    func person(_ did: String, devices ids: [String], version: UInt64 = 1) async throws -> [TestDevice] {
        let list = Relay.list(did, version: version, devices: ids)
        var devices: [TestDevice] = []
        for (index, id) in ids.enumerated() {
            let credential = Relay.credential()
            let outcome = try await store.registerDevice(
                credential: credential, deviceId: id, list: list, phone: index == 0 ? Relay.phone(did) : nil, at: Relay.epoch)
            guard outcome == .registered else { throw SetupFailed(step: "register \(id): \(outcome)") }
            devices.append(TestDevice(relay: RelayDevice(did: did, deviceId: id), credential: credential))
        }
        return devices
    }

    /// Creates the circle `circle` owned by `owner`'s person with `members` (DIDs besides the owner).
    func circle(_ circle: Data = Relay.circle, owner: TestDevice, members: [String]) async throws {
        let outcome = try await store.putRoster(Relay.roster(circle, version: 1, owner: owner.did, members: members), replacing: nil, by: owner.relay)
        guard outcome == .stored else { throw SetupFailed(step: "create circle: \(outcome)") }
    }

    /// How many envelopes wait in `deviceId`'s queue.
    func queueLength(_ deviceId: String) async throws -> Int {
        let (envelopes, remaining) = try await store.inbox(deviceId: deviceId, limit: 1_000)
        return envelopes.count + remaining
    }
}

/// A test's setup did not go as the test assumes.
struct SetupFailed: Error, CustomStringConvertible {
    let step: String
    var description: String { "setup failed: \(step)" }
}
