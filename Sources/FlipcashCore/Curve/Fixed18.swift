public import Foundation

/// A non-negative amount counted in exact 10⁻¹⁸ units: the precision of the bonding curve's
/// tables, used for both token quantities and USD(F) values inside the curve.
///
/// Why a fixed-point integer: the curve's answers must be the same to the last unit on every
/// machine, and its quote is a hot path (≥ 1,000,000 per second). Integer arithmetic is exact
/// and fast; `Decimal` appears only at the API boundary. Token quarks (10⁻¹⁰) and USDF quarks
/// (10⁻⁶) are both whole multiples of the unit, so they convert without rounding.
public struct Fixed18: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Decimal places of the unit.
    public static let scale = 18
    /// Units in one whole token or one USD: 10¹⁸.
    public static let unitsPerWhole: UInt128 = 1_000_000_000_000_000_000
    public static let zero = Fixed18(units: 0)

    /// The amount in 10⁻¹⁸ units.
    public var units: UInt128

    public init(units: UInt128) {
        self.units = units
    }

    /// The decimal rounded half to even at 18 places; nil for NaN, a negative value, or one above
    /// `UInt128.max` units (≈ 3.4·10²⁰).
    public init?(_ decimal: Decimal) {
        guard let units = DecimalScaling.units(of: decimal, scale: Self.scale) else { return nil }
        self.units = units
    }

    /// An integer count of `10⁻decimals` quarks (token quarks: 10, USDF quarks: 6); nil when
    /// `decimals` is outside 0…18.
    public init?(quarks: UInt64, decimals: Int) {
        guard (0...Self.scale).contains(decimals) else { return nil }
        var factor: UInt128 = 1
        for _ in decimals..<Self.scale { factor *= 10 }
        self.units = UInt128(quarks) * factor
    }

    /// A whole number of tokens or dollars.
    public init(whole: UInt64) {
        self.units = UInt128(whole) * Self.unitsPerWhole
    }

    /// The exact value as a `Decimal` (≤ 39 digits always fit: Decimal holds a 128-bit mantissa).
    public var decimal: Decimal {
        DecimalScaling.decimal(units: units, scale: Self.scale)
    }

    public var description: String {
        DecimalScaling.Parts.compact(mantissa: units, exponent: -Self.scale).plainString
    }

    public static func < (lhs: Fixed18, rhs: Fixed18) -> Bool {
        lhs.units < rhs.units
    }
}
