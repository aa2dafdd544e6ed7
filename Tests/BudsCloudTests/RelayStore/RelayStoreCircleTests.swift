import BudsCloud
import Foundation
import Testing

/// The relay store contract, part 3: rosters, invitations and join requests, on every backend.
@Suite("Relay store contract: circles")
struct RelayStoreCircleTests {
    @Test(
        "version 1 by the owner's device creates the circle; its roster reads back with the members in order", arguments: RelayStoreBackend.available)
    func create(backend: RelayStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let alice = try await subject.person(Relay.alice, devices: ["alice-phone"])[0]
            let roster = Relay.roster(version: 1, owner: Relay.alice, members: [Relay.carol, Relay.bob])
            #expect(try await store.putRoster(roster, replacing: nil, by: alice.relay) == .stored)
            #expect(try await store.roster(circleId: Relay.circle) == roster)
            #expect(try await store.roster(circleId: Relay.id(0xC2)) == nil)
        }
    }

    @Test("a creation is forbidden unless version 1 by the owner; an existing id is stale or a conflict", arguments: RelayStoreBackend.available)
    func createRefusals(backend: RelayStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let alice = try await subject.person(Relay.alice, devices: ["alice-phone"])[0]
            let bob = try await subject.person(Relay.bob, devices: ["bob-phone"])[0]
            #expect(
                try await store.putRoster(Relay.roster(version: 2, owner: Relay.alice, members: []), replacing: nil, by: alice.relay) == .forbidden)
            #expect(try await store.putRoster(Relay.roster(version: 1, owner: Relay.alice, members: []), replacing: nil, by: bob.relay) == .forbidden)
            #expect(try await store.roster(circleId: Relay.circle) == nil)
            let first = Relay.roster(version: 1, owner: Relay.alice, members: [Relay.bob])
            #expect(try await store.putRoster(first, replacing: nil, by: alice.relay) == .stored)
            let replay = Relay.roster(version: 1, owner: Relay.alice, members: [Relay.carol])
            #expect(try await store.putRoster(replay, replacing: nil, by: alice.relay) == .stale(storedVersion: 1))
            let bobs = Relay.roster(version: 1, owner: Relay.bob, members: [])
            #expect(try await store.putRoster(bobs, replacing: nil, by: bob.relay) == .conflict)
            #expect(try await store.roster(circleId: Relay.circle) == first)
        }
    }

    @Test("a later roster replaces the stored one only if it is still the version replaced (compare and set)", arguments: RelayStoreBackend.available)
    func compareAndSet(backend: RelayStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let alice = try await subject.person(Relay.alice, devices: ["alice-phone", "alice-laptop"])
            try await subject.circle(owner: alice[0], members: [])
            let second = Relay.roster(version: 2, owner: Relay.alice, members: [Relay.bob])
            // Any of the owner's devices may change it.
            #expect(try await store.putRoster(second, replacing: 1, by: alice[1].relay) == .stored)
            let concurrent = Relay.roster(version: 2, owner: Relay.alice, members: [Relay.carol])
            #expect(try await store.putRoster(concurrent, replacing: 1, by: alice[0].relay) == .stale(storedVersion: 2))
            // A roster must be newer than the one it replaces.
            let backwards = Relay.roster(version: 2, owner: Relay.alice, members: [Relay.carol])
            #expect(try await store.putRoster(backwards, replacing: 2, by: alice[0].relay) == .stale(storedVersion: 2))
            #expect(try await store.roster(circleId: Relay.circle) == second)
            let third = Relay.roster(version: 3, owner: Relay.alice, members: [Relay.bob, Relay.carol])
            #expect(try await store.putRoster(third, replacing: 2, by: alice[0].relay) == .stored)
            #expect(try await store.roster(circleId: Relay.circle) == third)
        }
    }

    @Test("only the owner replaces a roster, and cannot hand the circle to another owner", arguments: RelayStoreBackend.available)
    func replaceRefusals(backend: RelayStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let alice = try await subject.person(Relay.alice, devices: ["alice-phone"])[0]
            let bob = try await subject.person(Relay.bob, devices: ["bob-phone"])[0]
            try await subject.circle(owner: alice, members: [Relay.bob])
            #expect(try await store.putRoster(Relay.roster(version: 2, owner: Relay.alice, members: []), replacing: 1, by: bob.relay) == .forbidden)
            #expect(try await store.putRoster(Relay.roster(version: 2, owner: Relay.bob, members: []), replacing: 1, by: bob.relay) == .forbidden)
            #expect(try await store.putRoster(Relay.roster(version: 2, owner: Relay.bob, members: []), replacing: 1, by: alice.relay) == .conflict)
            let missing = Relay.roster(Relay.id(0xC2), version: 2, owner: Relay.alice, members: [])
            #expect(try await store.putRoster(missing, replacing: 1, by: alice.relay) == .forbidden)
            #expect(try await store.roster(circleId: Relay.circle)?.version == 1)
        }
    }

    @Test("invitations: by the owner's device only, one per id", arguments: RelayStoreBackend.available)
    func invites(backend: RelayStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let alice = try await subject.person(Relay.alice, devices: ["alice-phone"])[0]
            let bob = try await subject.person(Relay.bob, devices: ["bob-phone"])[0]
            try await subject.circle(owner: alice, members: [Relay.bob])
            let invite = Relay.id(0x01)
            #expect(try await store.createInvite(inviteId: invite, circleId: Relay.circle, by: bob.relay, expiresAt: Relay.at(600)) == .forbidden)
            #expect(try await store.createInvite(inviteId: invite, circleId: Relay.id(0xC2), by: alice.relay, expiresAt: Relay.at(600)) == .forbidden)
            #expect(try await store.createInvite(inviteId: invite, circleId: Relay.circle, by: alice.relay, expiresAt: Relay.at(600)) == .created)
            #expect(try await store.createInvite(inviteId: invite, circleId: Relay.circle, by: alice.relay, expiresAt: Relay.at(900)) == .duplicate)
        }
    }

    @Test("a join: unknown when missing or expired, pending once, then used; a member is told so", arguments: RelayStoreBackend.available)
    func join(backend: RelayStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let alice = try await subject.person(Relay.alice, devices: ["alice-phone"])[0]
            try await subject.circle(owner: alice, members: [Relay.bob])
            let request = Data("carol's signed request".utf8)
            #expect(try await store.join(inviteId: Relay.id(0x01), did: Relay.carol, request: request, at: Relay.epoch) == .unknown)
            for byte: UInt8 in 1...3 {
                let outcome = try await store.createInvite(
                    inviteId: Relay.id(byte), circleId: Relay.circle, by: alice.relay, expiresAt: Relay.at(600))
                #expect(outcome == .created)
            }
            #expect(try await store.join(inviteId: Relay.id(0x01), did: Relay.carol, request: request, at: Relay.at(600)) == .unknown)
            #expect(try await store.join(inviteId: Relay.id(0x02), did: Relay.bob, request: request, at: Relay.at(10)) == .alreadyMember)
            #expect(
                try await store.join(inviteId: Relay.id(0x01), did: Relay.carol, request: request, at: Relay.at(10))
                    == .pending(circleId: Relay.circle))
            #expect(try await store.join(inviteId: Relay.id(0x01), did: Relay.carol, request: request, at: Relay.at(11)) == .used)
            #expect(try await store.join(inviteId: Relay.id(0x01), did: "did:buds:dave", request: request, at: Relay.at(11)) == .used)
            // The member's attempt did not use up its invitation.
            #expect(
                try await store.join(inviteId: Relay.id(0x02), did: "did:buds:dave", request: request, at: Relay.at(12))
                    == .pending(circleId: Relay.circle))
            #expect(
                try await store.joinRequests(circleId: Relay.circle) == [
                    PendingJoinRecord(inviteId: Relay.id(0x01), did: Relay.carol, request: request, createdAt: Relay.at(10)),
                    PendingJoinRecord(inviteId: Relay.id(0x02), did: "did:buds:dave", request: request, createdAt: Relay.at(12)),
                ])
        }
    }

    @Test("join requests read oldest first; a roster listing their DID closes them", arguments: RelayStoreBackend.available)
    func joinRequestsClose(backend: RelayStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let alice = try await subject.person(Relay.alice, devices: ["alice-phone"])[0]
            try await subject.circle(owner: alice, members: [])
            let joiners = [(UInt8(3), "did:buds:zed", 5.0), (1, Relay.carol, 30), (2, Relay.bob, 20)]
            for (byte, did, seconds) in joiners {
                _ = try await store.createInvite(inviteId: Relay.id(byte), circleId: Relay.circle, by: alice.relay, expiresAt: Relay.at(600))
                #expect(
                    try await store.join(inviteId: Relay.id(byte), did: did, request: Data(did.utf8), at: Relay.at(seconds))
                        == .pending(circleId: Relay.circle))
            }
            #expect(try await store.joinRequests(circleId: Relay.circle).map(\.did) == ["did:buds:zed", Relay.bob, Relay.carol])
            #expect(try await store.joinRequests(circleId: Relay.id(0xC2)).isEmpty)
            let roster = Relay.roster(version: 2, owner: Relay.alice, members: [Relay.carol, "did:buds:zed"])
            #expect(try await store.putRoster(roster, replacing: 1, by: alice.relay) == .stored)
            #expect(try await store.joinRequests(circleId: Relay.circle).map(\.did) == [Relay.bob])
        }
    }
}
