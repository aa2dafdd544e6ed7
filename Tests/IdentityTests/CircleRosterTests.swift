import Crypto
import DAGCBOR
import Foundation
import Identity
import TestSupport
import Testing

/// Who is in a circle and which devices are theirs (issue 18): owner-signed rosters whose version
/// only grows, person-signed device lists, and what a circle view seals for and trusts.
@Suite("Circle rosters and device lists")
struct CircleRosterTests {
    typealias Person = CircleEnvelopeTests.Person

    static func list(_ person: Person, version: UInt64 = 1) throws -> DeviceList {
        try DeviceList.sign(by: person.identity, version: version, devices: person.devices.map(\.certificate))
    }

    static let receipt = CircleEnvelopeTests.receipt

    @Test("the owner adds and removes members, each change one version up; only the owner, and never beyond 12")
    func rosterChanges() throws {
        let owner = try Person(devices: 1, name: "owner")
        let bob = try Person(devices: 1, name: "bob")
        let first = try CircleRoster.create(by: owner.identity)
        try first.verify()
        #expect(first.version == 1)
        let second = try first.adding(.init(bob.identity), by: owner.identity)
        #expect(second.version == 2)
        try first.checkSuccessor(second)
        #expect(throws: CircleRosterError.staleRoster) { try second.checkSuccessor(first) }
        #expect(throws: CircleRosterError.staleRoster) { try second.checkSuccessor(second) }
        #expect(throws: CircleRosterError.notOwner) { try second.adding(.init(Identity.generate()), by: bob.identity) }
        #expect(throws: CircleRosterError.notOwner) { try second.removing(owner.identity.did, by: owner.identity) }
        #expect(throws: CircleRosterError.alreadyMember) { try second.adding(.init(bob.identity), by: owner.identity) }
        var full = second
        while full.members.count < CircleRoster.maximumMembers { full = try full.adding(.init(Identity.generate()), by: owner.identity) }
        #expect(throws: CircleRosterError.full) { try full.adding(.init(Identity.generate()), by: owner.identity) }
        let third = try second.removing(bob.identity.did, by: owner.identity)
        #expect(!third.contains(bob.identity.did))
        #expect(third.version == 3)
        // A roster someone else signed, or one with a member slipped in, does not verify.
        let forged = CircleRoster(
            circleId: third.circleId, version: 4, owner: third.owner, members: third.members + [.init(bob.identity)], signature: third.signature)
        #expect(throws: CircleRosterError.invalidRoster) { try forged.verify() }
        #expect(throws: CircleRosterError.invalidRoster) { try third.checkSuccessor(forged) }
    }

