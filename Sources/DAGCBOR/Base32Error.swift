public import Foundation

/// Why a base32 string could not be decoded.
public enum Base32Error: LocalizedError, Equatable, Sendable {
    /// `character` (the `position`-th Unicode scalar, from 0) is not in the lower-case RFC 4648 alphabet `a–z2–7`.
    case invalidCharacter(Character, position: Int)
    /// No byte sequence encodes to a base32 string of this many characters.
    case invalidLength(Int)
    /// The unused bits of the last character are not zero, so the string is not the canonical encoding.
    case nonZeroTrailingBits

    public var errorDescription: String? {
        switch self {
        case .invalidCharacter(let character, let position):
            return "Base32 text contains \"\(character)\" at position \(position); only lower-case a–z and 2–7 are allowed."
        case .invalidLength(let count):
            return "Base32 text of \(count) characters is impossible: the length is truncated or corrupted."
        case .nonZeroTrailingBits:
            return "Base32 text ends with non-zero padding bits, so it is not a canonical encoding."
        }
    }
}
