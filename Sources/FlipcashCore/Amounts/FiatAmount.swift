public import Foundation

/// An amount of a fiat currency as a person sees it: an exact `Decimal` value, unrounded, in one
/// currency. It has no decimals field: precision is the currency's (``CurrencyCode/fractionDigits``)
/// and is applied only where an amount is displayed or turned into quarks.
///
/// Unlike ``TokenAmount`` it may be negative (a change in value, a price delta). Arithmetic and
/// comparison are defined within one currency and throw ``AmountError/currencyMismatch(_:_:)``
/// otherwise. Persisted as a decimal string, never a `Double`.
public struct FiatAmount: Sendable, Hashable, Codable, CustomStringConvertible {
    public let value: Decimal
    public let currency: CurrencyCode

    public init(value: Decimal, currency: CurrencyCode) {
        self.value = value
        self.currency = currency
    }

    /// `value` US dollars.
    public static func usd(_ value: Decimal) -> FiatAmount { FiatAmount(value: value, currency: .usd) }

    /// Nothing, in `currency`.
    public static func zero(_ currency: CurrencyCode) -> FiatAmount { FiatAmount(value: 0, currency: currency) }

    // MARK: Arithmetic within one currency

    /// `self + other`; throws ``AmountError/currencyMismatch(_:_:)``.
    public func adding(_ other: FiatAmount) throws(AmountError) -> FiatAmount {
        try requireSameCurrency(other)
        return FiatAmount(value: value + other.value, currency: currency)
    }

    /// `self − other` (may be negative); throws ``AmountError/currencyMismatch(_:_:)``.
    public func subtracting(_ other: FiatAmount) throws(AmountError) -> FiatAmount {
        try requireSameCurrency(other)
        return FiatAmount(value: value - other.value, currency: currency)
    }

    /// How `self` orders against `other`; throws ``AmountError/currencyMismatch(_:_:)``.
    public func compare(_ other: FiatAmount) throws(AmountError) -> ComparisonResult {
        try requireSameCurrency(other)
        if value < other.value { return .orderedAscending }
        if value > other.value { return .orderedDescending }
        return .orderedSame
    }

    /// `self < other` within one currency.
    public func isLess(than other: FiatAmount) throws(AmountError) -> Bool {
        try compare(other) == .orderedAscending
    }

    /// The smaller of `self` and `other` (of one currency).
    public func minimum(_ other: FiatAmount) throws(AmountError) -> FiatAmount {
        try isLess(than: other) ? self : other
    }

    /// The amount scaled by a plain factor (a share, a fee fraction); same currency, unrounded.
    public static func * (lhs: FiatAmount, rhs: Decimal) -> FiatAmount {
        FiatAmount(value: lhs.value * rhs, currency: lhs.currency)
    }

    // MARK: Conversion

    /// This US dollar amount in `rate`'s currency: `value · fx`, unrounded.
    ///
    /// - Throws: ``AmountError/requiresUSD(_:)`` unless this amount is in USD.
    public func converting(to rate: Rate) throws(AmountError) -> FiatAmount {
        guard currency == .usd else { throw .requiresUSD(currency) }
        return FiatAmount(value: value * rate.fx, currency: rate.currency)
    }

    /// This amount in US dollars at `rate` (quoted in this amount's currency): `value / fx`, unrounded.
    ///
    /// - Throws: ``AmountError/currencyMismatch(_:_:)`` when `rate` is for another currency.
    public func convertingToUSD(_ rate: Rate) throws(AmountError) -> FiatAmount {
        guard rate.currency == currency else { throw .currencyMismatch(currency, rate.currency) }
        return FiatAmount(value: value / rate.fx, currency: .usd)
    }

    // MARK: Display thresholds

    /// True when the amount shows as something other than zero at the currency's precision
    /// threshold: `|value| ≥ 10^−fractionDigits` (one cent, one yen, one fils). 0.009999 USD is
    /// not displayable even though rounding would print $0.01: the threshold, not the rounding,
    /// decides whether a "~" prefix is needed.
    public var hasDisplayableValue: Bool {
        let magnitude = value.isSignMinus ? -value : value
        return magnitude >= currency.smallestUnit
    }

    /// True when the amount is not zero but too small to display (shown as "~$0.00").
    public var isApproximatelyZero: Bool { !value.isZero && !hasDisplayableValue }

    /// The amount truncated toward zero to the currency's smallest unit: 9.90099 USD → 9.90,
    /// JPY 1234.9 → 1234. Used for "the most you can spend", which must never round up past
    /// what is there.
    public func flooredToSmallestUnit() -> FiatAmount {
        rounded(.down)
    }

    /// The amount rounded to the currency's fraction digits with `rounding`.
    public func rounded(_ rounding: DecimalRounding) -> FiatAmount {
        FiatAmount(value: rounding.round(value, scale: currency.fractionDigits), currency: currency)
    }

    /// The amount checked as something a person can send or put on a bill: a number greater
    /// than zero, with no more digits after the point than its currency has (USD 2, JPY 0, KWD
    /// 3), so it is at least the currency's smallest unit. Never rounded: 1.005 USD is refused,
    /// not made 1.01 or 1.00. Every entry path (the keypad, a bill, the CLI) goes through here.
    ///
    /// - Throws: ``AmountError/notANumber``, ``AmountError/notPositive(_:)`` or
    ///   ``AmountError/finerThanCurrency(_:)``.
    public func validatedForSending() throws(AmountError) -> FiatAmount {
        guard !value.isNaN else { throw .notANumber }
        guard value > 0 else { throw .notPositive(self) }
        guard rounded(.down).value == value else { throw .finerThanCurrency(self) }
        return self
    }

    public var description: String { "\(value) \(currency.code)" }

    private func requireSameCurrency(_ other: FiatAmount) throws(AmountError) {
        guard currency == other.currency else { throw .currencyMismatch(currency, other.currency) }
    }

    // MARK: Codable — the value as `Decimal.description`, read back strictly.

    private enum CodingKeys: String, CodingKey {
        case value, currency
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .value)
        guard let value = DecimalText.parse(text, allowNegative: true) else {
            throw DecodingError.dataCorruptedError(
                forKey: .value, in: container,
                debugDescription: "value must be a decimal number written with digits and an optional \".\", like \"12.34\"")
        }
        self.init(value: value, currency: try container.decode(CurrencyCode.self, forKey: .currency))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value.description, forKey: .value)
        try container.encode(currency, forKey: .currency)
    }
}
