import BudsCloud
import Foundation
import Testing

/// The relay store contract, part 4: queues and the purge, on every backend.
@Suite("Relay store contract: queues and purge")
struct RelayStoreQueueTests {
    /// A store with Alice's circle (version 1) holding Bob; their devices.
    static func withCircle(
        _ backend: RelayStoreBackend, _ body: (RelayStoreUnderTest, _ alice: [TestDevice], _ bob: [TestDevice]) async throws -> Void
    ) async throws {
        try await backend.withStore { subject async throws in
            let alice = try await subject.person(Relay.alice, devices: ["alice-phone"])
            let bob = try await subject.person(Relay.bob, devices: ["bob-phone", "bob-laptop"])
            try await subject.circle(owner: alice[0], members: [Relay.bob])
            try await body(subject, alice, bob)
        }
    }

    @Test("an envelope is queued once for every recipient; inbox reads oldest first with what remains", arguments: RelayStoreBackend.available)
    func enqueueAndInbox(backend: RelayStoreBackend) async throws {
        try await Self.withCircle(backend) { subject, _, _ async throws in
            let store = subject.store
            for byte: UInt8 in 1...5 {
                let envelope = Relay.envelope(byte, at: Double(10 - byte))
                #expect(try await store.enqueue(envelope, recipients: ["bob-phone", "bob-laptop"], rosterVersion: 1, maximumQueue: 10) == .queued)
            }
            let (first, remaining) = try await store.inbox(deviceId: "bob-phone", limit: 2)
            #expect(first.map(\.bytes) == [Relay.envelope(1).bytes, Relay.envelope(2).bytes])
            #expect(first.map(\.queuedAt) == [Relay.at(9), Relay.at(8)])
            #expect(remaining == 3)
            let (all, none) = try await store.inbox(deviceId: "bob-laptop", limit: 100)
            #expect(all.map(\.bytes) == (1...5).map { Relay.envelope($0).bytes })
            #expect(none == 0)
            #expect(all.map(\.entry) == all.map(\.entry).sorted())
            #expect(try await store.inbox(deviceId: "alice-phone", limit: 100).envelopes.isEmpty)
        }
    }

