public import Foundation

/// Moving between an integer count of quarks and its decimal value, exactly.
///
/// The legacy app had `UInt64.scaleDown(_:)` and `UInt64.scaleUp(_:)`; its `scaleUp` tripped a
/// precondition on overflow, and that precondition is what crashed for CLP balances compared
/// across 6 and 10 decimals (regression 698ef3b). Here ``up(_:decimals:)`` throws
/// ``AmountError/overflow`` instead, and nothing in this module compares amounts by scaling them up.
public enum QuarkScale {
    /// The most decimals a UInt64 count can be scaled by: 10^19 is the largest power of ten that
    /// fits in 64 bits.
    public static let maximumDecimals = 19

    /// `quarks / 10^decimals`, exact (the `Decimal` keeps the integer as its significand).
    /// `down(123_456_789, decimals: 6)` is 123.456789.
    public static func down(_ quarks: UInt64, decimals: Int) -> Decimal {
        Decimal(sign: .plus, exponent: -decimals, significand: Decimal(quarks))
    }

    /// `value · 10^decimals` as a UInt64. `up(123, decimals: 4)` is 1,230,000.
    ///
    /// - Throws: ``AmountError/overflow`` when the product does not fit in 64 bits, and
    ///   ``AmountError/unsupportedDecimals(_:)`` outside `0...19`.
    public static func up(_ value: UInt64, decimals: Int) throws(AmountError) -> UInt64 {
        let factor = try powerOfTen(decimals)
        let (product, overflow) = value.multipliedReportingOverflow(by: factor)
        guard !overflow else { throw .overflow }
        return product
    }

    /// 10^decimals as a UInt64, for `decimals` in `0...19`.
    public static func powerOfTen(_ decimals: Int) throws(AmountError) -> UInt64 {
        guard (0...maximumDecimals).contains(decimals) else { throw .unsupportedDecimals(decimals) }
        var result: UInt64 = 1
        for _ in 0..<decimals { result *= 10 }
        return result
    }

    /// `value · 10^decimals` rounded half-up to a whole number of quarks: the fiat → quarks boundary.
    ///
    /// - Throws: ``AmountError/negativeValue(_:)`` for a negative value, ``AmountError/notANumber``
    ///   for NaN, ``AmountError/overflow`` past `UInt64.max` quarks.
    public static func quarks(from value: Decimal, decimals: Int) throws(AmountError) -> UInt64 {
        guard !value.isNaN else { throw .notANumber }
        guard !(value < 0) else { throw .negativeValue(value) }
        guard (0...maximumDecimals).contains(decimals) else { throw .unsupportedDecimals(decimals) }
        let scaled = Decimal(sign: value.sign, exponent: value.exponent + decimals, significand: value.significand)
        let rounded = DecimalRounding.halfUp.round(scaled, scale: 0)
        guard !rounded.isNaN else { throw .overflow }
        return try wholeNumber(rounded)
    }

    /// `value · 10^decimals` as a whole number of quarks, only when that is exact: the boundary
    /// for amounts a person gives the curve (USDF paid, tokens sold, a supply), where rounding
    /// either way would trade something that was not asked for.
    ///
    /// - Throws: ``AmountError/finerThanQuarks(_:decimals:)`` for a value with more than
    ///   `decimals` decimal places, and what ``quarks(from:decimals:)`` throws.
    public static func exactQuarks(from value: Decimal, decimals: Int) throws(AmountError) -> UInt64 {
        guard !value.isNaN else { throw .notANumber }
        guard DecimalRounding.down.round(value, scale: decimals) == value else {
            throw .finerThanQuarks(value, decimals: decimals)
        }
        return try quarks(from: value, decimals: decimals)
    }

    /// The UInt64 equal to `value`, which must already be a whole number ≥ 0.
    static func wholeNumber(_ value: Decimal) throws(AmountError) -> UInt64 {
        // `Decimal.description` never uses exponent notation, so an integral value prints as its digits.
        let text = value.description
        guard let result = UInt64(text) else {
            if value > 0 { throw .overflow }
            throw .negativeValue(value)
        }
        return result
    }
}
