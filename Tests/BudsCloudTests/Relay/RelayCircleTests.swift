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

/// Circles: the owner's signed rosters, invitations and join requests, and who sees a circle.
@Suite("Relay: circles, invitations and joins")
struct RelayCircleTests {
    @Test("the owner creates a circle, adds a member; a replay and a non-owner's roster are refused")
    func rosters() async throws {
        let harness = try RelayHarness()
        let alice = try Person("alice", phone: Phones.alice)
        let bob = try Person("bob", phone: Phones.bob)
        try await harness.run { client in
            try #require(try await client.signIn(alice).status == .ok)
            try #require(try await client.signIn(bob).status == .ok)
            let v1 = try CircleRoster.create(by: alice.identity)
            #expect(try await client.putRoster(v1, by: alice.devices[0]).status == .noContent)
            let v2 = try v1.adding(bob.member, by: alice.identity)
            #expect(try await client.putRoster(v2, by: alice.devices[0]).status == .noContent)

            // Replays of v1 and v2 are stale.
            for replay in [v1, v2] {
                let response = try await client.putRoster(replay, by: alice.devices[0])
                #expect(response.status == .conflict)
                #expect(response.error?.code == "stale_roster")
                #expect(response.error?.field == "roster")
            }
            // Bob may not store a roster, not even one Alice signed, nor one of his own for her circle.
            let v3 = try v2.removing(bob.did, by: alice.identity)
            let byBob = try await client.putRoster(v3, by: bob.devices[0])
            #expect(byBob.status == .forbidden)
            #expect(byBob.error?.code == "not_owner")
            let bobsOwn = try CircleRoster.create(by: bob.identity, circleId: v1.circleId)
            let hijack = try await client.putRoster(bobsOwn, by: bob.devices[0])
            #expect(hijack.status == .forbidden || hijack.status == .conflict)

            // Bob sees the circle while a member: the roster, both device lists, no join requests.
            let seen = try await client.getCircle(v1.circleId, by: bob.devices[0])
            #expect(seen.status == .ok)
            let circle = try seen.decoded(CircleBody.self)
            #expect(try DAGCBORDecoder().decode(CircleRoster.self, from: circle.roster) == v2)
            #expect(circle.deviceLists.count == 2)
            #expect(circle.joinRequests.isEmpty)

            // Removed, he sees nothing, exactly as for a circle that does not exist.
            #expect(try await client.putRoster(v3, by: alice.devices[0]).status == .noContent)
            let removed = try await client.getCircle(v1.circleId, by: bob.devices[0])
            let unknown = try await client.getCircle(Data(repeating: 9, count: 16), by: bob.devices[0])
            #expect(removed.status == .notFound)
            #expect(removed.text == unknown.text)
        }
    }

    @Test("roster shapes: bytes that are no roster, a forged signature, another circle's id")
    func rosterRefusals() async throws {
        let harness = try RelayHarness()
        let alice = try Person("alice", phone: Phones.alice)
        let mallory = try Person("mallory", phone: Phones.dave)
        try await harness.run { client in
            try #require(try await client.signIn(alice).status == .ok)
            let roster = try CircleRoster.create(by: alice.identity)
            let path = "/circles/\(Hex.encode(roster.circleId))/roster"
            let garbage = try await client.json(.put, path, ["roster": "AAEC"], credential: alice.devices[0].credential)
            #expect(garbage.status == .badRequest)
            #expect(garbage.error?.field == "roster")
            // Alice's roster with Mallory's signature.
            let forged = CircleRoster(
                circleId: roster.circleId, version: 1, owner: roster.owner, members: roster.members,
                signature: try mallory.identity.sign(Data("whatever".utf8)))
            let forgedResponse = try await client.putRoster(forged, by: alice.devices[0])
            #expect(forgedResponse.status == .badRequest)
            #expect(forgedResponse.error?.code == "invalid_roster")
            let elsewhere = try await client.json(
                .put, "/circles/\(String(repeating: "0", count: 32))/roster",
                ["roster": try DAGCBOREncoder().encode(roster).base64EncodedString()], credential: alice.devices[0].credential)
            #expect(elsewhere.status == .badRequest)
            #expect(elsewhere.error?.field == "circleId")
            let badId = try await client.json(.put, "/circles/XYZ/roster", ["roster": "AAEC"], credential: alice.devices[0].credential)
            #expect(badId.status == .badRequest)
            #expect(badId.error?.field == "circleId")
        }
    }

