public import Foundation

/// This device's registration with a relay.
public struct RelayAccount: Codable, Hashable, Sendable {
    public let server: String
    public let did: String
    public let deviceId: String
    public let name: String
    /// The person's devices, as their newest signed list names them.
    public let devices: [String]
}

/// A sign-in waiting for its code.
public struct PendingSignIn: Codable, Hashable, Sendable {
    public let server: String
    public let checksLeft: Int
    /// Seconds until another code may be asked for.
    public let resendAfterSeconds: Int
}

/// A circle as this person sees it.
public struct CircleSummary: Codable, Hashable, Sendable {
    public let id: String
    public let name: String
    public let isOwner: Bool
    /// Members, the owner first (empty while a join waits for the owner).
    public let members: [CircleMember]
    /// The roster version this device holds (0 while a join waits).
    public let version: UInt64
    /// Whether the owner has yet to add this person.
    public let isPending: Bool
    /// Whether a newer roster no longer lists this person.
    public let isRemoved: Bool
}

/// A member of a circle, with what this device knows of them.
public struct CircleMember: Codable, Hashable, Sendable {
    public let did: String
    public let name: String?
    public let isOwner: Bool
    public let isMe: Bool
    /// Their devices as pinned here.
    public let devices: Int
    /// Whether a device key of theirs changed and waits for acceptance.
    public let hasPendingKeyChange: Bool

    public var displayName: String { name ?? String(did.prefix(20)) + "…" }
}

/// Something that happened in a circle.
public struct CircleEvent: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Sendable {
        case joined, removed, deviceAdded = "device_added", deviceRemoved = "device_removed", keyChanged = "key_changed"
        case keyAccepted = "key_accepted", entryRefused = "entry_refused", youWereRemoved = "you_were_removed"
    }

    public let circle: String
    public let kind: Kind
    public let did: String?
    public let name: String?
    public let detail: String?
    public let at: Date

    /// The event in words, e.g. "Bob added a device".
    public var text: String {
        let who = name ?? did.map { String($0.prefix(20)) + "…" } ?? "someone"
        switch kind {
        case .joined: return "\(who) joined"
        case .removed: return "\(who) was removed"
        case .deviceAdded: return "\(who) added a device"
        case .deviceRemoved: return "\(who) removed a device"
        case .keyChanged: return "\(who)'s device key changed: compare safety numbers before sharing again"
        case .keyAccepted: return "\(who)'s new device key was accepted"
        case .entryRefused: return "an entry was refused: \(detail ?? "it did not verify")"
        case .youWereRemoved: return "you were removed from this circle"
        }
    }
}

/// What a sync did.
public struct SyncReport: Codable, Hashable, Sendable {
    /// Memories that arrived or changed.
    public var received: [ReceivedMemory] = []
    /// Shared-memory updates sent (edits and deletions queued since the last sync).
    public var sentUpdates = 0
    /// Envelopes refused, with why (they are removed from the relay all the same).
    public var refused: [String] = []
    /// What happened in the circles.
    public var events: [CircleEvent] = []

    public init() {}
}

/// A memory a member shared (or changed) that this sync stored.
public struct ReceivedMemory: Codable, Hashable, Sendable {
    public let memoryId: UUID
    public let circle: String
    public let from: String
    /// The strain of the newest version, or nil when the memory was deleted.
    public let strainName: String?
    public let isDeleted: Bool
}

/// What sharing a memory did.
public struct ShareReceipt: Codable, Hashable, Sendable {
    public let memoryId: UUID
    public let circle: String
    /// How many devices it was sealed for.
    public let devices: Int
}

/// A device of this person's.
public struct LinkedDevice: Codable, Hashable, Sendable {
    public let deviceId: String
    public let isThisDevice: Bool
}

/// Two people's safety number, and whether a key change of the member's waits.
public struct SafetyNumberReport: Codable, Hashable, Sendable {
    public let member: String
    public let did: String
    public let number: String
    public let hasPendingKeyChange: Bool
}
