public import Foundation

/// Why a phone sign-in step was refused. None says whether a number is known to the relay.
public enum PhoneSignInError: LocalizedError, Hashable, Sendable {
    /// Not an E.164 number.
    case invalidNumber
    /// The number's country is not one the relay sends codes to.
    case countryNotAllowed
    /// Too many codes or wrong guesses for this number or address lately: try after `seconds`.
    case retryLater(seconds: Int)
    /// No such session, or it ended (10 minutes after its last step, or verified).
    case sessionExpired
    /// The code is older than 10 minutes: ask for a new one.
    case codeExpired
    /// Wrong code; `remaining` guesses are left in this session.
    case wrongCode(remaining: Int)
    /// Five wrong guesses, or five codes sent: this session is over; start another later.
    case sessionExhausted

    public var errorDescription: String? {
        switch self {
        case .invalidNumber: "Type the number with its country code, like +1 415 555 0100."
        case .countryNotAllowed: "Codes cannot be sent to numbers of that country yet."
        case .retryLater(let seconds): "Too many attempts: try again in \(seconds) s."
        case .sessionExpired: "This sign-in has expired: start again."
        case .codeExpired: "This code has expired: ask for a new one."
        case .wrongCode(let remaining): "That code is not right; \(remaining) more tries."
        case .sessionExhausted: "Too many codes or tries for this sign-in: start again later."
        }
    }
}
