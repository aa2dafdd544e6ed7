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

/// What the relay must never write down or say back: a phone number, a sign-in code, envelope
/// bytes, credentials, link tokens, invitation ids. A canary of each goes through every path,
/// right and wrong, and is then looked for in every log line and every refusal.
@Suite("Relay: secrets stay out of logs and refusals")
struct RelaySecrecyTests {
    static let canaryPhone = "+14155550199"

    @Test("canary number, code, envelope, credential, link token and invite id appear in no log line and no refusal")
    func canaries() async throws {
        let harness = try RelayHarness()
        let alice = try Person("alice", phone: Self.canaryPhone, devices: 2)
        let bob = try Person("bob", phone: Phones.bob)
        let refusals = try await harness.run { client -> [String] in
            var bodies: [String] = []
            func note(_ response: TestResponse) {
                if response.status.code >= 400 { bodies.append(response.text) }
            }
            // Sign-in with wrong codes, a resend, an over-long code and a malformed list first.
            let session = try await client.startSignIn(Self.canaryPhone).decoded(Components.Schemas.SignInSession.self).session
            let first = try harness.sms.latestCode(for: Self.canaryPhone)
            note(
                try await client.verify(
                    session, code: first == "123456" ? "654321" : "123456", device: alice.devices[0], list: alice.list(version: 1)))
            note(try await client.verify(session, code: first + first + first, device: alice.devices[0], list: alice.list(version: 1)))
            note(try await client.verify(session, code: first, device: alice.devices[0], list: Data(Self.canaryPhone.utf8)))
            note(try await client.resend(session, phone: Self.canaryPhone))
            harness.clock.advance(by: 60)
            note(try await client.resend(session, phone: Self.canaryPhone))
            let code = try harness.sms.latestCode(for: Self.canaryPhone)
            note(try await client.verify(session, code: code, device: alice.devices[0], list: alice.list(version: 1)))
            note(try await client.startSignIn(Self.canaryPhone + "0000000"))
            note(try await client.startSignIn("+44" + Self.canaryPhone.dropFirst(2)))
            try #require(try await client.signIn(bob).status == .ok)
            try #require(try await client.link(alice, device: 1, version: 2).status == .created)

            // A link channel, used twice.
            let token = try await client.send(.post, "/links").decoded(Components.Schemas.Link.self).token
            note(try await client.json(.put, "/links/\(token)", ["sealed": "c2VhbGVk"], credential: alice.devices[0].credential))
            note(try await client.json(.put, "/links/\(token)", ["sealed": "c2VhbGVk"], credential: alice.devices[0].credential))
            note(try await client.send(.get, "/links/\(token)"))
            note(try await client.send(.get, "/links/\(token)"))

            // A circle, an invitation used twice, envelopes right and wrong.
            let v1 = try CircleRoster.create(by: alice.identity)
            note(try await client.putRoster(v1, by: alice.devices[0]))
            let invitation = CircleInvitation()
            note(try await client.createInvite(invitation, circleId: v1.circleId, by: alice.devices[0]))
            note(try await client.join(invitation, as: bob))
            note(try await client.join(invitation, as: bob))
            let v2 = try v1.adding(bob.member, by: alice.identity)
            note(try await client.putRoster(v2, by: alice.devices[0]))
            let envelopeId = CircleEnvelopeSealer.randomId()
            let envelope = try alice.seal(circleId: v1.circleId, rosterVersion: 2, to: [alice.devices[1], bob.devices[0]], envelopeId: envelopeId)
            note(try await client.sendEnvelope(envelope, circleId: v1.circleId, by: alice.devices[0]))
            note(try await client.sendEnvelope(envelope, circleId: v1.circleId, by: alice.devices[0]))
            note(try await client.sendEnvelope(envelope, circleId: v1.circleId, by: bob.devices[0]))
            var damaged = envelope
            damaged[damaged.count / 2] ^= 0xFF
            note(try await client.sendEnvelope(damaged, circleId: v1.circleId, by: alice.devices[0]))
            // Bytes that are no base64, made of the envelope's own text.
            let notBase64 = String(envelope.base64EncodedString().prefix(101))
            note(
                try await client.send(
                    .post, "/circles/\(Hex.encode(v1.circleId))/envelopes", credential: alice.devices[0].credential,
                    body: Data(#"{"envelope":"\#(notBase64)"}"#.utf8)))
            note(try await client.send(.get, "/inbox", authorization: "Bearer " + alice.devices[0].credential.text + "x"))
            return bodies + [try #require(harness.sms.codes.last), code, token, Hex.encode(invitation.inviteId), envelope.base64EncodedString()]
        }
        let (bodies, secrets) = (refusals.dropLast(5), Array(refusals.suffix(5)))
        let code = secrets[1]
        let envelopeText = String(secrets[4].prefix(40))
        let forbidden = [
            "4155550199", Self.canaryPhone, code, secrets[2], secrets[3], envelopeText, Hex.encode(envelopeId(secrets[4])),
            alice.devices[0].credential.text, alice.devices[1].credential.text,
        ]
        #expect(!bodies.isEmpty)
        for body in bodies {
            #expect(body.contains("\"code\""), "\(body)")
            for secret in forbidden { #expect(!body.contains(secret), "a refusal holds a secret: \(body)") }
        }
        let logs = harness.logText
        #expect(!logs.isEmpty)
        for secret in forbidden { #expect(!logs.contains(secret), "the log holds a secret:\n\(logs)") }
        // Nor does the relay's description of its configuration show its key.
        #expect(!"\(harness.relay.handler.configuration)".contains("5a5a5a"))
    }

    /// The envelope id of a serialized envelope given in base64.
    func envelopeId(_ base64: String) -> Data {
        guard let data = Data(base64Encoded: base64), let header = try? CircleEnvelope(serialized: data).header() else { return Data() }
        return header.envelopeId
    }
}

extension RelayClient {
    /// Sends with a raw `Authorization` value.
    func send(_ method: HTTPRequest.Method, _ path: String, authorization: String) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        headers[.authorization] = authorization
        return try await send(method, path, headers: headers)
    }
}
