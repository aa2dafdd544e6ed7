import Foundation

/// What a purchase on the curve gives: tokens before the fee, the fee in tokens, and the tokens
/// received (`gross = fee + net` exactly).
public struct CurveBuyQuote: Sendable, Equatable {
    public let gross: Decimal
    public let fee: Decimal
    public let net: Decimal

    public init(gross: Decimal, fee: Decimal, net: Decimal) {
        self.gross = gross
        self.fee = fee
        self.net = net
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
