public import Foundation

/// Why a varint could not be read. Offsets count bytes from the start of the collection.
public enum VarintError: LocalizedError, Equatable, Sendable {
    /// The input ended in the middle of the varint that starts at `offset`.
    case truncated(offset: Int)
    /// The varint at `offset` has a redundant trailing zero group (not the minimal encoding).
    case nonMinimal(offset: Int)
    /// The varint at `offset` is longer than the 9 bytes multiformats allows.
    case tooLong(offset: Int)

    public var errorDescription: String? {
        switch self {
        case .truncated(let offset):
            return "The varint at byte \(offset) is cut short: the data ends before its last byte."
        case .nonMinimal(let offset):
            return "The varint at byte \(offset) is not minimally encoded (it ends with a zero continuation byte)."
        case .tooLong(let offset):
            return "The varint at byte \(offset) is longer than the \(Varint.maxLength) bytes multiformats allows."
        }
    }
}
