public import Foundation

/// What can go wrong sharing with circles, phrased for the person using the app.
public enum CircleError: LocalizedError, Equatable, Sendable {
    /// This journal has no relay account yet.
    case notSignedIn
    /// The journal already has a relay account (on `server`).
    case alreadySignedIn(server: String)
    /// No sign-in is waiting for a code.
    case noPendingSignIn
    /// No circle has this name (or id).
    case noSuchCircle(String)
    /// A circle with this name exists already.
    case circleNameTaken(String)
    /// Only the circle's owner can do this.
    case notOwner(circle: String)
    /// No member of the circle matches this name or DID (prefix).
    case noSuchMember(String)
    /// Several members match this name or DID prefix.
    case ambiguousMember(String)
    /// A member's device key changed; nothing is sent to their circles until the change is
    /// accepted after comparing safety numbers.
    case keyChanged(member: String)
    /// Only this person's own memories can be shared (a received one is its author's).
    case notShareable(String)
    /// The relay refused the request.
    case refused(RelayRefusal)
    /// The relay could not be reached.
    case unreachable(url: String, reason: String)
    /// The relay's answer was not one the contract allows.
    case invalidResponse(String)
    /// Something the relay sent does not verify (a roster, a device list, an envelope).
    case untrusted(String)
    /// A device link could not be completed.
    case linkFailed(String)
    /// A name given to a circle or to oneself is empty, too long or has control characters.
    case invalidName(String)

    public var errorDescription: String? {
        switch self {
        case .notSignedIn: "This journal is not signed in to a relay yet: run `buds account verify-phone NUMBER --server URL` first."
        case .alreadySignedIn(let server): "This journal is already signed in to \(server)."
        case .noPendingSignIn: "No sign-in is waiting for a code: start with `buds account verify-phone NUMBER`."
        case .noSuchCircle(let name): "No circle is named \(name)."
        case .circleNameTaken(let name): "A circle named \(name) exists already."
        case .notOwner(let circle): "Only the owner of \(circle) can change its members or invite."
        case .noSuchMember(let member): "No member matches \(member)."
        case .ambiguousMember(let member): "Several members match \(member): type more of their name or DID."
        case .keyChanged(let member):
            "\(member)'s device key changed. Compare safety numbers (`buds safety-number \(member)`) and accept the change before sharing again."
        case .notShareable(let reason): reason
        case .refused(let refusal): "The relay refused: \(refusal.message)"
        case .unreachable(let url, let reason): "Cannot reach the relay at \(url): \(reason)."
        case .invalidResponse(let reason): "The relay's answer was not understood: \(reason)."
        case .untrusted(let reason): "Refused what the relay sent: \(reason)."
        case .linkFailed(let reason): "The device was not linked: \(reason)"
        case .invalidName(let reason): reason
        }
    }
}

/// A refusal from the relay: its status, stable code, message and the field at fault, and for
/// an envelope whose recipients differ from the circle's devices, which are missing and extra.
public struct RelayRefusal: Equatable, Sendable, Error {
    public let status: Int
    public let code: String
    public let message: String
    public let field: String?
    public let missing: [String]
    public let extra: [String]
    /// Seconds to wait before retrying, for a 429.
    public let retryAfter: Int?

    public init(
        status: Int, code: String, message: String, field: String? = nil, missing: [String] = [], extra: [String] = [], retryAfter: Int? = nil
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.missing = missing
        self.extra = extra
        self.retryAfter = retryAfter
    }
}
