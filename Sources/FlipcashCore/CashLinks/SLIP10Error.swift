public import Foundation

/// Why a SLIP-0010 ed25519 key could not be derived.
public enum SLIP10Error: LocalizedError, Equatable, Sendable {
    /// `index` is below 2³¹; ed25519 keys only have hardened children (write the step as `0'`).
    case nonHardenedIndex(UInt32)

    public var errorDescription: String? {
        switch self {
        case .nonHardenedIndex(let index):
            "Ed25519 keys only have hardened children; step \(index) must be written \(index)' (index \(index) + 2^31)."
        }
    }
}
