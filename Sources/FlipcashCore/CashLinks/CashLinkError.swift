public import DAGCBOR
public import Foundation

/// Why text is not a Flipcash cash link. No case carries the link itself: its fragment is a
/// bearer secret and errors end up in logs.
public enum CashLinkError: LocalizedError, Equatable, Sendable {
    /// Not an `https://send.flipcash.com/c/` or `https://app.flipcash.com/login/` URL.
    case notAFlipcashLink
    /// The right page, but no `#/e=…` fragment: the link was cut short when copied.
    case missingFragment
    /// A fragment that is not `/e=` followed by the key.
    case malformedFragment
    /// The key after `e=` is not Base58.
    case invalidBase58(Base58Error)
    /// The key decodes to `byteCount` bytes; a link carries 16 (12 words) or 32 (24 words).
    case invalidEntropyLength(Int)

    public var errorDescription: String? {
        switch self {
        case .notAFlipcashLink:
            "This is not a Flipcash cash link (https://send.flipcash.com/c/#/e=…)."
        case .missingFragment:
            "This cash link has no key after \"#\"; it was probably cut short when it was copied."
        case .malformedFragment:
            "This cash link's key should follow \"#/e=\"; the part after \"#\" is not in that form."
        case .invalidBase58(let error):
            "This cash link's key is damaged: \(error.localizedDescription)"
        case .invalidEntropyLength(let byteCount):
            "This cash link's key is \(byteCount) bytes long; a cash link carries 16 or 32 bytes."
        }
    }
}
