import DAGCBOR
public import Foundation

/// A person's devices, as the person signs them: the only devices anyone wraps to for them. Its
/// version only grows, so a relay can replay an old list but never pass it off as newer.
public struct DeviceList: Hashable, Sendable, Codable {
    public let did: String
    public let signingKey: Data
    public let version: UInt64
    public let devices: [DeviceCertificate]
    public let signature: Data

    /// At most five devices per person.
    public static let maximumDevices = 5
    static let domain = Data("buds.device-list.v1".utf8)

    /// `devices` (certificates `identity` issued) as version `version` of `identity`'s list.
    ///
    /// - Throws: ``CircleRosterError``.
    public static func sign(by identity: Identity, version: UInt64, devices: [DeviceCertificate]) throws -> DeviceList {
        let body = Body(did: identity.did, signingKey: identity.signingPublicKey, version: version, devices: devices)
        try body.check()
        let signature = try identity.sign(domain + (try DAGCBOREncoder().encode(body)))
        return DeviceList(did: body.did, signingKey: body.signingKey, version: version, devices: devices, signature: signature)
    }

    public init(did: String, signingKey: Data, version: UInt64, devices: [DeviceCertificate], signature: Data) {
        self.did = did
        self.signingKey = signingKey
        self.version = version
        self.devices = devices
        self.signature = signature
    }

    /// The list's devices, every one checked, once the list's own signature and DID check out.
    ///
    /// - Throws: ``CircleRosterError/invalidDeviceList(_:)``.
    public func verify() throws(CircleRosterError) -> [CertifiedDevice] {
        let body = Body(did: did, signingKey: signingKey, version: version, devices: devices)
        try body.check()
        guard (try? Identity.did(forSigningPublicKey: signingKey)) == did, let bytes = try? DAGCBOREncoder().encode(body),
            Identity.verify(signature: signature, of: Self.domain + bytes, signingPublicKey: signingKey)
        else { throw .invalidDeviceList(did) }
        do {
            return try devices.map { certificate throws(CircleEnvelopeError) in try CertifiedDevice(certificate) }
        } catch {
            throw .invalidDeviceList(did)
        }
    }

    private struct Body: Codable {
        let did: String
        let signingKey: Data
        let version: UInt64
        let devices: [DeviceCertificate]

        func check() throws(CircleRosterError) {
            guard !devices.isEmpty, devices.count <= DeviceList.maximumDevices,
                devices.allSatisfy({ $0.did == did && $0.signingKey == signingKey }),
                Set(devices.map(\.deviceId)).count == devices.count
            else { throw .invalidDeviceList(did) }
        }
    }
}

/// A circle's members, as its owner signs them: version 1 holds the owner alone, and every
/// change (a member added or removed) is version + 1. Entries are sealed for the devices of the
/// members of the newest roster a sender has verified, so a removed member gets no key to any
/// entry sealed after the removal.
public struct CircleRoster: Hashable, Sendable, Codable {
    /// A member: their DID and the identity key it is derived from.
    public struct Member: Hashable, Sendable, Codable {
        public let did: String
        public let signingKey: Data

        public init(did: String, signingKey: Data) {
            self.did = did
            self.signingKey = signingKey
        }

        public init(_ identity: Identity) {
            self.init(did: identity.did, signingKey: identity.signingPublicKey)
        }
    }

    public let circleId: Data
    public let version: UInt64
    public let owner: Member
    /// Every member, the owner first.
    public let members: [Member]
    public let signature: Data

    /// At most twelve members, the owner included.
    public static let maximumMembers = 12
    static let domain = Data("buds.circle-roster.v1".utf8)

    /// Version 1 of a new circle of `owner`'s, with a random id.
    public static func create(by owner: Identity, circleId: Data = CircleEnvelopeSealer.randomId()) throws -> CircleRoster {
        try signed(circleId: circleId, version: 1, owner: owner, members: [Member(owner)])
    }

    /// The next version, with `member` added.
    ///
    /// - Throws: ``CircleRosterError/notOwner``, ``CircleRosterError/full``,
    ///   ``CircleRosterError/alreadyMember``.
    public func adding(_ member: Member, by owner: Identity) throws -> CircleRoster {
        guard owner.did == self.owner.did else { throw CircleRosterError.notOwner }
        guard !members.contains(where: { $0.did == member.did }) else { throw CircleRosterError.alreadyMember }
        guard members.count < Self.maximumMembers else { throw CircleRosterError.full }
        return try Self.signed(circleId: circleId, version: version + 1, owner: owner, members: members + [member])
    }

    /// The next version, without the member `did`.
    ///
    /// - Throws: ``CircleRosterError/notOwner`` (also for removing the owner), ``CircleRosterError/notMember``.
    public func removing(_ did: String, by owner: Identity) throws -> CircleRoster {
        guard owner.did == self.owner.did, did != self.owner.did else { throw CircleRosterError.notOwner }
        guard members.contains(where: { $0.did == did }) else { throw CircleRosterError.notMember }
        return try Self.signed(circleId: circleId, version: version + 1, owner: owner, members: members.filter { $0.did != did })
    }

