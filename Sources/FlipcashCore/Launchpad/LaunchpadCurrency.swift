import Crypto
import DAGCBOR
public import Foundation

/// A currency a user launched on the launchpad: its name and symbol, its mint, and the pool's
/// sell fee. Its price is the bonding curve's at its supply, which only trades move.
public struct LaunchpadCurrency: Hashable, Sendable {
    public let mint: Mint
    public let name: String
    public let symbol: String
    /// The fee on a sale back to the pool, in basis points (100 = 1 %, as the public pools).
    public let sellFeeBps: Int

    /// 1 %, the public launchpad's sell fee.
    public static let standardSellFeeBps = 100

    public init(mint: Mint, name: String, symbol: String, sellFeeBps: Int = Self.standardSellFeeBps) {
        self.mint = mint
        self.name = name
        self.symbol = symbol
        self.sellFeeBps = sellFeeBps
    }

    /// The mint a launch intent creates: derived from the intent's id, so the client knows it
    /// before it asks and a retried launch names the same mint.
    public static func mint(launchedBy intentID: String) -> Mint {
        let digest = SHA256.hash(data: Data("flipcash.launchpad.mint.v1\u{0}\(intentID)".utf8))
        // 32 bytes of base58: always a valid launchpad address (never the USDF one).
        return .launchpad(address: Base58.encode(Data(digest)))
    }

    /// The name, trimmed, when it is 1 to 32 characters with no control characters.
    ///
    /// - Throws: ``LaunchpadCurrencyError/invalidName(_:)``.
    public static func checkedName(_ name: String) throws(LaunchpadCurrencyError) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard (1...32).contains(trimmed.count), trimmed.unicodeScalars.allSatisfy({ !$0.properties.generalCategory.isControl })
        else { throw .invalidName(name) }
        return trimmed
    }

    /// The symbol in capitals, when it is 2 to 8 letters or digits (A–Z, 0–9) starting with a
    /// letter.
    ///
    /// - Throws: ``LaunchpadCurrencyError/invalidSymbol(_:)``.
    public static func checkedSymbol(_ symbol: String) throws(LaunchpadCurrencyError) -> String {
        let upper = symbol.uppercased()
        guard (2...8).contains(upper.count), upper.first.map({ $0.isASCII && $0.isLetter }) == true,
            upper.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else { throw .invalidSymbol(symbol) }
        return upper
    }
}

extension Unicode.GeneralCategory {
    fileprivate var isControl: Bool {
        switch self {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: true
        default: false
        }
    }
}

/// Why a launch's name or symbol cannot be used.
public enum LaunchpadCurrencyError: LocalizedError, Hashable, Sendable {
    case invalidName(String)
    case invalidSymbol(String)

    public var errorDescription: String? {
        switch self {
        case .invalidName: "A currency's name is 1 to 32 characters, without control characters."
        case .invalidSymbol(let symbol): "\"\(symbol)\" is not a symbol: use 2 to 8 letters or digits, starting with a letter."
        }
    }
}
