public import Foundation

/// Why text is not a key derivation path.
public enum DerivationPathError: LocalizedError, Equatable, Sendable {
    /// A path starts with `m` (the master key), as in `m/44'/501'/0'/0'`.
    case missingMasterPrefix
    /// Component `position` (1 for the first after `m`) is empty, not a decimal number or 2³¹ or more.
    case invalidComponent(position: Int)

    public var errorDescription: String? {
        switch self {
        case .missingMasterPrefix:
            "A derivation path starts with \"m\", as in m/44'/501'/0'/0'."
        case .invalidComponent(let position):
            "Step \(position) of the derivation path is not a number below 2^31 optionally followed by ' or h."
        }
    }
}