    @Test("an invitation is used once; the owner sees the request; the invitee joins by the next roster")
    func invitationsAndJoins() async throws {
        let harness = try RelayHarness()
        let alice = try Person("alice", phone: Phones.alice)
        let bob = try Person("bob", phone: Phones.bob)
        let carol = try Person("carol", phone: Phones.carol)
        try await harness.run { client in
            for person in [alice, bob, carol] { try #require(try await client.signIn(person).status == .ok) }
            let v1 = try CircleRoster.create(by: alice.identity)
            try #require(try await client.putRoster(v1, by: alice.devices[0]).status == .noContent)
            let invitation = CircleInvitation()

            // Only the owner opens invitations.
            let byBob = try await client.createInvite(invitation, circleId: v1.circleId, by: bob.devices[0])
            #expect(byBob.status == .forbidden)
            let unknownCircle = try await client.createInvite(invitation, circleId: Data(repeating: 3, count: 16), by: alice.devices[0])
            #expect(unknownCircle.status == .forbidden)
            #expect(try await client.createInvite(invitation, circleId: v1.circleId, by: alice.devices[0]).status == .created)
            let duplicate = try await client.createInvite(invitation, circleId: v1.circleId, by: alice.devices[0])
            #expect(duplicate.status == .conflict)
            #expect(duplicate.error?.field == "inviteId")

            // Bob asks to join; before the owner adds him he still sees nothing.
            let joined = try await client.join(invitation, as: bob)
            #expect(joined.status == .accepted, "\(joined.text)")
            #expect(try joined.decoded(Components.Schemas.JoinAccepted.self).circleId == Hex.encode(v1.circleId))
            #expect(try await client.getCircle(v1.circleId, by: bob.devices[0]).status == .notFound)
            // The invitation is used up.
            let second = try await client.join(invitation, as: carol)
            #expect(second.status == .conflict)
            #expect(second.error?.code == "invite_used")

            // The owner sees Bob's request, checks its binding and adds him.
            let circle = try await client.getCircle(v1.circleId, by: alice.devices[0]).decoded(CircleBody.self)
            #expect(circle.joinRequests.count == 1)
            #expect(circle.joinRequests.first?.inviteId == Hex.encode(invitation.inviteId))
            let request = try CircleJoinRequest(serialized: try #require(circle.joinRequests.first).request)
            #expect(request.isBound(to: invitation))
            let v2 = try v1.adding(request.member, by: alice.identity)
            #expect(try await client.putRoster(v2, by: alice.devices[0]).status == .noContent)
            #expect(try await client.getCircle(v1.circleId, by: bob.devices[0]).status == .ok)
            // Joining requests close once their member is in.
            #expect(try await client.getCircle(v1.circleId, by: alice.devices[0]).decoded(CircleBody.self).joinRequests.isEmpty)
        }
    }

    @Test("join refusals: another's request, another invitation's request, unknown and expired invitations")
    func joinRefusals() async throws {
        let harness = try RelayHarness()
        let alice = try Person("alice", phone: Phones.alice)
        let bob = try Person("bob", phone: Phones.bob)
        let carol = try Person("carol", phone: Phones.carol)
        try await harness.run { client in
            for person in [alice, bob, carol] { try #require(try await client.signIn(person).status == .ok) }
            let v1 = try CircleRoster.create(by: alice.identity)
            try #require(try await client.putRoster(v1, by: alice.devices[0]).status == .noContent)
            let invitation = CircleInvitation()
            try #require(try await client.createInvite(invitation, circleId: v1.circleId, by: alice.devices[0]).status == .created)

            // Carol's device sends Bob's request.
            let bobsRequest = try CircleJoinRequest.make(invitation: invitation, identity: bob.identity, name: "Bob")
            let relayed = try await client.json(
                .post, "/invites/\(Hex.encode(invitation.inviteId))/join", ["request": try bobsRequest.serialized().base64EncodedString()],
                credential: carol.devices[0].credential)
            #expect(relayed.status == .forbidden)
            #expect(relayed.error?.field == "request")
            // A request for another invitation.
            let other = CircleInvitation()
            let mismatched = try CircleJoinRequest.make(invitation: other, identity: bob.identity, name: "Bob")
            let wrongPath = try await client.json(
                .post, "/invites/\(Hex.encode(invitation.inviteId))/join", ["request": try mismatched.serialized().base64EncodedString()],
                credential: bob.devices[0].credential)
            #expect(wrongPath.status == .badRequest)
            #expect(wrongPath.error?.field == "request")
            let unknown = try await client.join(other, as: bob)
            #expect(unknown.status == .notFound)
            #expect(unknown.error?.code == "invite_not_found")
            // The owner is a member already.
            let own = try await client.join(invitation, as: alice)
            #expect(own.status == .conflict)
            #expect(own.error?.code == "already_member")
            // Seven days later the invitation is gone.
            harness.clock.advance(by: 7 * 86_400 + 1)
            let expired = try await client.join(invitation, as: bob)
            #expect(expired.status == .notFound)
        }
    }

    @Test("joins are limited per device")
    func joinLimit() async throws {
        let harness = try RelayHarness { $0.joinsPerDevice = RateLimit(burst: 1, perMinute: 1) }
        let bob = try Person("bob", phone: Phones.bob)
        try await harness.run { client in
            try #require(try await client.signIn(bob).status == .ok)
            #expect(try await client.join(CircleInvitation(), as: bob).status == .notFound)
            let limited = try await client.join(CircleInvitation(), as: bob)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] == "60")
        }
    }
}
