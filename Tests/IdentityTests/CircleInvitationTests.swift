import Crypto
import DAGCBOR
import Foundation
import Identity
import TestSupport
import Testing

/// Invitations to a circle (issue 18): a code whose secret never reaches the relay, and join
/// requests signed by the invitee and bound to that secret, so the relay can carry a join but
/// never forge one.
@Suite("Circle invitations and join requests")
struct CircleInvitationTests {
    @Test("a code reads back as the same invitation, as a link too; anything else is refused")
    func codes() throws {
        let invitation = CircleInvitation()
        #expect(invitation.code.count == 64)
        #expect(try CircleInvitation(code: invitation.code) == invitation)
        #expect(try CircleInvitation(code: "  " + invitation.link.uppercased() + "\n") == invitation)
        #expect(try CircleInvitation(code: invitation.code).inviteId == invitation.inviteId)
        for bad in ["", String(invitation.code.dropLast()), invitation.code + "0", "g" + invitation.code.dropFirst(), "buds://join/"] {
            #expect(throws: CircleRosterError.invalidInvitation) { try CircleInvitation(code: bad) }
        }
    }

    @Test("a join request verifies, survives its wire form, and is bound only to its own invitation's secret")
    func joinRequests() throws {
        let invitation = CircleInvitation()
        let invitee = Identity.generate()
        let request = try CircleJoinRequest.make(invitation: invitation, identity: invitee, name: "Bob")
        try request.verify()
        let read = try CircleJoinRequest(serialized: try request.serialized())
        #expect(read == request)
        #expect(read.isBound(to: invitation))
        // The relay knows the id but not the secret: a guessed secret does not bind.
        let guessed = CircleInvitation(inviteId: invitation.inviteId, secret: Data(repeating: 0, count: 16))
        #expect(!read.isBound(to: guessed))
        #expect(!read.isBound(to: CircleInvitation()))
    }

    @Test("a request changed in any field, or signed by another key, is refused")
    func forgedRequests() throws {
        let invitation = CircleInvitation()
        let invitee = Identity.generate()
        let request = try CircleJoinRequest.make(invitation: invitation, identity: invitee, name: "Bob")
        let other = Identity.generate()
        let changed = [
            CircleJoinRequest(
                inviteId: Data(repeating: 1, count: 16), member: request.member, name: request.name, binding: request.binding,
                signature: request.signature),
            CircleJoinRequest(
                inviteId: request.inviteId, member: .init(other), name: request.name, binding: request.binding, signature: request.signature),
            CircleJoinRequest(
                inviteId: request.inviteId, member: request.member, name: "Mallory", binding: request.binding, signature: request.signature),
            CircleJoinRequest(
                inviteId: request.inviteId, member: request.member, name: request.name, binding: Data(repeating: 2, count: 32),
                signature: request.signature),
            CircleJoinRequest(
                inviteId: request.inviteId, member: request.member, name: request.name, binding: request.binding,
                signature: try other.sign(Data("anything".utf8))),
        ]
        for forged in changed {
            #expect(throws: CircleRosterError.invalidJoinRequest) { try forged.verify() }
        }
        for badName in ["", String(repeating: "x", count: 65), "Bob\u{7}"] {
            #expect(throws: CircleRosterError.invalidJoinRequest) {
                try CircleJoinRequest.make(invitation: invitation, identity: invitee, name: badName)
            }
        }
    }

    @Test("random bytes and truncations never crash the join request reader")
    func fuzzedBytes() throws {
        let request = try CircleJoinRequest.make(invitation: CircleInvitation(), identity: Identity.generate(), name: "Bob")
        let bytes = try request.serialized()
        var random = SplitMix64(seed: 18)
        for length in 0..<bytes.count { _ = try? CircleJoinRequest(serialized: bytes.prefix(length)) }
        for _ in 0..<2_000 {
            var mutated = bytes
            let index = Int.random(in: 0..<mutated.count, using: &random)
            mutated[index] ^= UInt8.random(in: 1...255, using: &random)
            if let read = try? CircleJoinRequest(serialized: mutated) {
                // Whatever still decodes must fail verification unless it is the original.
                if read != request { #expect(throws: CircleRosterError.invalidJoinRequest) { try read.verify() } }
            }
        }
        #expect(throws: CircleRosterError.invalidJoinRequest) { try CircleJoinRequest(serialized: Data(count: 5_000)) }
    }
}
