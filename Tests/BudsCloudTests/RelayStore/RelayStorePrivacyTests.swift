import BudsCloud
import CloudWire
import Crypto
import DAGCBOR
import Foundation
import ServerKit
import TestSupport
import Testing

/// What the relay keeps is never a secret in the clear: after a whole sign-in, registration, link
/// and delivery, no column of any table holds the phone number, a device credential or a link
/// token — only their digests.
@Suite("Relay store contract: nothing stored in the clear")
struct RelayStorePrivacyTests {
    @Test("no stored value holds a phone number, a credential or a link token", arguments: RelayStoreBackend.available)
    func noPlaintext(backend: RelayStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let key = SymmetricKey(size: .bits256)
            let number = try PhoneNumber("+1 415 555 0100")
            let digest = PhoneSignIn(key: key).digest(of: number)
            // A sign-in, left open (a session row) and a second one verified.
            for seed: UInt64 in 1...2 {
                let started = try await store.updateSignIn(session: nil, number: digest) { rows in
                    var rules = PhoneSignIn(key: key, sessions: rows.sessions, numbers: rows.numbers)
                    var random = SplitMix64(seed: seed)
                    let started = try? rules.start(number, at: Relay.at(Double(seed) * 100), using: &random)
                    rows.sessions = Array(rules.sessions.values)
                    rows.numbers = rules.numbers
                    return started
                }
                let (session, code) = try #require(started)
                if seed == 2 {
                    let verified = try await store.updateSignIn(session: session, number: nil) { rows in
                        var rules = PhoneSignIn(key: key, sessions: rows.sessions, numbers: rows.numbers)
                        let verified = try? rules.check(session, code: code, at: Relay.at(250))
                        rows.sessions = Array(rules.sessions.values)
                        rows.numbers = rules.numbers
                        return verified
                    }
                    #expect(verified == digest)
                }
            }
            let tokens = [DeviceToken.generate(), DeviceToken.generate()]
            let list = Relay.list(Relay.alice, version: 1, devices: ["alice-phone", "alice-laptop"])
            for (token, device) in zip(tokens, list.deviceIds) {
                let outcome = try await store.registerDevice(
                    credential: CredentialDigest(credential: token), deviceId: device, list: list, phone: device == "alice-phone" ? digest : nil,
                    at: Relay.epoch)
                #expect(outcome == .registered)
            }
            try await store.setPushToken("push-token", for: RelayDevice(did: Relay.alice, deviceId: "alice-phone"))
            let linkToken = Data((0..<16).map { _ in UInt8.random(in: 0...255) })
            try await store.openLink(token: CredentialDigest(linkToken: linkToken), expiresAt: Relay.at(600))
            #expect(try await store.fillLink(token: CredentialDigest(linkToken: linkToken), sealed: Data("sealed".utf8), at: Relay.at(1)) == .filled)
            let alice = RelayDevice(did: Relay.alice, deviceId: "alice-phone")
            #expect(try await store.putRoster(Relay.roster(version: 1, owner: Relay.alice, members: []), replacing: nil, by: alice) == .stored)
            #expect(try await store.enqueue(Relay.envelope(1), recipients: ["alice-laptop"], rosterVersion: 1, maximumQueue: 10) == .queued)
            _ = try await store.takeRateToken(key: "sign-in:203.0.113.7", limit: .init(burst: 5, perMinute: 1), at: Relay.epoch)

            let stored = try await subject.storedValues()
            #expect(!stored.isEmpty)
            var secrets: [(name: String, bytes: Data)] = [
                ("the number", Data(number.e164.utf8)), ("the number's digits", Data("4155550100".utf8)),
                ("the link token", linkToken), ("the link token in hex", Data(Hex.encode(linkToken).utf8)),
            ]
            for token in tokens {
                secrets += [
                    ("a credential", Data(token.bytes)), ("a credential's text", Data(token.text.utf8)),
                    ("a credential in hex", Data(Hex.encode(token.bytes).utf8)),
                ]
            }
            for (name, secret) in secrets {
                #expect(!stored.contains { $0.range(of: secret) != nil }, "\(name) is stored in the clear")
            }
            // What is kept instead: the digests.
            let credentialDigest = CredentialDigest(credential: tokens[0]).bytes
            #expect(stored.contains { $0.range(of: credentialDigest) != nil || $0.range(of: Data(Hex.encode(credentialDigest).utf8)) != nil })
            #expect(stored.contains { $0.range(of: Data(digest.hex.utf8)) != nil })
        }
    }
}
