import BudsCloud
import Foundation
import ServerKit
import Testing

/// Decisions that must hold when several relay processes share one database: each test runs its
/// requests concurrently through two stores that share only the database.
@Suite("Relay store contract: concurrency")
struct RelayStoreConcurrencyTests {
    /// Runs `count` calls of `operation` at once, alternating between the two stores; their results.
    static func concurrently<Result: Sendable>(
        _ count: Int, _ first: RelayStoreUnderTest, _ second: RelayStoreUnderTest,
        _ operation: @escaping @Sendable (_ store: any BudsRelayStore, _ index: Int) async throws -> Result
    ) async throws -> [Result] {
        try await withThrowingTaskGroup(of: Result.self) { group in
            for index in 0..<count {
                let store = index.isMultiple(of: 2) ? first.store : second.store
                group.addTask { try await operation(store, index) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test("concurrent joins of one invitation: exactly one is pending, the others find it used", arguments: RelayStoreBackend.available)
    func joins(backend: RelayStoreBackend) async throws {
        try await backend.withTwoStores { first, second async throws in
            let alice = try await first.person(Relay.alice, devices: ["alice-phone"])[0]
            try await first.circle(owner: alice, members: [])
            for round: UInt8 in 1...3 {
                let invite = Relay.id(round)
                #expect(
                    try await first.store.createInvite(inviteId: invite, circleId: Relay.circle, by: alice.relay, expiresAt: Relay.at(600))
                        == .created)
                let outcomes = try await Self.concurrently(8, first, second) { store, index in
                    try await store.join(inviteId: invite, did: "did:buds:joiner-\(index)", request: Data([UInt8(index)]), at: Relay.at(1))
                }
                #expect(outcomes.filter { $0 == .pending(circleId: Relay.circle) }.count == 1)
                #expect(outcomes.filter { $0 == .used }.count == 7)
            }
            #expect(try await second.store.joinRequests(circleId: Relay.circle).count == 3)
        }
    }

    @Test("concurrent rosters replacing one version: exactly one is stored", arguments: RelayStoreBackend.available)
    func rosters(backend: RelayStoreBackend) async throws {
        try await backend.withTwoStores { first, second async throws in
            let alice = try await first.person(Relay.alice, devices: ["alice-phone", "alice-laptop"])
            try await first.circle(owner: alice[0], members: [])
            let outcomes = try await Self.concurrently(8, first, second) { store, index in
                let roster = Relay.roster(version: 2, owner: Relay.alice, members: ["did:buds:member-\(index)"])
                return (roster, try await store.putRoster(roster, replacing: 1, by: alice[index % 2].relay))
            }
            let stored = outcomes.filter { $0.1 == .stored }
            #expect(stored.count == 1)
            #expect(outcomes.filter { $0.1 == .stale(storedVersion: 2) }.count == 7)
            #expect(try await second.store.roster(circleId: Relay.circle) == stored.first?.0)
        }
    }

    @Test("concurrent creations of one circle: exactly one is stored", arguments: RelayStoreBackend.available)
    func creations(backend: RelayStoreBackend) async throws {
        try await backend.withTwoStores { first, second async throws in
            let alice = try await first.person(Relay.alice, devices: ["alice-phone"])[0]
            let bob = try await first.person(Relay.bob, devices: ["bob-phone"])[0]
            let outcomes = try await Self.concurrently(8, first, second) { store, index in
                let owner = index.isMultiple(of: 4) ? bob : alice
                return try await store.putRoster(
                    Relay.roster(version: 1, owner: owner.did, members: [], tag: "\(index)"), replacing: nil, by: owner.relay)
            }
            #expect(outcomes.filter { $0 == .stored }.count == 1)
            #expect(outcomes.allSatisfy { [.stored, .conflict, .stale(storedVersion: 1)].contains($0) })
        }
    }

    @Test("concurrent submissions of one envelope id: exactly one is queued", arguments: RelayStoreBackend.available)
    func envelopes(backend: RelayStoreBackend) async throws {
        try await backend.withTwoStores { first, second async throws in
            let alice = try await first.person(Relay.alice, devices: ["alice-phone"])[0]
            try await first.person(Relay.bob, devices: ["bob-phone", "bob-laptop"])
            try await first.circle(owner: alice, members: [Relay.bob])
            try await first.circle(Relay.id(0xC2), owner: alice, members: [Relay.bob])
            let outcomes = try await Self.concurrently(10, first, second) { store, index in
                // The same id through two circles too: the id is unique across circles.
                let envelope = Relay.envelope(1, circle: index.isMultiple(of: 3) ? Relay.id(0xC2) : Relay.circle)
                let recipients = index.isMultiple(of: 2) ? ["bob-phone", "bob-laptop"] : ["bob-laptop", "bob-phone"]
                return try await store.enqueue(envelope, recipients: recipients, rosterVersion: 1, maximumQueue: 100)
            }
            #expect(outcomes.filter { $0 == .queued }.count == 1)
            #expect(outcomes.filter { $0 == .duplicate }.count == 9)
            #expect(try await second.queueLength("bob-phone") == 1)
            #expect(try await second.queueLength("bob-laptop") == 1)
        }
    }

    @Test("concurrent envelopes to one device, from two circles, never fill its queue past the cap", arguments: RelayStoreBackend.available)
    func queueCap(backend: RelayStoreBackend) async throws {
        try await backend.withTwoStores { first, second async throws in
            let alice = try await first.person(Relay.alice, devices: ["alice-phone"])[0]
            try await first.person(Relay.bob, devices: ["bob-phone"])
            try await first.circle(owner: alice, members: [Relay.bob])
            try await first.circle(Relay.id(0xC2), owner: alice, members: [Relay.bob])
            let outcomes = try await Self.concurrently(20, first, second) { store, index in
                let envelope = Relay.envelope(UInt8(index + 1), circle: index % 4 < 2 ? Relay.circle : Relay.id(0xC2))
                return try await store.enqueue(envelope, recipients: ["bob-phone"], rosterVersion: 1, maximumQueue: 5)
            }
            #expect(outcomes.filter { $0 == .queued }.count == 5)
            #expect(outcomes.filter { $0 == .queueFull(deviceId: "bob-phone") }.count == 15)
            #expect(try await second.queueLength("bob-phone") == 5)
        }
    }

    @Test("concurrent fills of one link channel: exactly one is kept, and taken once", arguments: RelayStoreBackend.available)
    func links(backend: RelayStoreBackend) async throws {
        try await backend.withTwoStores { first, second async throws in
            let token = CredentialDigest(linkToken: Relay.id(0x11))
            try await first.store.openLink(token: token, expiresAt: Relay.at(600))
            let fills = try await Self.concurrently(10, first, second) { store, index in
                (index, try await store.fillLink(token: token, sealed: Data([UInt8(index)]), at: Relay.at(1)))
            }
            let winners = fills.filter { $0.1 == .filled }
            #expect(winners.count == 1)
            let winner = try #require(winners.first).0
            #expect(fills.filter { $0.1 == .alreadyFilled }.count == 9)
            let takes = try await Self.concurrently(10, first, second) { store, _ in try await store.takeLink(token: token, at: Relay.at(2)) }
            #expect(takes.filter { $0 != .unknown } == [.content(Data([UInt8(winner)]))])
        }
    }

    @Test("concurrent sign-in steps of one new number and one session lose no update", arguments: RelayStoreBackend.available)
    func signIns(backend: RelayStoreBackend) async throws {
        try await backend.withTwoStores { first, second async throws in
            let number = Relay.phone("busy number")
            _ = try await Self.concurrently(10, first, second) { store, index in
                try await store.updateSignIn(session: nil, number: number) { rows in
                    rows.numbers[number, default: PhoneSignIn.NumberRecord()].sends.append(Relay.at(Double(index)))
                }
            }
            let sends = try await first.store.updateSignIn(session: nil, number: number) { $0.numbers[number]?.sends }
            #expect(sends?.count == 10)
            try await first.store.updateSignIn(session: nil, number: nil) { $0.sessions = [Relay.session("s1", number: number)] }
            _ = try await Self.concurrently(10, first, second) { store, _ in
                try await store.updateSignIn(session: "s1", number: nil) { rows in
                    rows.sessions[0].checks += 1
                    rows.numbers[number]?.consecutiveFailures += 1
                }
            }
            let rows = try await second.store.updateSignIn(session: "s1", number: nil) { $0 }
            #expect(rows.sessions.first?.checks == 10)
            #expect(rows.numbers[number]?.consecutiveFailures == 10)
        }
    }

    @Test(
        "concurrent registrations: retries all succeed; one device id claimed by several people goes to one", arguments: RelayStoreBackend.available)
    func registrations(backend: RelayStoreBackend) async throws {
        try await backend.withTwoStores { first, second async throws in
            let credential = Relay.credential()
            let list = Relay.list(Relay.alice, version: 1, devices: ["alice-phone"])
            let retries = try await Self.concurrently(6, first, second) { store, _ in
                try await store.registerDevice(
                    credential: credential, deviceId: "alice-phone", list: list, phone: Relay.phone(Relay.alice), at: Relay.epoch)
            }
            #expect(retries == Array(repeating: .registered, count: 6))
            let claims = try await Self.concurrently(6, first, second) { store, index in
                let did = "did:buds:claimant-\(index)"
                return try await store.registerDevice(
                    credential: Relay.credential(), deviceId: "shared-id", list: Relay.list(did, version: 1, devices: ["shared-id"]),
                    phone: Relay.phone("one phone"), at: Relay.epoch)
            }
            #expect(claims.filter { $0 == .registered }.count == 1)
            #expect(claims.filter { $0 == .deviceIdTaken }.count == 5)
            #expect(try await second.phoneOwners(Relay.phone("one phone")).count == 1)
        }
    }

    @Test("50 concurrent rate-token requests with burst 10 allow exactly 10", arguments: RelayStoreBackend.available)
    func rateTokens(backend: RelayStoreBackend) async throws {
        try await backend.withTwoStores { first, second async throws in
            let limit = RateLimit(burst: 10, perMinute: 0.001)
            let decisions = try await Self.concurrently(50, first, second) { store, _ in
                try await store.takeRateToken(key: "ip:1", limit: limit, at: Relay.epoch)
            }
            #expect(decisions.filter { $0 == .allowed }.count == 10)
        }
    }
}
