public import Foundation

/// What a purchase on the curve gives: tokens before the fee, the fee in tokens, and the tokens
/// received (`gross = fee + net` exactly), and the USDF it takes.
public struct CurveBuyQuote: Sendable, Equatable {
    public let gross: Decimal
    public let fee: Decimal
    public let net: Decimal
    /// The USDF taken: the amount offered, or less when the purchase reaches the curve's end
    /// (every token left, at their cost rounded up to a whole USDF quark). The rest is not spent.
    public let spent: Decimal

    public init(gross: Decimal, fee: Decimal, net: Decimal, spent: Decimal) {
        self.gross = gross
        self.fee = fee
        self.net = net
        self.spent = spent
    }
}

/// What a sale on the curve gives: USDF value before the fee, the fee, and the value received
/// (`gross = fee + net` exactly).
public struct CurveSellQuote: Sendable, Equatable {
    public let gross: Decimal
    public let fee: Decimal
    public let net: Decimal

    public init(gross: Decimal, fee: Decimal, net: Decimal) {
        self.gross = gross
        self.fee = fee
        self.net = net
    }
}

/// Why the curve cannot quote a trade. Nothing is bought or sold when one of these is thrown.
public enum CurveQuoteError: LocalizedError, Equatable, Sendable {
    /// The fee is outside 0…10,000 basis points (0 % … 100 %).
    case feeOutOfRange(feeBps: Int)
    /// The supply is more than the curve's 21,000,000 tokens: no such state exists.
    case supplyBeyondCurve(supply: Decimal)
    /// The supply is at the curve's end: every token has been sold, none is left to buy.
    case curveExhausted
    /// A sale of more tokens than the supply: tokens that were never sold cannot be sold back.
    case sellExceedsSupply(tokens: Decimal, supply: Decimal)

    public var errorDescription: String? {
        switch self {
        case .feeOutOfRange(let feeBps):
            "The fee must be 0 to 10000 basis points (100 = 1%); \(feeBps) is outside that range."
        case .supplyBeyondCurve(let supply):
            "The supply \(supply) is beyond the curve's end: at most 21000000 tokens can exist."
        case .curveExhausted:
            "No tokens left to buy: the supply is at the curve's end of 21000000 tokens."
        case .sellExceedsSupply(let tokens, let supply):
            "Cannot sell \(tokens) tokens: the supply is \(supply), and tokens never sold cannot be sold back."
        }
    }
}
