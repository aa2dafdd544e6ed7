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

/// Phone sign-in through the relay's HTTP API: codes come from the fake SMS gateway, time from
/// the test clock, state from the real SQLite store.
@Suite("Relay: phone sign-in")
struct RelaySignInTests {
    @Test("a code by SMS verifies once and registers the calling device under the signed list")
    func wholeFlow() async throws {
        let harness = try RelayHarness()
        let alice = try Person("alice", phone: Phones.alice)
        try await harness.run { client in
            let started = try await client.startSignIn("+1 (415) 555-0101")
            #expect(started.status == .accepted)
            let session = try started.decoded(Components.Schemas.SignInSession.self)
            #expect(session.session.count == 32)
            #expect(session.resendAfterSeconds == 60)
            #expect(session.checksLeft == 5)
            let code = try harness.sms.latestCode(for: Phones.alice)
            let verified = try await client.verify(session.session, code: code, device: alice.devices[0], list: alice.list(version: 1))
            #expect(verified.status == .ok, "\(verified.text)")
            let account = try verified.decoded(Components.Schemas.Account.self)
            #expect(account.did == alice.did)
            #expect(account.deviceId == alice.devices[0].id)
            // The device is registered: it may read its inbox.
            #expect(try await client.inbox(alice.devices[0]).envelopes.isEmpty)
            // A code opens once.
            let again = try await client.verify(session.session, code: code, device: alice.devices[0], list: alice.list(version: 1))
            #expect(again.status == .notFound)
            #expect(again.error?.code == "session_not_found")
            #expect(again.error?.field == "session")
        }
    }

    @Test("a wrong code says how many tries are left; the fifth ends the session with 429")
    func wrongCodes() async throws {
        let harness = try RelayHarness()
        let alice = try Person("alice", phone: Phones.alice)
        try await harness.run { client in
            let session = try await client.startSignIn(Phones.alice).decoded(Components.Schemas.SignInSession.self).session
            let code = try harness.sms.latestCode(for: Phones.alice)
            let wrong = code == "000000" ? "000001" : "000000"
            for remaining in (1...4).reversed() {
                let response = try await client.verify(session, code: wrong, device: alice.devices[0], list: alice.list(version: 1))
                #expect(response.status == .badRequest)
                #expect(response.error?.code == "wrong_code")
                #expect(response.error?.field == "code")
                #expect(response.error?.message.contains("\(remaining) more") == true, "\(response.text)")
            }
            let fifth = try await client.verify(session, code: wrong, device: alice.devices[0], list: alice.list(version: 1))
            #expect(fifth.status == .tooManyRequests)
            #expect(fifth.error?.code == "session_exhausted")
            // Even the right code no longer opens it.
            let right = try await client.verify(session, code: code, device: alice.devices[0], list: alice.list(version: 1))
            #expect(right.status == .tooManyRequests || right.status == .notFound)
        }
    }

    @Test("a code expires after 10 minutes; a resend's new code works and the old one stops")
    func expiryAndResend() async throws {
        let harness = try RelayHarness()
        let alice = try Person("alice", phone: Phones.alice)
        try await harness.run { client in
            let session = try await client.startSignIn(Phones.alice).decoded(Components.Schemas.SignInSession.self).session
            let first = try harness.sms.latestCode(for: Phones.alice)
            // A resend before its minute is refused with the wait.
            harness.clock.advance(by: 30)
            let early = try await client.resend(session, phone: Phones.alice)
            #expect(early.status == .tooManyRequests)
            #expect(early.headers[.retryAfter] == "30")
            // A resend with another number is an unknown session.
            harness.clock.advance(by: 30)
            let otherNumber = try await client.resend(session, phone: Phones.bob)
            #expect(otherNumber.status == .notFound)
            #expect(harness.sms.count(for: Phones.bob) == 0)
            let resent = try await client.resend(session, phone: Phones.alice)
            #expect(resent.status == .accepted)
            #expect(try resent.decoded(Components.Schemas.SignInSession.self).resendAfterSeconds == 120)
            let second = try harness.sms.latestCode(for: Phones.alice)
            #expect(harness.sms.count(for: Phones.alice) == 2)
            if first != second {
                let old = try await client.verify(session, code: first, device: alice.devices[0], list: alice.list(version: 1))
                #expect(old.error?.code == "wrong_code")
            }
            // Ten minutes after the resend, its code has expired.
            harness.clock.advance(by: 300)
            _ = try await client.verify(session, code: "999999x", device: alice.devices[0], list: alice.list(version: 1))
            harness.clock.advance(by: 300)
            let late = try await client.verify(session, code: second, device: alice.devices[0], list: alice.list(version: 1))
            #expect(late.status == .badRequest)
            #expect(late.error?.code == "code_expired")
            #expect(late.error?.field == "code")
            // Left alone for 10 minutes, the session itself is gone.
            harness.clock.advance(by: 601)
            let gone = try await client.resend(session, phone: Phones.alice)
            #expect(gone.status == .notFound)
        }
    }

