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

/// Every `format: byte` field of the contract fed random bytes, valid objects with bytes flipped,
/// cut or grown, and text that is no base64: the relay refuses with a 4xx naming a field, never
/// a 5xx.
@Suite("Relay: fuzzed byte fields")
struct RelayFuzzTests {
    @Test("random and mutated bytes in every byte field never produce a 5xx")
    func byteFields() async throws {
        let harness = try RelayHarness { $0.signIn.maximumChecks = 10_000 }
        let alice = try Person("alice", phone: Phones.alice, devices: 2)
        let bob = try Person("bob", phone: Phones.bob)
        try await harness.run { client in
            try #require(try await client.signIn(alice).status == .ok)
            try #require(try await client.signIn(bob).status == .ok)
            let v1 = try CircleRoster.create(by: alice.identity)
            try #require(try await client.putRoster(v1, by: alice.devices[0]).status == .noContent)
            let invitation = CircleInvitation()
            try #require(try await client.createInvite(invitation, circleId: v1.circleId, by: alice.devices[0]).status == .created)
            let link = try await client.send(.post, "/links").decoded(Components.Schemas.Link.self).token
            let session = try await client.startSignIn(Phones.carol).decoded(Components.Schemas.SignInSession.self).session
            let circle = Hex.encode(v1.circleId)
            let newcomer = try Person("newcomer", phone: Phones.dave)

            // Each field: where it goes, who sends it, a valid value to mutate, the other keys.
            struct Target {
                let method: HTTPRequest.Method
                let path: String
                let field: String
                let device: Person.Device
                let valid: Data
                var others: [String: String] = [:]
            }
            let targets = [
                Target(
                    method: .post, path: "/sign-in/\(session)/verify", field: "deviceList", device: newcomer.devices[0],
                    valid: try newcomer.list(version: 1), others: ["code": "000000x", "deviceId": newcomer.devices[0].id]),
                Target(
                    method: .post, path: "/devices", field: "deviceList", device: alice.devices[1], valid: try alice.list(version: 5),
                    others: ["deviceId": alice.devices[1].id]),
                Target(
                    method: .put, path: "/accounts/\(alice.did)/devices", field: "deviceList", device: alice.devices[0],
                    valid: try alice.list(version: 6)),
                Target(method: .put, path: "/links/\(link)", field: "sealed", device: alice.devices[0], valid: Data(repeating: 7, count: 64)),
                Target(
                    method: .put, path: "/circles/\(circle)/roster", field: "roster", device: alice.devices[0],
                    valid: try DAGCBOREncoder().encode(try v1.adding(bob.member, by: alice.identity))),
                Target(
                    method: .post, path: "/invites/\(Hex.encode(invitation.inviteId))/join", field: "request", device: bob.devices[0],
                    valid: try CircleJoinRequest.make(invitation: invitation, identity: bob.identity, name: "Bob").serialized()),
                Target(
                    method: .post, path: "/circles/\(circle)/envelopes", field: "envelope", device: alice.devices[0],
                    valid: try alice.seal(circleId: v1.circleId, rosterVersion: 1, to: [alice.devices[1]])),
            ]
            var random = SplitMix64(seed: 0xB0D5)
            for target in targets {
                for round in 0..<60 {
                    var bytes = target.valid
                    switch round % 4 {
                    case 0:
                        bytes = Data(random.bytes(Int.random(in: 0...600, using: &random)))
                    case 1:
                        for _ in 0...Int.random(in: 0...3, using: &random) where !bytes.isEmpty {
                            bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
                        }
                    case 2:
                        bytes = bytes.prefix(Int.random(in: 0..<max(1, bytes.count), using: &random))
                    default:
                        bytes += Data(random.bytes(Int.random(in: 1...64, using: &random)))
                    }
                    var body = target.others
                    body[target.field] = bytes.base64EncodedString()
                    let response = try await client.json(target.method, target.path, body, credential: target.device.credential)
                    #expect(response.status.code < 500, "\(target.field) round \(round): \(response.text)")
                    if response.status.code >= 400 {
                        #expect(response.error?.code.isEmpty == false, "\(response.text)")
                    }
                }
                // Text that is no base64 (a length no base64 has, or nothing of the alphabet at all).
                for text in ["A", "AAAAA", "%%%%", "=A==", String(repeating: "Z", count: 9)] {
                    var body = target.others
                    body[target.field] = text
                    let response = try await client.json(target.method, target.path, body, credential: target.device.credential)
                    #expect(response.status.code < 500, "\(target.field) \(text): \(response.text)")
                    if response.status == .badRequest, response.error?.code == "invalid_base64" {
                        #expect(response.error?.field == target.field)
                    }
                }
            }
        }
    }
}