    /// Checks the owner's signature, the DIDs and the shape.
    ///
    /// - Throws: ``CircleRosterError/invalidRoster``.
    public func verify() throws(CircleRosterError) {
        let body = Body(circleId: circleId, version: version, owner: owner, members: members)
        guard circleId.count == 16, version >= 1, !members.isEmpty, members.count <= Self.maximumMembers, members.first == owner,
            Set(members.map(\.did)).count == members.count,
            members.allSatisfy({ (try? Identity.did(forSigningPublicKey: $0.signingKey)) == $0.did }),
            let bytes = try? DAGCBOREncoder().encode(body),
            Identity.verify(signature: signature, of: Self.domain + bytes, signingPublicKey: owner.signingKey)
        else { throw .invalidRoster }
    }

    /// Checks that `next` may replace this roster: valid, the same circle and owner, a higher
    /// version (an older or equal one is a replay).
    ///
    /// - Throws: ``CircleRosterError/invalidRoster`` or ``CircleRosterError/staleRoster``.
    public func checkSuccessor(_ next: CircleRoster) throws(CircleRosterError) {
        try next.verify()
        guard next.circleId == circleId, next.owner == owner else { throw .invalidRoster }
        guard next.version > version else { throw .staleRoster }
    }

    /// Whether `did` is a member.
    public func contains(_ did: String) -> Bool { members.contains { $0.did == did } }

    private static func signed(circleId: Data, version: UInt64, owner: Identity, members: [Member]) throws -> CircleRoster {
        let body = Body(circleId: circleId, version: version, owner: Member(owner), members: members)
        let signature = try owner.sign(domain + (try DAGCBOREncoder().encode(body)))
        return CircleRoster(circleId: circleId, version: version, owner: body.owner, members: members, signature: signature)
    }

    public init(circleId: Data, version: UInt64, owner: Member, members: [Member], signature: Data) {
        self.circleId = circleId
        self.version = version
        self.owner = owner
        self.members = members
        self.signature = signature
    }

    private struct Body: Codable {
        let circleId: Data
        let version: UInt64
        let owner: Member
        let members: [Member]
    }
}

/// What one person's app knows of a circle: its newest verified roster and each member's newest
/// verified device list. It answers whom to seal for and whose envelopes to open.
public struct CircleView: Sendable {
    public let roster: CircleRoster
    /// Per member DID: their certified devices.
    public let devices: [String: [CertifiedDevice]]

    /// - Throws: ``CircleRosterError`` when the roster or a list does not verify, or a list is
    ///   not a member's.
    public init(roster: CircleRoster, deviceLists: [DeviceList]) throws(CircleRosterError) {
        try roster.verify()
        var devices: [String: [CertifiedDevice]] = [:]
        for list in deviceLists {
            guard roster.members.contains(where: { $0.did == list.did && $0.signingKey == list.signingKey }) else {
                throw .invalidDeviceList(list.did)
            }
            devices[list.did] = try list.verify()
        }
        self.roster = roster
        self.devices = devices
    }

    /// The devices to seal an entry for: every certified device of every member, the sender's
    /// own other devices included, the sending device excluded.
    public func recipients(excluding sendingDevice: DeviceCertificate) -> [CertifiedDevice] {
        roster.members.flatMap { devices[$0.did] ?? [] }.filter { $0.certificate != sendingDevice }
    }

    /// Whether an envelope's header comes from this circle, sealed at a roster this view knows,
    /// by a current member from a device in that member's signed list.
    public func trusts(_ header: CircleEnvelopeHeader) -> Bool {
        guard header.circleId == roster.circleId, header.rosterVersion <= roster.version, roster.contains(header.sender.did) else { return false }
        return devices[header.sender.did]?.contains { $0.certificate == header.sender } ?? false
    }
}

/// Why a roster or a device list was refused.
public enum CircleRosterError: LocalizedError, Hashable, Sendable {
    case invalidRoster
    case staleRoster
    case invalidDeviceList(String)
    case notOwner
    case full
    case alreadyMember
    case notMember
    /// An invitation code that is not 64 hex characters.
    case invalidInvitation
    /// A join request that is not well formed or not signed by the key it names.
    case invalidJoinRequest

    public var errorDescription: String? {
        switch self {
        case .invalidRoster: "The circle's member list is not signed by its owner, or not well formed."
        case .staleRoster: "This member list is not newer than the one already known: a replay."
        case .invalidDeviceList(let did): "The device list of \(did.prefix(64)) is not signed by them, or not well formed."
        case .notOwner: "Only the circle's owner changes its members, and the owner cannot be removed."
        case .full: "A circle has at most \(CircleRoster.maximumMembers) members."
        case .alreadyMember: "They are a member already."
        case .notMember: "They are not a member."
        case .invalidInvitation: "That is not an invitation code: it is 64 letters and digits (0-9, a-f)."
        case .invalidJoinRequest: "The request to join is not well formed or not signed by the person it names."
        }
    }
}
