/// An owner: the base58 text of their Ed25519 public key.
public struct OwnerID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static func < (lhs: OwnerID, rhs: OwnerID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// An intent's id, chosen by the client and saved before the first attempt: the base58 text of
/// 32 bytes.
public struct IntentID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static func < (lhs: IntentID, rhs: IntentID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A cash link: the base58 text of the public key derived from the link's words (the server
/// never sees the words).
public struct GiftCardID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static func < (lhs: GiftCardID, rhs: GiftCardID) -> Bool { lhs.rawValue < rhs.rawValue }
}
