import Foundation

/// Why a Reed–Solomon codeword could not be corrected.
enum ReedSolomonError: LocalizedError, Equatable, Sendable {
    /// More symbols are wrong than the code can correct (or the damage is of a kind it can detect
    /// but not locate).
    case tooManyErrors
    /// The word is not `expected` symbols long.
    case wrongLength(expected: Int, actual: Int)

    var errorDescription: String? {
        switch self {
        case .tooManyErrors: "Too many bytes are damaged to correct."
        case .wrongLength(let expected, let actual): "A codeword is \(expected) bytes, not \(actual)."
        }
    }
}
