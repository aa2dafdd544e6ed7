public import Foundation

/// A message stored under a rendezvous until the other side acks it.
public struct RendezvousMessage: Hashable, Sendable {
    /// What the message asks, as far as the store's rules care.
    public enum Kind: Hashable, Sendable {
        /// The giver's offer.
        case give
        /// A grabber's answer: the owner to pay.
        case grab(requestor: OwnerID)
    }

    /// 16 random bytes the server chose.
    public let id: Data
    public let rendezvous: RendezvousID
    public let kind: Kind
    /// The message as it is delivered: the contract's `Message`, serialized, with its id, the
    /// sender's signature and the time it was stored.
    public let body: Data
    public let sentAt: Date

    public init(id: Data, rendezvous: RendezvousID, kind: Kind, body: Data, sentAt: Date) {
        self.id = id
        self.rendezvous = rendezvous
        self.kind = kind
        self.body = body
        self.sentAt = sentAt
    }
}

/// What storing a message did.
public enum RendezvousSendOutcome: Hashable, Sendable {
    /// Stored under this id (for a grab sent again by the same owner: the first one's id).
    case stored(id: Data)
    /// A grab while no stream is open: the giver dismissed the bill, or never showed it.
    case noActiveStream
    /// A grab after another owner's: the bill is theirs (also once its stream has closed).
    case alreadyGrabbed
    /// The rendezvous holds ``RendezvousRules/maximumPendingMessages`` unacked messages already.
    case full
}

/// The rules every rendezvous store keeps, in one transaction per call so that they hold across
/// app-servers: one open stream per rendezvous, a grab only while it is open, and the first grab
/// wins.
public enum RendezvousRules {
    /// How long a stream record lives without a refresh: a giver who vanishes frees the bill
    /// within this time.
    public static let streamLifetime: TimeInterval = 3
    /// How often the server that holds a stream refreshes its record.
    public static let streamRefresh: Duration = .seconds(2)
    /// How long messages are kept, acked or not.
    public static let messageLifetime: TimeInterval = 15 * 60
    /// Unacked messages one rendezvous may hold (a bill needs two or three).
    public static let maximumPendingMessages = 16
}

/// Where rendezvous messages and stream records live: the same database as the payments, so every
/// app-server sees the same rendezvous.
public protocol RendezvousStore: Sendable {
    /// Stores `message` at `date`. A give is always stored (up to the pending cap); a grab only
    /// while a stream is open and no other owner has grabbed. The owner who grabbed gets its
    /// first grab's id back for the same grab again, open stream or not, and nothing more is
    /// stored: a retry after a lost answer is told what the first attempt did.
    func storeMessage(_ message: RendezvousMessage, at date: Date) async throws -> RendezvousSendOutcome
    /// The rendezvous's unacked messages in the order they were stored, at most `limit`.
    func pendingMessages(for rendezvous: RendezvousID, limit: Int) async throws -> [RendezvousMessage]
    /// Marks these messages of the rendezvous handled: never delivered again (unknown ids are
    /// ignored). A grab stays counted for "first grab wins".
    func acknowledgeMessages(_ ids: [Data], for rendezvous: RendezvousID) async throws
    /// Takes or refreshes the rendezvous's stream record for `holder` (one open stream, named by
    /// the server that holds it) until `date` + ``RendezvousRules/streamLifetime``. False when
    /// another holder's record is still alive.
    func holdStream(_ rendezvous: RendezvousID, holder: String, at date: Date) async throws -> Bool
    /// Ends `holder`'s stream record at once (the giver dismissed the bill).
    func releaseStream(_ rendezvous: RendezvousID, holder: String) async throws
    /// Deletes rendezvous whose last message is older than ``RendezvousRules/messageLifetime`` at
    /// `date` and whose stream record has expired; how many.
    func purgeRendezvous(at date: Date) async throws -> Int
}