    @Test(
        "an envelope sealed at another roster version is refused, naming the current one (nil without a circle)",
        arguments: RelayStoreBackend.available)
    func staleRoster(backend: RelayStoreBackend) async throws {
        try await Self.withCircle(backend) { subject, alice, _ async throws in
            let store = subject.store
            #expect(
                try await store.enqueue(Relay.envelope(1), recipients: ["bob-phone"], rosterVersion: 2, maximumQueue: 10)
                    == .staleRoster(currentVersion: 1))
            let roster = Relay.roster(version: 2, owner: Relay.alice, members: [Relay.bob])
            #expect(try await store.putRoster(roster, replacing: 1, by: alice[0].relay) == .stored)
            #expect(
                try await store.enqueue(Relay.envelope(1), recipients: ["bob-phone"], rosterVersion: 1, maximumQueue: 10)
                    == .staleRoster(currentVersion: 2))
            let elsewhere = Relay.envelope(2, circle: Relay.id(0xC2))
            #expect(
                try await store.enqueue(elsewhere, recipients: ["bob-phone"], rosterVersion: 1, maximumQueue: 10) == .staleRoster(currentVersion: nil)
            )
            #expect(try await subject.queueLength("bob-phone") == 0)
            // The refused id was not used up.
            #expect(try await store.enqueue(Relay.envelope(1), recipients: ["bob-phone"], rosterVersion: 2, maximumQueue: 10) == .queued)
        }
    }

    @Test("an envelope id is accepted once, also after every queue acknowledged it", arguments: RelayStoreBackend.available)
    func duplicate(backend: RelayStoreBackend) async throws {
        try await Self.withCircle(backend) { subject, _, _ async throws in
            let store = subject.store
            let envelope = Relay.envelope(1)
            #expect(try await store.enqueue(envelope, recipients: ["bob-phone"], rosterVersion: 1, maximumQueue: 10) == .queued)
            #expect(try await store.enqueue(envelope, recipients: ["bob-laptop"], rosterVersion: 1, maximumQueue: 10) == .duplicate)
            #expect(try await subject.queueLength("bob-laptop") == 0)
            let entries = try await store.inbox(deviceId: "bob-phone", limit: 10).envelopes.map(\.entry)
            try await store.acknowledge(deviceId: "bob-phone", entries: entries)
            #expect(try await store.enqueue(envelope, recipients: ["bob-phone"], rosterVersion: 1, maximumQueue: 10) == .duplicate)
        }
    }

    @Test("a full queue refuses the envelope, naming the first full recipient given; nothing is written", arguments: RelayStoreBackend.available)
    func queueFull(backend: RelayStoreBackend) async throws {
        try await Self.withCircle(backend) { subject, _, _ async throws in
            let store = subject.store
            for byte: UInt8 in 1...2 {
                #expect(
                    try await store.enqueue(Relay.envelope(byte), recipients: ["bob-laptop", "bob-phone"], rosterVersion: 1, maximumQueue: 2)
                        == .queued)
            }
            #expect(try await store.enqueue(Relay.envelope(3), recipients: ["bob-laptop"], rosterVersion: 1, maximumQueue: 3) == .queued)
            let next = Relay.envelope(4)
            #expect(
                try await store.enqueue(next, recipients: ["alice-phone", "bob-phone", "bob-laptop"], rosterVersion: 1, maximumQueue: 2)
                    == .queueFull(deviceId: "bob-phone"))
            #expect(
                try await store.enqueue(next, recipients: ["alice-phone", "bob-laptop", "bob-phone"], rosterVersion: 1, maximumQueue: 2)
                    == .queueFull(deviceId: "bob-laptop"))
            #expect(try await subject.queueLength("alice-phone") == 0)
            #expect(try await subject.envelopeBytes(next.id) == nil)
            #expect(try await store.enqueue(next, recipients: ["alice-phone"], rosterVersion: 1, maximumQueue: 2) == .queued)
        }
    }

    @Test("acknowledging removes only the device's own entries; bytes go once no queue holds them", arguments: RelayStoreBackend.available)
    func acknowledge(backend: RelayStoreBackend) async throws {
        try await Self.withCircle(backend) { subject, _, _ async throws in
            let store = subject.store
            let first = Relay.envelope(1)
            let second = Relay.envelope(2)
            for envelope in [first, second] {
                #expect(try await store.enqueue(envelope, recipients: ["bob-phone", "bob-laptop"], rosterVersion: 1, maximumQueue: 10) == .queued)
            }
            let phone = try await store.inbox(deviceId: "bob-phone", limit: 10).envelopes.map(\.entry)
            let laptop = try await store.inbox(deviceId: "bob-laptop", limit: 10).envelopes.map(\.entry)
            // The laptop's ids through the phone's queue: ignored.
            try await store.acknowledge(deviceId: "bob-phone", entries: laptop)
            #expect(try await subject.queueLength("bob-laptop") == 2)
            #expect(try await subject.queueLength("bob-phone") == 2)
            try await store.acknowledge(deviceId: "bob-phone", entries: [phone[0]])
            #expect(try await store.inbox(deviceId: "bob-phone", limit: 10).envelopes.map(\.bytes) == [second.bytes])
            #expect(try await subject.envelopeBytes(first.id) == .some(first.bytes))
            try await store.acknowledge(deviceId: "bob-laptop", entries: [laptop[0], 999_999])
            #expect(try await subject.envelopeBytes(first.id) == .some(nil))
            #expect(try await subject.envelopeBytes(second.id) == .some(second.bytes))
            try await store.acknowledge(deviceId: "bob-laptop", entries: [])
            #expect(try await subject.queueLength("bob-laptop") == 1)
        }
    }

    @Test("purge removes what is older than its dates, counts the queue entries, and keeps the rest", arguments: RelayStoreBackend.available)
    func purge(backend: RelayStoreBackend) async throws {
        try await Self.withCircle(backend) { subject, alice, _ async throws in
            let store = subject.store
            let old = Relay.envelope(1, at: 10)
            let recent = Relay.envelope(2, at: 100)
            #expect(try await store.enqueue(old, recipients: ["bob-phone", "bob-laptop"], rosterVersion: 1, maximumQueue: 10) == .queued)
            #expect(try await store.enqueue(recent, recipients: ["bob-phone"], rosterVersion: 1, maximumQueue: 10) == .queued)
            try await store.openLink(token: CredentialDigest(linkToken: Relay.id(0x01)), expiresAt: Relay.at(50))
            try await store.openLink(token: CredentialDigest(linkToken: Relay.id(0x02)), expiresAt: Relay.at(500))
            _ = try await store.createInvite(inviteId: Relay.id(0x01), circleId: Relay.circle, by: alice[0].relay, expiresAt: Relay.at(50))
            _ = try await store.createInvite(inviteId: Relay.id(0x02), circleId: Relay.circle, by: alice[0].relay, expiresAt: Relay.at(500))
            _ = try await store.createInvite(inviteId: Relay.id(0x03), circleId: Relay.circle, by: alice[0].relay, expiresAt: Relay.at(500))
            #expect(
                try await store.join(inviteId: Relay.id(0x01), did: Relay.carol, request: Data([1]), at: Relay.at(20))
                    == .pending(circleId: Relay.circle))
            #expect(
                try await store.join(inviteId: Relay.id(0x02), did: "did:buds:dave", request: Data([2]), at: Relay.at(200))
                    == .pending(circleId: Relay.circle))
            // Sign-in rows, two days later: an idle session and a live one; a number last texted
            // over a day ago, one texted within the day, one with failures.
            let now = 2 * 86_400.0
            let (stale, fresh, failing) = (Relay.phone("stale"), Relay.phone("fresh"), Relay.phone("failing"))
            try await store.updateSignIn(session: nil, number: nil) { rows in
                rows.sessions = [Relay.session("idle", number: fresh, at: now - 700), Relay.session("live", number: fresh, at: now - 60)]
                rows.numbers = [
                    stale: PhoneSignIn.NumberRecord(sends: [Relay.at(0), Relay.at(10)]),
                    fresh: PhoneSignIn.NumberRecord(sends: [Relay.at(0), Relay.at(now - 700)]),
                    failing: PhoneSignIn.NumberRecord(sends: [Relay.at(0)], consecutiveFailures: 1),
                ]
            }

            let removed = try await store.purge(before: Relay.at(100), signInsIdleSince: Relay.at(now - 600))
            #expect(removed == 2)
            #expect(try await store.inbox(deviceId: "bob-phone", limit: 10).envelopes.map(\.bytes) == [recent.bytes])
            #expect(try await subject.queueLength("bob-laptop") == 0)
            #expect(try await subject.envelopeBytes(old.id) == nil)
            #expect(try await subject.rowCount("links") == 1)
            #expect(try await subject.rowCount("invites") == 2)
            #expect(try await store.joinRequests(circleId: Relay.circle).map(\.did) == ["did:buds:dave"])
            let sessions = try await store.updateSignIn(session: "idle", number: nil) { $0.sessions }
            #expect(sessions.isEmpty)
            #expect(try await store.updateSignIn(session: "live", number: nil) { $0.sessions.map(\.id) } == ["live"])
            #expect(try await store.updateSignIn(session: nil, number: stale) { $0.numbers.isEmpty })
            #expect(try await store.updateSignIn(session: nil, number: fresh) { $0.numbers[fresh]?.sends.count } == 2)
            #expect(try await store.updateSignIn(session: nil, number: failing) { $0.numbers[failing]?.consecutiveFailures } == 1)
            // A purged envelope id may be sent again; nothing else is left to purge.
            #expect(try await store.enqueue(old, recipients: ["bob-phone"], rosterVersion: 1, maximumQueue: 10) == .queued)
            #expect(try await store.purge(before: Relay.at(5), signInsIdleSince: Relay.at(now - 600)) == 0)
        }
    }
}
