import DAGCBOR
public import Foundation

/// A cash link: a URL whose fragment carries the entropy of a BIP-39 mnemonic in Base58, so the
/// key that owns the sent cash travels with the link and never reaches a server (browsers do not
/// send the part after `#`).
///
/// `https://send.flipcash.com/c/#/e=<base58(entropy)>` is a gift card (16 bytes: a 12-word
/// phrase); `https://app.flipcash.com/login/#/e=…` a login link. The owner key is the SLIP-0010
/// ed25519 key at `m/44'/501'/0'/0'` of the phrase's BIP-39 seed (no passphrase). A link is a
/// bearer secret: `description` never shows the fragment.
public struct CashLink: Hashable, Sendable {
    /// Gift card or login link.
    public let kind: CashLinkKind
    /// The mnemonic whose entropy the link carries.
    public let mnemonic: Mnemonic

    /// Entropy lengths a link may carry: 12 or 24 words.
    public static let entropyByteCounts: Set<Int> = [16, 32]

    /// The link for `mnemonic`.
    ///
    /// - Throws: `CashLinkError.invalidEntropyLength` unless it has 12 or 24 words.
    public init(kind: CashLinkKind = .giftCard, mnemonic: Mnemonic) throws(CashLinkError) {
        guard Self.entropyByteCounts.contains(mnemonic.entropy.count) else {
            throw .invalidEntropyLength(mnemonic.entropy.count)
        }
        self.kind = kind
        self.mnemonic = mnemonic
    }

    /// The link for `entropy` (16 or 32 bytes).
    ///
    /// - Throws: `CashLinkError.invalidEntropyLength` for any other length.
    public init(kind: CashLinkKind = .giftCard, entropy: some DataProtocol) throws(CashLinkError) {
        let bytes = [UInt8](entropy)
        guard Self.entropyByteCounts.contains(bytes.count) else { throw .invalidEntropyLength(bytes.count) }
        do {
            try self.init(kind: kind, mnemonic: Mnemonic(entropy: bytes))
        } catch {
            throw .invalidEntropyLength(bytes.count)  // unreachable: 16 and 32 are BIP-39 lengths
        }
    }

    /// A new gift card: 16 fresh bytes of entropy from `generator` (a 12-word phrase).
    public static func new(using generator: inout some RandomNumberGenerator) -> CashLink {
        CashLink(validKind: .giftCard, mnemonic: Mnemonic.generate(wordCount: .twelve, using: &generator))
    }

    /// A new gift card from the system's cryptographically secure generator.
    public static func new() -> CashLink {
        var generator = SystemRandomNumberGenerator()
        return new(using: &generator)
    }

    /// Reads a link someone pasted, scanned or tapped; white space around it is ignored.
    ///
    /// - Throws: `CashLinkError`: `.notAFlipcashLink`, `.missingFragment`, `.malformedFragment`,
    ///   `.invalidBase58` or `.invalidEntropyLength`.
    public init(parsing text: String) throws(CashLinkError) {
        guard let components = URLComponents(string: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw .notAFlipcashLink
        }
        try self.init(components: components)
    }

    /// Reads a link the system opened (a universal link).
    ///
    /// - Throws: as `init(parsing:)`.
    public init(url: URL) throws(CashLinkError) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { throw .notAFlipcashLink }
        try self.init(components: components)
    }

    /// The entropy the link carries.
    public var entropy: Data { mnemonic.entropy }

    /// The mnemonic's words (12 for a gift card).
    public var words: [String] { mnemonic.words }

    /// The link as text: `https://send.flipcash.com/c/#/e=<base58(entropy)>`.
    public var absoluteString: String { "https://\(kind.host)\(kind.path)#/e=\(Base58.encode(entropy))" }

    /// The link as a URL.
    public var url: URL {
        // The text is a fixed https prefix followed by Base58 digits (ASCII letters and numbers
        // only), which always forms a valid URL.
        guard let url = URL(string: absoluteString) else { preconditionFailure("a cash link did not form a URL") }
        return url
    }

    /// Derives the owner key: BIP-39 seed (PBKDF2, 2048 rounds, a few milliseconds) then SLIP-0010
    /// along `m/44'/501'/0'/0'`. Derive once and keep the result.
    public func deriveKeyPair() -> CashLinkKeyPair {
        do {
            let key = try SLIP10Key.derive(seed: mnemonic.seed(), path: .solanaAccount)
            return CashLinkKeyPair(privateKey: key.signingKey)
        } catch {
            // `.solanaAccount` is hardened at every step, the only thing SLIP-0010 can refuse.
            preconditionFailure("the fixed all-hardened account path was refused: \(error)")
        }
    }

    // MARK: - Parsing

    private init(validKind kind: CashLinkKind, mnemonic: Mnemonic) {
        self.kind = kind
        self.mnemonic = mnemonic
    }

    private init(components: URLComponents) throws(CashLinkError) {
        guard components.scheme?.lowercased() == "https", components.user == nil, components.password == nil,
            components.port == nil, let host = components.host,
            let kind = CashLinkKind(host: host, path: components.path)
        else { throw .notAFlipcashLink }
        guard let fragment = components.fragment, !fragment.isEmpty else { throw .missingFragment }
        guard fragment.hasPrefix("/e=") else { throw .malformedFragment }
        let encoded = fragment.dropFirst(3)
        guard !encoded.isEmpty else { throw .invalidEntropyLength(0) }
        let entropy: Data
        do {
            entropy = try Base58.decode(String(encoded))
        } catch {
            throw .invalidBase58(error)
        }
        try self.init(kind: kind, entropy: entropy)
    }
}

extension CashLink: CustomStringConvertible, CustomDebugStringConvertible {
    /// Kind and length only; the fragment is a secret.
    public var description: String { "CashLink(\(kind.rawValue), \(mnemonic.words.count) words, redacted)" }
    public var debugDescription: String { description }
}