    @Test("resends are spaced 1, 2, 5 and 10 minutes, five sends a session at most")
    func resendDelays() async throws {
        let harness = try RelayHarness { $0.signIn.sessionIdleLifetime = 3_600 }
        try await harness.run { client in
            let session = try await client.startSignIn(Phones.alice).decoded(Components.Schemas.SignInSession.self).session
            for delay in [60, 120, 300, 600] {
                harness.clock.advance(by: Double(delay - 1))
                let early = try await client.resend(session, phone: Phones.alice)
                #expect(early.status == .tooManyRequests)
                #expect(early.headers[.retryAfter] == "1")
                harness.clock.advance(by: 1)
                #expect(try await client.resend(session, phone: Phones.alice).status == .accepted)
            }
            #expect(harness.sms.count(for: Phones.alice) == 5)
            harness.clock.advance(by: 3_000)
            let sixth = try await client.resend(session, phone: Phones.alice)
            #expect(sixth.status == .tooManyRequests)
            #expect(sixth.error?.code == "session_exhausted")
            #expect(harness.sms.count(for: Phones.alice) == 5)
        }
    }

    @Test("a number gets at most 10 codes a day; the per-number and per-address limits answer 429 with Retry-After")
    func perNumberLimits() async throws {
        let harness = try RelayHarness()
        try await harness.run { client in
            for _ in 0..<10 {
                #expect(try await client.startSignIn(Phones.alice).status == .accepted)
                harness.clock.advance(by: 60)
            }
            let eleventh = try await client.startSignIn(Phones.alice)
            #expect(eleventh.status == .tooManyRequests)
            #expect(eleventh.headers[.retryAfter] != nil)
            #expect(harness.sms.count(for: Phones.alice) == 10)
            // Another number is not held back by Alice's.
            #expect(try await client.startSignIn(Phones.bob).status == .accepted)
        }

        let limited = try RelayHarness { $0.signInStartsPerNumber = RateLimit(burst: 2, perMinute: 0.1) }
        try await limited.run { client in
            #expect(try await client.startSignIn(Phones.alice).status == .accepted)
            #expect(try await client.startSignIn("+1 415 555 0101").status == .accepted)
            let third = try await client.startSignIn(Phones.alice)
            #expect(third.status == .tooManyRequests)
            #expect(third.error?.code == "rate_limited")
            #expect(third.headers[.retryAfter] == "600")
            #expect(try await client.startSignIn(Phones.bob).status == .accepted)
        }

        let byAddress = try RelayHarness {
            $0.signInStartsPerAddress = RateLimit(burst: 2, perMinute: 1)
            $0.trustedProxies = 1
        }
        try await byAddress.run { client in
            var first: HTTPFields = [:]
            first[HTTPField.Name("X-Forwarded-For")!] = "198.51.100.7"
            var second: HTTPFields = [:]
            second[HTTPField.Name("X-Forwarded-For")!] = "203.0.113.9, 198.51.100.8"
            #expect(try await client.startSignIn(Phones.alice, headers: first).status == .accepted)
            #expect(try await client.startSignIn(Phones.bob, headers: first).status == .accepted)
            let refused = try await client.startSignIn(Phones.carol, headers: first)
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] == "60")
            // Another address (the one the trusted proxy appended) has its own bucket.
            #expect(try await client.startSignIn(Phones.carol, headers: second).status == .accepted)
        }
    }

    @Test("numbers of other countries and malformed numbers are refused naming phone; nothing is texted")
    func countryAndShape() async throws {
        let harness = try RelayHarness { $0.signIn.allowedCallingCodes = ["1"] }
        try await harness.run { client in
            let foreign = try await client.startSignIn("+44 20 7946 0958")
            #expect(foreign.status == .badRequest)
            #expect(foreign.error?.code == "country_not_allowed")
            #expect(foreign.error?.field == "phone")
            for bad in ["4155550101", "+1 415", "+1415555010x", String(repeating: "1", count: 40), ""] {
                let response = try await client.startSignIn(bad)
                #expect(response.status == .badRequest, "\(bad)")
                #expect(response.error?.code == "invalid_phone")
                #expect(response.error?.field == "phone")
            }
            #expect(harness.sms.codes.isEmpty)
        }
    }

    @Test("known and unknown numbers get the same answer")
    func answersRevealNothing() async throws {
        let harness = try RelayHarness()
        let alice = try Person("alice", phone: Phones.alice)
        try await harness.run { client in
            try #require(try await client.signIn(alice).status == .ok)
            let known = try await client.startSignIn(Phones.alice)
            let unknown = try await client.startSignIn(Phones.bob)
            #expect(known.status == unknown.status)
            let knownBody = try known.decoded(Components.Schemas.SignInSession.self)
            let unknownBody = try unknown.decoded(Components.Schemas.SignInSession.self)
            #expect(knownBody.resendAfterSeconds == unknownBody.resendAfterSeconds)
            #expect(knownBody.checksLeft == unknownBody.checksLeft)
            #expect(Set(known.headers.map(\.name)) == Set(unknown.headers.map(\.name)))
        }
    }

    @Test("the device list is checked before the code: a bad list costs no check")
    func listFirst() async throws {
        let harness = try RelayHarness()
        let alice = try Person("alice", phone: Phones.alice)
        let mallory = try Person("mallory", phone: Phones.dave)
        try await harness.run { client in
            let session = try await client.startSignIn(Phones.alice).decoded(Components.Schemas.SignInSession.self).session
            let code = try harness.sms.latestCode(for: Phones.alice)
            // Bytes that are no list, and a list whose signature does not check out.
            var tampered = try alice.list(version: 1)
            tampered[tampered.count - 3] ^= 0x01
            for list in [Data("not cbor".utf8), tampered] {
                let response = try await client.verify(session, code: code, device: alice.devices[0], list: list)
                #expect(response.status == .badRequest)
                #expect(response.error?.code == "invalid_device_list")
                #expect(response.error?.field == "deviceList")
            }
            // A list that does not name the calling device.
            let notNamed = try await client.verify(session, code: code, device: mallory.devices[0], list: alice.list(version: 1))
            #expect(notNamed.error?.code == "device_not_in_list")
            #expect(notNamed.error?.field == "deviceId")
            // Still five checks: the right code now works.
            let verified = try await client.verify(session, code: code, device: alice.devices[0], list: alice.list(version: 1))
            #expect(verified.status == .ok, "\(verified.text)")
        }
    }

    @Test("registration conflicts: an old list, a credential in use, a device id taken")
    func registrationConflicts() async throws {
        let harness = try RelayHarness()
        let alice = try Person("alice", phone: Phones.alice, devices: 2)
        let bob = try Person("bob", phone: Phones.bob)
        try await harness.run { client in
            try #require(try await client.signIn(alice, version: 3).status == .ok)
            // Version 2 is older than the relay's 3.
            let stale = try await client.signIn(alice, device: 1, version: 2)
            #expect(stale.status == .conflict)
            #expect(stale.error?.code == "stale_device_list")
            #expect(stale.error?.field == "deviceList")
            // Bob signing in with Alice's credential.
            var borrowed = bob
            borrowed.devices[0] = Person.Device(
                id: bob.devices[0].id, key: bob.devices[0].key, certificate: bob.devices[0].certificate,
                credential: alice.devices[0].credential)
            let inUse = try await client.signIn(borrowed)
            #expect(inUse.status == .conflict)
            #expect(inUse.error?.code == "credential_in_use")
            #expect(inUse.error?.field == "Authorization")
            // Mallory certifying a device under Alice's device id.
            var mallory = try Person("mallory", phone: Phones.dave)
            let key = mallory.devices[0].key
            let certificate = try DeviceCertificate.issue(
                by: mallory.identity, deviceId: alice.devices[0].id, agreementKey: key.publicKey.rawRepresentation, sequence: 9)
            mallory.devices[0] = Person.Device(id: alice.devices[0].id, key: key, certificate: certificate, credential: .generate())
            let taken = try await client.signIn(mallory)
            #expect(taken.status == .conflict)
            #expect(taken.error?.code == "device_id_taken")
            #expect(taken.error?.field == "deviceId")
        }
    }

    @Test("a gateway that fails is a 503 saying to ask again; the session stays")
    func smsDown() async throws {
        let harness = try RelayHarness()
        try await harness.run { client in
            harness.sms.setFailing(true)
            let response = try await client.startSignIn(Phones.alice)
            #expect(response.status == .serviceUnavailable)
            #expect(response.error?.code == "sms_unavailable")
            harness.sms.setFailing(false)
            #expect(try await client.startSignIn(Phones.alice).status == .accepted)
        }
    }
}
