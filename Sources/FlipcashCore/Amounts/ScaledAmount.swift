public import Foundation

/// A fiat amount as a whole count of 10^−decimals units at a chosen precision: the app's legacy
/// `Quarks(quarks, currency, decimals)`, kept for values that still arrive that way (limits and
/// balances the server states in quarks) and for the regression it is remembered by.
///
/// The legacy comparison aligned both sides to the larger precision by multiplying the UInt64 by
/// 10^diff. For high-rate currencies that overflowed — 475,000,000 CLP at 6 decimals compared with
/// a balance at 10 decimals — and crashed (698ef3b). ``compare(_:)`` here never scales a UInt64: it
/// multiplies into 128 bits, where 64 × 64 bits always fits, so it is exact for every pair.
public struct ScaledAmount: Sendable, Equatable, CustomStringConvertible {
    public let quarks: UInt64
    public let currency: CurrencyCode
    /// Digits after the decimal point of one quark, `0...19`.
    public let decimals: Int

    /// - Throws: ``AmountError/unsupportedDecimals(_:)`` outside `0...19`.
    public init(quarks: UInt64, currency: CurrencyCode, decimals: Int) throws(AmountError) {
        guard (0...QuarkScale.maximumDecimals).contains(decimals) else { throw .unsupportedDecimals(decimals) }
        self.quarks = quarks
        self.currency = currency
        self.decimals = decimals
    }

    /// `quarks / 10^decimals`, exact.
    public var decimalValue: Decimal { QuarkScale.down(quarks, decimals: decimals) }

    /// The same value as a ``FiatAmount``.
    public var fiatAmount: FiatAmount { FiatAmount(value: decimalValue, currency: currency) }

    /// How `self` orders against `other` by value, whatever the two precisions.
    ///
    /// - Throws: ``AmountError/currencyMismatch(_:_:)``: the legacy type asserted and answered
    ///   `false`; a different currency has no order, so here it is an error.
    public func compare(_ other: ScaledAmount) throws(AmountError) -> ComparisonResult {
        guard currency == other.currency else { throw .currencyMismatch(currency, other.currency) }
        // a/10^da vs b/10^db  ⇔  a·10^(d−da) vs b·10^(d−db) with d = max(da, db): one side is
        // multiplied by 10^(0...19) < 2^64, so the product fits in 128 bits.
        let target = max(decimals, other.decimals)
        let lhs = Self.widened(quarks, by: target - decimals)
        let rhs = Self.widened(other.quarks, by: target - other.decimals)
        if lhs.high != rhs.high { return lhs.high < rhs.high ? .orderedAscending : .orderedDescending }
        if lhs.low != rhs.low { return lhs.low < rhs.low ? .orderedAscending : .orderedDescending }
        return .orderedSame
    }

    /// `self < other` by value.
    public func isLess(than other: ScaledAmount) throws(AmountError) -> Bool {
        try compare(other) == .orderedAscending
    }

    public var description: String { "\(decimalValue) \(currency.code) (\(quarks) at \(decimals) decimals)" }

    /// `value · 10^digits` as a 128-bit (high, low) pair; `digits` is in `0...19`.
    private static func widened(_ value: UInt64, by digits: Int) -> (high: UInt64, low: UInt64) {
        var factor: UInt64 = 1
        for _ in 0..<digits { factor *= 10 }
        return value.multipliedFullWidth(by: factor)
    }
}
