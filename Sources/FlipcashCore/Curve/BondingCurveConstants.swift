import BigInt
public import Foundation

/// The continuous curve's constants at full precision, from our own series for ln 10 (not the
/// 18-decimal truncations `CURVE_A`/`CURVE_C` of the on-chain program).
///
/// The discrete tables need neither explicitly (a·c = 0.01 and e^{100c} = 10^{1/26,250}, see
/// `CurveTableBuilder`); they are here for the continuous reference formulas
/// (R(S) = a·(e^{cS} − 1), R′(S) = a·c·e^{cS}) and for display.
public enum BondingCurveConstants {
    /// c = ln(10⁸)/21,000,000 ≈ 8.771752735215413·10⁻⁷, to 38 significant digits.
    public static let c: Decimal = {
        // c·10⁴⁴ = 8·ln10·10⁴⁴/21,000,000 = ln10·10⁴⁴/2,625,000 (38 digits at scale 10⁻⁴⁴)
        let bits = 256
        let scaled = CurvePreciseMath.ln10(bits: bits) * BigUInt(10).power(44) / BigUInt(2_625_000)
        return DecimalScaling.decimal(units: UInt128(CurvePreciseMath.rounded(scaled, droppingBits: bits)), scale: 44)
    }()

    /// a = 0.01/c = 26,250/ln 10 ≈ 11,400.230149967394933, to 38 significant digits.
    public static let a: Decimal = {
        let bits = 256
        let numerator = BigUInt(26_250) * BigUInt(10).power(34) << (2 * bits)
        let quotient = numerator / CurvePreciseMath.ln10(bits: bits)  // a·10³⁴·2^bits
        return DecimalScaling.decimal(units: UInt128(CurvePreciseMath.rounded(quotient, droppingBits: bits)), scale: 34)
    }()
}
