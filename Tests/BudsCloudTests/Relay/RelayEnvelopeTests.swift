import BudsAPI
import CloudWire
import Crypto
import DAGCBOR
import Foundation
import HTTPTypes
import HummingbirdTesting
import Identity
import ServerKit
import TestSupport
import Testing

@testable import BudsCloud

/// Sealed envelopes: what the relay checks before queueing one, the queues, the inbox and its
/// acknowledgements, and the wake-ups.
@Suite("Relay: envelopes, queues and pushes")
struct RelayEnvelopeTests {
    /// Alice (phone and tablet) owns a circle with Bob (one phone); everyone signed in.
    struct Circle {
        let alice: Person
        let bob: Person
        let roster: CircleRoster

        var circleId: Data { roster.circleId }

        static func make(_ client: RelayClient) async throws -> Circle {
            let alice = try Person("alice", phone: Phones.alice, devices: 2)
            let bob = try Person("bob", phone: Phones.bob)
            try #require(try await client.signIn(alice).status == .ok)
            try #require(try await client.link(alice, device: 1, version: 2).status == .created)
            try #require(try await client.signIn(bob).status == .ok)
            // Version 1 creates the circle (the owner alone), version 2 adds Bob.
            let v1 = try CircleRoster.create(by: alice.identity)
            try #require(try await client.putRoster(v1, by: alice.devices[0]).status == .noContent)
            let v2 = try v1.adding(bob.member, by: alice.identity)
            try #require(try await client.putRoster(v2, by: alice.devices[0]).status == .noContent)
            return Circle(alice: alice, bob: bob, roster: v2)
        }

        /// An envelope from Alice's phone to everyone else's devices at the current roster.
        func fromAlice(envelopeId: Data = CircleEnvelopeSealer.randomId()) throws -> Data {
            try alice.seal(circleId: circleId, rosterVersion: roster.version, to: [alice.devices[1], bob.devices[0]], envelopeId: envelopeId)
        }
    }

    @Test("an envelope is queued for every recipient, read oldest first, removed by acknowledgement")
    func queueAndAcknowledge() async throws {
        let harness = try RelayHarness()
        try await harness.run { client in
            let circle = try await Circle.make(client)
            var sent: [Data] = []
            for _ in 0..<3 {
                let envelope = try circle.fromAlice()
                let response = try await client.sendEnvelope(envelope, circleId: circle.circleId, by: circle.alice.devices[0])
                #expect(response.status == .created, "\(response.text)")
                #expect(try response.decoded(Components.Schemas.EnvelopeReceipt.self).recipients == 2)
                sent.append(envelope)
                harness.clock.advance(by: 1)
            }
            // Bob opens what he reads.
            let first = try await client.inbox(circle.bob.devices[0], limit: 2)
            #expect(first.envelopes.count == 2)
            #expect(first.remaining == 1)
            let opener = CircleEnvelopeOpener(deviceId: circle.bob.devices[0].id, deviceKey: circle.bob.devices[0].key)
            let opened = try opener.open(try CircleEnvelope(serialized: first.envelopes[0].envelope)) { _ in true }
            #expect(opened.header.sender == circle.alice.devices[0].certificate)
            #expect(first.envelopes.map(\.envelope) == Array(sent.prefix(2)))
            #expect(try await client.acknowledge(first.envelopes.map(\.id), by: circle.bob.devices[0]).status == .noContent)
            let rest = try await client.inbox(circle.bob.devices[0])
            #expect(rest.envelopes.map(\.envelope) == [sent[2]])
            #expect(rest.remaining == 0)
            // Acknowledging someone else's entry, or one gone already, changes nothing.
            let tablet = try await client.inbox(circle.alice.devices[1])
            #expect(tablet.envelopes.count == 3)
            #expect(try await client.acknowledge(tablet.envelopes.map(\.id), by: circle.bob.devices[0]).status == .noContent)
            #expect(try await client.inbox(circle.alice.devices[1]).envelopes.count == 3)
            // The sender gets nothing of its own.
            #expect(try await client.inbox(circle.alice.devices[0]).envelopes.isEmpty)
        }
    }

    @Test("inbox limits and acknowledgement ids are checked")
    func inboxShapes() async throws {
        let harness = try RelayHarness()
        let alice = try Person("alice", phone: Phones.alice)
        try await harness.run { client in
            try #require(try await client.signIn(alice).status == .ok)
            for query in ["limit=0", "limit=501", "limit=0x10", "limit=abc", "limit=99999999999999999999999", "limit=1.5"] {
                let response = try await client.send(.get, "/inbox?\(query)", credential: alice.devices[0].credential)
                #expect(response.status == .badRequest, "\(query)")
                #expect(response.error?.field == "limit", "\(query): \(response.text)")
            }
            for ids in [["-1"], ["1e3"], [""], ["12345678901234567890"], Array(repeating: "1", count: 501), [" 1"]] {
                let response = try await client.acknowledge(ids, by: alice.devices[0])
                #expect(response.status == .badRequest, "\(ids.prefix(2))")
                #expect(response.error?.field == "ids")
            }
        }
    }