    @Test("device lists: at most 5, all the person's own, signed by them; a list with a device slipped in does not verify")
    func deviceLists() throws {
        let bob = try Person(devices: 2, name: "bob")
        let list = try Self.list(bob)
        #expect(try list.verify().map(\.deviceId) == ["bob-0", "bob-1"])
        let mallory = try Person(devices: 1, name: "mallory")
        let injected = DeviceList(
            did: list.did, signingKey: list.signingKey, version: list.version, devices: list.devices + mallory.devices.map(\.certificate),
            signature: list.signature)
        #expect(throws: CircleRosterError.invalidDeviceList(bob.identity.did)) { try injected.verify() }
        #expect(throws: CircleRosterError.invalidDeviceList(bob.identity.did)) {
            try DeviceList.sign(by: bob.identity, version: 2, devices: bob.devices.map(\.certificate) + mallory.devices.map(\.certificate))
        }
        let six = try Person(devices: 6, name: "many")
        #expect(throws: CircleRosterError.invalidDeviceList(six.identity.did)) {
            try DeviceList.sign(by: six.identity, version: 1, devices: six.devices.map(\.certificate))
        }
    }

    @Test("a removed member has no wrap in later entries, even holding every key and the relay's copy; their old entries still open")
    func removedMemberCannotOpenLaterEntries() throws {
        let owner = try Person(devices: 1, name: "owner")
        let bob = try Person(devices: 2, name: "bob")
        let carol = try Person(devices: 1, name: "carol")
        let lists = try [Self.list(owner), Self.list(bob), Self.list(carol)]
        var roster = try CircleRoster.create(by: owner.identity)
        roster = try roster.adding(.init(bob.identity), by: owner.identity).adding(.init(carol.identity), by: owner.identity)
        let before = try CircleView(roster: roster, deviceLists: lists)
        let sender = owner.devices[0].certificate
        let early = try owner.sealer().seal(
            Self.receipt, circleId: roster.circleId, rosterVersion: roster.version, to: before.recipients(excluding: sender))
        #expect(early.wrappedKeys.keys.sorted() == ["bob-0", "bob-1", "carol-0"])

        roster = try roster.removing(carol.identity.did, by: owner.identity)
        let after = try CircleView(roster: roster, deviceLists: lists.filter { $0.did != carol.identity.did })
        let late = try owner.sealer().seal(
            Self.receipt, circleId: roster.circleId, rosterVersion: roster.version, to: after.recipients(excluding: sender))
        #expect(late.wrappedKeys.keys.sorted() == ["bob-0", "bob-1"])
        // Carol, with her device key, a copy of the envelope, and any device id she cares to claim.
        for claimed in ["carol-0", "bob-0", "bob-1"] {
            let opener = CircleEnvelopeOpener(deviceId: claimed, deviceKey: carol.devices[0].key)
            #expect(throws: CircleEnvelopeError.self) { try opener.open(late, trusts: { _ in true }) }
        }
        #expect(try carol.opener().open(early, trusts: { _ in true }).plaintext == Self.receipt)
        // Bob's view trusts the owner at the new roster; an envelope from carol after her removal is refused.
        let bobView = after
        #expect(try bob.opener(1).open(late, trusts: bobView.trusts).plaintext == Self.receipt)
        let fromCarol = try carol.sealer().seal(
            Self.receipt, circleId: roster.circleId, rosterVersion: roster.version, to: try Self.list(bob).verify())
        #expect(throws: CircleEnvelopeError.untrustedSender) { try bob.opener().open(fromCarol, trusts: bobView.trusts) }
    }

    @Test("a device the relay injects gets nothing, and an envelope from a device outside the sender's signed list is refused")
    func rogueDevice() throws {
        let owner = try Person(devices: 1, name: "owner")
        let bob = try Person(devices: 1, name: "bob")
        let roster = try CircleRoster.create(by: owner.identity).adding(.init(bob.identity), by: owner.identity)
        // Recipients come from the members' signed lists only: a device the relay presents as
        // bob's (certified by someone else, or by bob but not in his list) is never among them.
        let unlisted = try Person(devices: 1, name: "x")
        let view = try CircleView(roster: roster, deviceLists: [Self.list(owner), Self.list(bob)])
        let envelope = try owner.sealer().seal(
            Self.receipt, circleId: roster.circleId, rosterVersion: roster.version, to: view.recipients(excluding: owner.devices[0].certificate))
        #expect(envelope.wrappedKeys.keys.sorted() == ["bob-0"])
        // A device of the owner's that is not in the owner's signed list sends: refused.
        let strayKey = Curve25519.KeyAgreement.PrivateKey()
        let stray = try DeviceCertificate.issue(
            by: owner.identity, deviceId: "owner-9", agreementKey: strayKey.publicKey.rawRepresentation, sequence: 9)
        let straySealer = try CircleEnvelopeSealer(identity: owner.identity, device: stray, deviceKey: strayKey)
        let fromStray = try straySealer.seal(Self.receipt, circleId: roster.circleId, rosterVersion: roster.version, to: try Self.list(bob).verify())
        #expect(throws: CircleEnvelopeError.untrustedSender) { try bob.opener().open(fromStray, trusts: view.trusts) }
        // Another circle's envelope, or one sealed at a roster this view has not seen, is refused too.
        let elsewhere = try owner.sealer().seal(
            Self.receipt, circleId: CircleEnvelopeSealer.randomId(), rosterVersion: 1, to: try Self.list(bob).verify())
        #expect(throws: CircleEnvelopeError.untrustedSender) { try bob.opener().open(elsewhere, trusts: view.trusts) }
        let ahead = try owner.sealer().seal(
            Self.receipt, circleId: roster.circleId, rosterVersion: roster.version + 1, to: try Self.list(bob).verify())
        #expect(throws: CircleEnvelopeError.untrustedSender) { try bob.opener().open(ahead, trusts: view.trusts) }
        let bobNine = try DeviceCertificate.issue(
            by: bob.identity, deviceId: "bob-9", agreementKey: unlisted.devices[0].certificate.agreementKey, sequence: 9)
        #expect(!view.recipients(excluding: owner.devices[0].certificate).contains { $0.certificate == bobNine })
        // A list that is not a member's is refused by the view.
        #expect(throws: CircleRosterError.invalidDeviceList(unlisted.identity.did)) {
            try CircleView(roster: roster, deviceLists: [Self.list(unlisted)])
        }
    }
}

/// Rosters, device lists and certificates arrive from the relay: hostile bytes decode to typed
/// errors or to values that then fail verification, never to a crash or a trusted forgery.
@Suite("Circle rosters and device lists, fuzzed")
struct CircleRosterFuzzTests {
    @Test("mutated encodings of a valid roster, device list and certificate never verify as something else")
    func mutatedEncodings() throws {
        let owner = try CircleEnvelopeTests.Person(devices: 2, name: "owner")
        let roster = try CircleRoster.create(by: owner.identity).adding(.init(Identity.generate()), by: owner.identity)
        let list = try DeviceList.sign(by: owner.identity, version: 3, devices: owner.devices.map(\.certificate))
        let encodings = try [
            DAGCBOREncoder().encode(roster), DAGCBOREncoder().encode(list), DAGCBOREncoder().encode(owner.devices[0].certificate),
        ]
        var random = SplitMix64(seed: 0x5057)
        for round in 0..<3_000 {
            var bytes = encodings[round % 3]
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
            }
            if round % 7 == 0 { bytes = bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)) }
            switch round % 3 {
            case 0:
                if let decoded = try? DAGCBORDecoder().decode(CircleRoster.self, from: bytes), decoded != roster {
                    #expect(throws: CircleRosterError.self) { try decoded.verify() }
                }
            case 1:
                if let decoded = try? DAGCBORDecoder().decode(DeviceList.self, from: bytes), decoded != list {
                    #expect(throws: CircleRosterError.self) { try decoded.verify() }
                }
            default:
                if let decoded = try? DAGCBORDecoder().decode(DeviceCertificate.self, from: bytes), decoded != owner.devices[0].certificate {
                    #expect(throws: CircleEnvelopeError.self) { try decoded.verify() }
                }
            }
        }
    }
}
