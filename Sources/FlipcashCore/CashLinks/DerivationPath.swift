import Foundation

/// A BIP-32 style key path such as `m/44'/501'/0'/0'`: a list of child indices from the master
/// key, where an index ≥ 2³¹ is "hardened" (written with `'` or `h`).
///
/// The path itself may hold non-hardened indices (they are valid BIP-32); `SLIP10Key` refuses
/// them when deriving, because ed25519 only supports hardened children.
public struct DerivationPath: Hashable, Sendable {
    /// Added to an index to mark it hardened.
    public static let hardenedOffset: UInt32 = 0x8000_0000

    /// The child indices from the master key, hardened ones including `hardenedOffset`.
    public let indices: [UInt32]

    /// The path through `indices` (hardened ones already offset).
    public init(indices: [UInt32]) {
        self.indices = indices
    }

    /// The path whose every step is hardened: `hardened: [44, 501, 0, 0]` is `m/44'/501'/0'/0'`.
    ///
    /// - Precondition: every component is below 2³¹ (callers pass constants).
    public init(hardened components: [UInt32]) {
        precondition(components.allSatisfy { $0 < Self.hardenedOffset }, "a path component must be below 2^31")
        self.indices = components.map { $0 + Self.hardenedOffset }
    }

    /// Reads `m`, `m/0'`, `m/44'/501'/0'/0'` or `m/44h/501h/0h/0h` (also `H`); a component without
    /// a mark is non-hardened. White space around the text is ignored, inside it is not.
    ///
    /// - Throws: `DerivationPathError.missingMasterPrefix` unless it starts with `m`,
    ///   `.invalidComponent` for an empty, non-decimal or too large component (≥ 2³¹).
    public init(parsing text: String) throws(DerivationPathError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.first == "m" else { throw .missingMasterPrefix }
        var indices: [UInt32] = []
        for (offset, part) in parts.dropFirst().enumerated() {
            var digits = Substring(part)
            var hardened = false
            if let last = digits.last, last == "'" || last == "h" || last == "H" {
                hardened = true
                digits = digits.dropLast()
            }
            // Decimal digits only: no sign, no white space, no leading "+" that UInt32(_:) accepts.
            guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                let value = UInt32(digits), value < Self.hardenedOffset
            else { throw .invalidComponent(position: offset + 1) }
            indices.append(hardened ? value + Self.hardenedOffset : value)
        }
        self.indices = indices
    }

    /// `m/44'/501'/0'/0'`: Solana's first account, where Flipcash derives a cash link's owner key
    /// (and the user's primary account).
    public static let solanaAccount = DerivationPath(hardened: [44, 501, 0, 0])
}

extension DerivationPath: CustomStringConvertible {
    /// The path in the usual notation, hardened steps marked with `'`.
    public var description: String {
        (["m"]
            + indices.map { index in
                index >= Self.hardenedOffset ? "\(index - Self.hardenedOffset)'" : "\(index)"
            }).joined(separator: "/")
    }
}
