public import Foundation

/// Why a Base58 string could not be decoded.
public enum Base58Error: LocalizedError, Equatable, Sendable {
    /// `character` (the `position`-th Unicode scalar, from 0) is not in the Bitcoin Base58 alphabet.
    case invalidCharacter(Character, position: Int)

    public var errorDescription: String? {
        switch self {
        case .invalidCharacter(let character, let position):
            return "Base58 text contains \"\(character)\" at position \(position), which is not in the Bitcoin alphabet "
                + "(0, O, I and l are excluded)."
        }
    }
}
