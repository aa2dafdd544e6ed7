public import CloudWire
import Crypto
public import Foundation

/// The sign-in rows one ``BudsRelayStore/updateSignIn(session:number:_:)`` call works on.
public struct SignInRows: Hashable, Sendable {
    /// The sessions loaded (at most the one asked for); remove one to delete it.
    public var sessions: [PhoneSignIn.Session]
    /// The number records loaded or added.
    public var numbers: [PhoneDigest: PhoneSignIn.NumberRecord]

    public init(sessions: [PhoneSignIn.Session] = [], numbers: [PhoneDigest: PhoneSignIn.NumberRecord] = [:]) {
        self.sessions = sessions
        self.numbers = numbers
    }
}

/// The SHA-256 of a secret the relay must recognise but never keep: a device's credential, a
/// link token. Compared in constant time; never printed.
public struct CredentialDigest: Hashable, Sendable, CustomStringConvertible {
    public let bytes: Data

    /// The digest of a device's bearer credential.
    public init(credential: DeviceToken) {
        bytes = Self.hash(Self.credentialDomain + credential.bytes)
    }

    /// The digest of a link channel's token.
    public init(linkToken: Data) {
        bytes = Self.hash(Self.linkDomain + Array(linkToken))
    }

    /// A digest as a store read it back (32 bytes).
    public init?(storedBytes: Data) {
        guard storedBytes.count == 32 else { return nil }
        bytes = storedBytes
    }

    private static let credentialDomain = Array("buds/device-credential/v1\u{0}".utf8)
    private static let linkDomain = Array("buds/link-token/v1\u{0}".utf8)

    private static func hash(_ input: [UInt8]) -> Data { Data(SHA256.hash(data: input)) }

    public static func == (left: CredentialDigest, right: CredentialDigest) -> Bool {
        guard left.bytes.count == right.bytes.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(left.bytes, right.bytes) { difference |= a ^ b }
        return difference == 0
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }

    public var description: String { "CredentialDigest(<redacted>)" }
}

/// A registered device: whose it is and its id in its person's device list.
public struct RelayDevice: Hashable, Sendable {
    public let did: String
    public let deviceId: String

    public init(did: String, deviceId: String) {
        self.did = did
        self.deviceId = deviceId
    }
}

/// A person's signed device list as the relay keeps it: the DAG-CBOR bytes the person signed,
/// with what the store needs to decide without decoding them.
public struct DeviceListRecord: Hashable, Sendable {
    public let did: String
    public let version: UInt64
    /// The ids of the list's devices.
    public let deviceIds: [String]
    /// The signed list, DAG-CBOR, as received.
    public let bytes: Data

    public init(did: String, version: UInt64, deviceIds: [String], bytes: Data) {
        self.did = did
        self.version = version
        self.deviceIds = deviceIds
        self.bytes = bytes
    }
}

public enum DeviceRegistrationOutcome: Hashable, Sendable {
    case registered
    /// The stored list is newer, or has this version with other bytes.
    case staleList(storedVersion: UInt64)
    /// No account for the list's DID, and no verified phone to create it.
    case unknownAccount
    /// The credential already belongs to another device.
    case credentialInUse
    /// Another person's device already has this id.
    case deviceIdTaken
}

public enum DeviceListOutcome: Hashable, Sendable {
    case replaced
    case staleList(storedVersion: UInt64)
    /// The list is not the sending device's person's, or leaves out the sending device.
    case forbidden
}

public enum LinkFillOutcome: Hashable, Sendable {
    case filled
    /// No open channel under this token (never opened, expired, or taken).
    case unknown
    case alreadyFilled
}

public enum LinkTakeOutcome: Hashable, Sendable {
    /// Open, nothing put in yet.
    case pending
    /// The content; the channel is now closed.
    case content(Data)
    /// No open channel under this token.
    case unknown
}

/// A circle's roster as the relay keeps it: the owner-signed DAG-CBOR bytes, with what the
/// store needs to decide without decoding them.
public struct RosterRecord: Hashable, Sendable {
    public let circleId: Data
    public let version: UInt64
    public let ownerDID: String
    /// Every member's DID, the owner first.
    public let memberDIDs: [String]
    public let bytes: Data

    public init(circleId: Data, version: UInt64, ownerDID: String, memberDIDs: [String], bytes: Data) {
        self.circleId = circleId
        self.version = version
        self.ownerDID = ownerDID
        self.memberDIDs = memberDIDs
        self.bytes = bytes
    }
}

public enum RosterOutcome: Hashable, Sendable {
    case stored
    /// The stored roster is not the version replaced (a newer one won, or this is a replay).
    case stale(storedVersion: UInt64)
    /// Only the owner's devices store a roster; a new circle starts at version 1.
    case forbidden
    /// A circle with this id exists with another owner.
    case conflict
}

public enum InviteOutcome: Hashable, Sendable {
    case created
    /// The invitation id is taken.
    case duplicate
    /// No such circle, or the device is not its owner's.
    case forbidden
}

public enum JoinOutcome: Hashable, Sendable {
    /// The request waits for the owner; the circle it is for.
    case pending(circleId: Data)
    /// No such invitation, or it expired.
    case unknown
    /// The invitation was used already.
    case used
    /// `did` is a member already.
    case alreadyMember
}

/// A join request waiting for the circle's owner.
public struct PendingJoinRecord: Hashable, Sendable {
    public let inviteId: Data
    public let did: String
    public let request: Data
    public let createdAt: Date

    public init(inviteId: Data, did: String, request: Data, createdAt: Date) {
        self.inviteId = inviteId
        self.did = did
        self.request = request
        self.createdAt = createdAt
    }
}

/// A sealed envelope as submitted: its id (from its signed header), its circle, its sender and
/// its bytes.
public struct EnvelopeRecord: Hashable, Sendable {
    public let id: Data
    public let circleId: Data
    public let senderDeviceId: String
    public let bytes: Data
    public let receivedAt: Date

    public init(id: Data, circleId: Data, senderDeviceId: String, bytes: Data, receivedAt: Date) {
        self.id = id
        self.circleId = circleId
        self.senderDeviceId = senderDeviceId
        self.bytes = bytes
        self.receivedAt = receivedAt
    }
}

public enum EnqueueOutcome: Hashable, Sendable {
    /// Queued for every recipient.
    case queued
    /// The circle's roster moved on from the envelope's version (or the circle is gone).
    case staleRoster(currentVersion: UInt64?)
    /// This envelope id was queued before.
    case duplicate
    /// The named recipient's queue is full.
    case queueFull(deviceId: String)
}

/// One entry of a device's queue.
public struct QueuedEnvelopeRecord: Hashable, Sendable {
    /// The entry's id in the queue, for acknowledging it.
    public let entry: Int64
    public let bytes: Data
    public let queuedAt: Date

    public init(entry: Int64, bytes: Data, queuedAt: Date) {
        self.entry = entry
        self.bytes = bytes
        self.queuedAt = queuedAt
    }
}
