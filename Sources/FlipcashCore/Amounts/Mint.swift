import DAGCBOR
public import Foundation

/// The token an on-chain amount is counted in: the USDF dollar stablecoin, or a currency launched
/// on the launchpad and priced by the bonding curve.
///
/// A mint is identified by its address alone: `.launchpad(address:)` holding the USDF address is
/// the same mint as `.usdf` (equal, same hash, 6 decimals), mirroring the app's `mintDecimals`,
/// which keys on the address. Build mints from outside text with ``init(address:)``, which checks
/// the address and returns `.usdf` for the USDF address.
public enum Mint: Sendable, Hashable, Codable, CustomStringConvertible {
    /// USDF, the dollar stablecoin: 6 decimals.
    case usdf
    /// A launchpad currency at a base58 address: 10 decimals (`QUARKS_PER_TOKEN = 10^10`).
    case launchpad(address: String)

    /// The USDF mint's address on Solana.
    public static let usdfAddress = "5AMAA9JV9H97YYVxx8F6FsCMmTwXSuTTQneiup4RYAUQ"
    /// Decimals of USDF quarks.
    public static let usdfDecimals = 6
    /// Decimals of every launchpad currency's quarks.
    public static let launchpadDecimals = 10

    /// The mint at `address`, checked to be base58 of a 32-byte public key.
    ///
    /// - Throws: ``MintError`` when the text is not such an address.
    public init(address: String) throws(MintError) {
        let bytes: Data
        do {
            bytes = try Base58.decode(address)
        } catch {
            throw .notBase58(address)
        }
        guard bytes.count == 32 else { throw .wrongLength(address, byteCount: bytes.count) }
        self = address == Self.usdfAddress ? .usdf : .launchpad(address: address)
    }

    /// The base58 address.
    public var address: String {
        switch self {
        case .usdf: Self.usdfAddress
        case .launchpad(let address): address
        }
    }

    /// True for USDF, however it was spelled.
    public var isUSDF: Bool { address == Self.usdfAddress }

    /// Digits after the decimal point of one token: 6 for USDF, 10 for launchpad currencies.
    public var decimals: Int { isUSDF ? Self.usdfDecimals : Self.launchpadDecimals }

    /// Quarks in one whole token: 10^6 or 10^10.
    public var quarksPerToken: UInt64 { isUSDF ? 1_000_000 : 10_000_000_000 }

    public var description: String { isUSDF ? "USDF" : address }

    public static func == (lhs: Mint, rhs: Mint) -> Bool { lhs.address == rhs.address }

    public func hash(into hasher: inout Hasher) { hasher.combine(address) }

    /// A mint is persisted as its address string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try Mint(address: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.localizedDescription)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(address)
    }
}

/// Why a mint address could not be read.
public enum MintError: LocalizedError, Equatable, Sendable {
    /// The text has characters outside the base58 (Bitcoin) alphabet.
    case notBase58(String)
    /// The text is base58 but not of a 32-byte key.
    case wrongLength(String, byteCount: Int)

    public var errorDescription: String? {
        switch self {
        case .notBase58(let text):
            "\"\(text.prefix(64))\" is not a mint address: addresses are base58 (no 0, O, I or l)."
        case .wrongLength(let text, let count):
            "\"\(text.prefix(64))\" is not a mint address: it decodes to \(count) bytes, not 32."
        }
    }
}