    @Test("recipients must be exactly the members' devices but the sender: missing and extra are listed")
    func recipientsMismatch() async throws {
        let harness = try RelayHarness()
        try await harness.run { client in
            let circle = try await Circle.make(client)
            let carol = try Person("carol", phone: Phones.carol)
            // Without Alice's tablet, with a stranger's device.
            let envelope = try circle.alice.seal(
                circleId: circle.circleId, rosterVersion: 2, to: [circle.bob.devices[0], carol.devices[0]])
            let response = try await client.sendEnvelope(envelope, circleId: circle.circleId, by: circle.alice.devices[0])
            #expect(response.status == .conflict)
            let error = try #require(response.error)
            #expect(error.code == "recipients_mismatch")
            #expect(error.missing == [circle.alice.devices[1].id])
            #expect(error.extra == [carol.devices[0].id])
            #expect(error.field == "envelope")
            // The sending device itself is not a recipient.
            let toSelf = try circle.alice.seal(
                circleId: circle.circleId, rosterVersion: 2, to: [circle.alice.devices[0], circle.alice.devices[1], circle.bob.devices[0]])
            let selfResponse = try await client.sendEnvelope(toSelf, circleId: circle.circleId, by: circle.alice.devices[0])
            #expect(selfResponse.error?.extra == [circle.alice.devices[0].id])
            #expect(selfResponse.error?.missing == [])
            #expect(try await harness.store.inbox(deviceId: circle.bob.devices[0].id, limit: 10).envelopes.isEmpty)
        }
    }

