public import Foundation

/// Why bytes or text are not a BIP-39 mnemonic. The cases never carry the words themselves: a
/// mnemonic is a bearer secret and errors end up in logs.
public enum MnemonicError: LocalizedError, Equatable, Sendable {
    /// Entropy must be 16, 20, 24, 28 or 32 bytes; it was `byteCount`.
    case invalidEntropyLength(Int)
    /// A phrase must have 12, 15, 18, 21 or 24 words; it had `count`.
    case invalidWordCount(Int)
    /// The word at `position` (counted from 0) is not in the BIP-39 English list.
    case unknownWord(position: Int)
    /// Every word is in the list but the last bits do not match the SHA-256 checksum: a word
    /// was mistyped, swapped or left out.
    case checksumMismatch

    public var errorDescription: String? {
        switch self {
        case .invalidEntropyLength(let byteCount):
            "A mnemonic needs 16, 20, 24, 28 or 32 bytes of entropy, not \(byteCount)."
        case .invalidWordCount(let count):
            "A recovery phrase has 12, 15, 18, 21 or 24 words; this one has \(count)."
        case .unknownWord(let position):
            "Word \(position + 1) of the recovery phrase is not a BIP-39 English word; check its spelling."
        case .checksumMismatch:
            "The recovery phrase's checksum does not match; a word is wrong, missing or out of order."
        }
    }
}
