/// An identifier held as text (the base58 of a key, or a name the server gives its own
/// accounts), typed by what it identifies, so an owner's id can never be passed where a
/// transfer's is expected. `Subject` is only a tag.
public struct TextIdentifier<Subject>: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The tags of the ledger's and the payments' identifiers.
public enum IdentifierSubject {
    public enum LedgerAccount {}
    public enum Transfer {}
    public enum Owner {}
    public enum Intent {}
    public enum GiftCard {}
    public enum Rendezvous {}
}

/// An account's address: the base58 text of a 32-byte public key, or a name the server gives
/// its own accounts (`issuance:<mint>`, `user:<owner>:<mint>`, `gift_card:<link>`).
public typealias LedgerAccountID = TextIdentifier<IdentifierSubject.LedgerAccount>
/// A transfer's id: chosen by the client (or derived from an intent's), unique across the
/// ledger, the idempotency key.
public typealias TransferID = TextIdentifier<IdentifierSubject.Transfer>
/// An owner: the base58 text of their Ed25519 public key.
public typealias OwnerID = TextIdentifier<IdentifierSubject.Owner>
/// An intent's id, chosen by the client and saved before the first attempt: the base58 text of
/// 32 bytes.
public typealias IntentID = TextIdentifier<IdentifierSubject.Intent>
/// A cash link: the base58 text of the public key derived from the link's words (the server
/// never sees the words).
public typealias GiftCardID = TextIdentifier<IdentifierSubject.GiftCard>
/// A bill's rendezvous: the base58 text of the public key hashed from the bill's payload (the
/// id, too, of the payment that settles the bill).
public typealias RendezvousID = TextIdentifier<IdentifierSubject.Rendezvous>