    @Test("a stale roster version, a duplicate id, a full queue are 409s")
    func conflicts() async throws {
        let harness = try RelayHarness { $0.maximumQueue = 2 }
        try await harness.run { client in
            let circle = try await Circle.make(client)
            let old = try circle.alice.seal(circleId: circle.circleId, rosterVersion: 1, to: [circle.alice.devices[1], circle.bob.devices[0]])
            let stale = try await client.sendEnvelope(old, circleId: circle.circleId, by: circle.alice.devices[0])
            #expect(stale.status == .conflict)
            #expect(stale.error?.code == "stale_roster")

            let id = CircleEnvelopeSealer.randomId()
            #expect(
                try await client.sendEnvelope(try circle.fromAlice(envelopeId: id), circleId: circle.circleId, by: circle.alice.devices[0]).status
                    == .created)
            let duplicate = try await client.sendEnvelope(
                try circle.fromAlice(envelopeId: id), circleId: circle.circleId, by: circle.alice.devices[0])
            #expect(duplicate.status == .conflict)
            #expect(duplicate.error?.code == "duplicate_envelope")

            #expect(try await client.sendEnvelope(try circle.fromAlice(), circleId: circle.circleId, by: circle.alice.devices[0]).status == .created)
            let full = try await client.sendEnvelope(try circle.fromAlice(), circleId: circle.circleId, by: circle.alice.devices[0])
            #expect(full.status == .conflict)
            #expect(full.error?.code == "queue_full")
            // Once Bob reads and acknowledges, there is room again (for him and the tablet alike).
            for device in [circle.bob.devices[0], circle.alice.devices[1]] {
                let inbox = try await client.inbox(device)
                _ = try await client.acknowledge(inbox.envelopes.map(\.id), by: device)
            }
            #expect(try await client.sendEnvelope(try circle.fromAlice(), circleId: circle.circleId, by: circle.alice.devices[0]).status == .created)
        }
    }

    @Test("the sender must be the caller, a member, and send from a device of its current list")
    func senderChecks() async throws {
        let harness = try RelayHarness()
        try await harness.run { client in
            let circle = try await Circle.make(client)
            // Alice's envelope sent by Bob's device.
            let relayed = try await client.sendEnvelope(try circle.fromAlice(), circleId: circle.circleId, by: circle.bob.devices[0])
            #expect(relayed.status == .forbidden)
            #expect(relayed.error?.code == "not_your_envelope")
            // A stranger's envelope for the circle.
            let dave = try Person("dave", phone: Phones.dave)
            try #require(try await client.signIn(dave).status == .ok)
            let strangers = try dave.seal(circleId: circle.circleId, rosterVersion: 2, to: [circle.bob.devices[0]])
            let stranger = try await client.sendEnvelope(strangers, circleId: circle.circleId, by: dave.devices[0])
            #expect(stranger.status == .notFound)
            #expect(stranger.error?.code == "circle_not_found")
            // Alice's tablet certified anew (another key): its envelopes name a certificate her
            // stored list does not hold.
            var recertified = circle.alice
            let key = Curve25519.KeyAgreement.PrivateKey()
            let certificate = try DeviceCertificate.issue(
                by: circle.alice.identity, deviceId: circle.alice.devices[1].id, agreementKey: key.publicKey.rawRepresentation, sequence: 7)
            recertified.devices[1] = Person.Device(
                id: circle.alice.devices[1].id, key: key, certificate: certificate, credential: circle.alice.devices[1].credential)
            let unknownDevice = try recertified.seal(
                device: 1, circleId: circle.circleId, rosterVersion: 2, to: [circle.alice.devices[0], circle.bob.devices[0]])
            let response = try await client.sendEnvelope(unknownDevice, circleId: circle.circleId, by: circle.alice.devices[1])
            #expect(response.status == .forbidden)
            #expect(response.error?.code == "unknown_sender_device")
            // Sealed for another circle than the path's.
            let elsewhere = try await client.sendEnvelope(
                try circle.fromAlice(), circleId: Data(repeating: 1, count: 16), by: circle.alice.devices[0])
            #expect(elsewhere.status == .badRequest)
            #expect(elsewhere.error?.field == "circleId")
        }
    }

    @Test("a tampered header, a forged signature, bytes that are no envelope, an oversized one")
    func malformedEnvelopes() async throws {
        let harness = try RelayHarness()
        try await harness.run { client in
            let circle = try await Circle.make(client)
            let sent = try CircleEnvelope(serialized: try circle.fromAlice())
            // The header re-addressed (roster version 3 instead of 2), signature kept.
            guard case .map(let map) = try DAGCBORValue.decode(sent.headerBytes) else { throw HarnessError.noCode }
            var fields = Dictionary(uniqueKeysWithValues: map.entries.map { ($0.key, $0.value) })
            fields["rosterVersion"] = .unsigned(3)
            let tampered = CircleEnvelope(
                headerBytes: try DAGCBORValue.map(DAGCBORMap(fields)).encoded(), signature: sent.signature, payload: sent.payload,
                wrappedKeys: sent.wrappedKeys)
            let badSignature = try await client.sendEnvelope(try tampered.serialized(), circleId: circle.circleId, by: circle.alice.devices[0])
            #expect(badSignature.status == .badRequest)
            #expect(badSignature.error?.code == "bad_signature")
            #expect(badSignature.error?.field == "envelope")

            let garbage = try await client.sendEnvelope(Data("no envelope".utf8), circleId: circle.circleId, by: circle.alice.devices[0])
            #expect(garbage.status == .badRequest)
            #expect(garbage.error?.code == "invalid_envelope")

            let oversized = CircleEnvelope(
                headerBytes: sent.headerBytes, signature: sent.signature, payload: Data(count: CircleEnvelope.maximumBytes),
                wrappedKeys: sent.wrappedKeys)
            let tooLarge = try await client.sendEnvelope(try oversized.serialized(), circleId: circle.circleId, by: circle.alice.devices[0])
            #expect(tooLarge.status == .contentTooLarge)
            #expect(tooLarge.error?.code == "envelope_too_large")
            #expect(tooLarge.error?.field == "envelope")
            // A body over the JSON limit never reaches the handler.
            let huge = try await client.send(
                .post, "/circles/\(Hex.encode(circle.circleId))/envelopes", credential: circle.alice.devices[0].credential,
                body: Data(#"{"envelope":"\#(String(repeating: "A", count: 200_000))"}"#.utf8))
            #expect(huge.status == .contentTooLarge)
            #expect(huge.error?.field == "body")
        }
    }

    @Test("wake-ups go only to recipients with a push token, always with the same payload")
    func pushes() async throws {
        let harness = try RelayHarness()
        try await harness.run { client in
            let circle = try await Circle.make(client)
            _ = try await client.json(.put, "/devices/me/push-token", ["token": "bob-token"], credential: circle.bob.devices[0].credential)
            _ = try await client.json(.put, "/devices/me/push-token", ["token": "alice-phone"], credential: circle.alice.devices[0].credential)
            for _ in 0..<2 {
                #expect(
                    try await client.sendEnvelope(try circle.fromAlice(), circleId: circle.circleId, by: circle.alice.devices[0]).status == .created)
            }
            // Alice's phone sent them, her tablet has no token: only Bob is woken.
            #expect(harness.push.batches == [["bob-token"], ["bob-token"]])
            #expect(Set(harness.push.payloads) == [Data(#"{"aps":{"content-available":1}}"#.utf8)])
            // A refused envelope wakes no one.
            _ = try await client.sendEnvelope(Data("x".utf8), circleId: circle.circleId, by: circle.alice.devices[0])
            #expect(harness.push.batches.count == 2)
        }
    }

    @Test("envelope sends are limited per device")
    func sendLimit() async throws {
        let harness = try RelayHarness { $0.envelopeSendsPerDevice = RateLimit(burst: 2, perMinute: 60) }
        try await harness.run { client in
            let circle = try await Circle.make(client)
            for _ in 0..<2 {
                #expect(
                    try await client.sendEnvelope(try circle.fromAlice(), circleId: circle.circleId, by: circle.alice.devices[0]).status == .created)
            }
            let limited = try await client.sendEnvelope(try circle.fromAlice(), circleId: circle.circleId, by: circle.alice.devices[0])
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] == "1")
            // Bob's device has its own bucket.
            let fromBob = try circle.bob.seal(circleId: circle.circleId, rosterVersion: 2, to: circle.alice.devices)
            #expect(try await client.sendEnvelope(fromBob, circleId: circle.circleId, by: circle.bob.devices[0]).status == .created)
        }
    }
}
