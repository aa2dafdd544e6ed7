import BigInt

/// Builds the discrete curve's two tables, deterministically, from the exact curve.
///
/// With the exact constants c = ln(10⁸)/21,000,000 and a = 0.01/c, the spot price at supply
/// 100·i is a·c·e^{c·100·i} = 0.01 · 10^{i/26,250}: a·c is exactly 0.01 and e^{100c} is exactly
/// the 26,250th root of 10 (8/210,000 = 1/26,250). So every 26,250 steps the price is an exact
/// power of ten (0.01, 0.1, 1, …, 10⁶ at i = 210,000), and in between it grows by the constant
/// ratio ρ = 10^{1/26,250}.
///
/// The build runs that recurrence in 128-bit binary fixed point (104 fraction bits, ρ with 127
/// bits), restarting from the exact power of ten at the start of each of the 8 decades:
/// - Error bound: each step adds at most 0.5 ulp of rounding plus x·|ρ error| ≤ 2¹²⁴·2⁻¹²⁸ =
///   1/16 ulp, and earlier errors grow by at most ρ^26,250 = 10 within a decade; with the anchor's
///   own ≤ 0.5 ulp error the total stays below 5 + 26,250·10·(9/16 + 1/16) < 2.8·10⁵ ulps of
///   2⁻¹⁰⁴ (≈ 1.4·10⁻²⁶), far below the 10⁻¹⁸ unit of the tables.
/// - Correct rounding, proven per entry: PRICE[i] is the value rounded half to even at 10⁻¹⁸.
///   That can only differ from the true rounding if the value lies within the error bound of a
///   half unit; each entry checks this (`errorBoundUlps`) and, if it were that close, is
///   recomputed independently from the series at 256 bits (`exactPriceUnits(step:)`). So every
///   entry is the correctly rounded true price.
/// - CUMULATIVE[0] = 0 and CUMULATIVE[i+1] = CUMULATIVE[i] + 100·PRICE[i], exactly.
///
/// The published Flipcash tables were computed from truncated 18-decimal constants with another
/// fixed-point library, so they drift from the exact curve by up to ~1.1·10⁻¹¹ relative at the top
/// (their PRICE[210,000] is 999,999.999988634528…, the exact price is 10⁶); ours agree with
/// theirs well within 10⁻⁹ relative everywhere, which is the tolerance the vectors ask for.
enum CurveTableBuilder {
    /// Steps per factor of ten in price: 210,000 steps span 10⁸.
    static let stepsPerDecade = 26_250
    static let decades = 8
    /// Fraction bits of the running price: prices up to 10⁶ < 2²⁰ leave 104 bits below the point.
    static let fractionBits = 104
    /// Fraction bits of the growth ratio ρ (1 < ρ < 2).
    static let ratioBits = 127
    /// Bound on the running price's error in ulps of 2⁻¹⁰⁴ (2¹⁹ > 2.8·10⁵, see the type's doc).
    static let errorBoundUlps: UInt128 = 1 << 19
    /// 10¹⁸: the tables' unit is 10⁻¹⁸ USD.
    static let tableScale: UInt128 = 1_000_000_000_000_000_000

    struct Output: Sendable {
        var price: [UInt128]
        var cumulative: [UInt128]
        /// Steps whose running value came too close to a rounding boundary and were recomputed
        /// independently (expected to be empty; kept for tests and diagnostics).
        var recomputedSteps: [Int]
    }

    static func build() -> Output {
        let count = stepsPerDecade * decades + 1
        var price = [UInt128](repeating: 0, count: count)
        var recomputed: [Int] = []
        let ratio = growthRatio()
        let halfUnit: UInt128 = 1 << (fractionBits - 1)
        let fractionMask: UInt128 = (1 << fractionBits) - 1
        let window = errorBoundUlps * tableScale

        for decade in 0..<decades {
            var running = anchor(decade: decade)
            let first = decade * stepsPerDecade
            for step in first..<(first + stepsPerDecade) {
                // PRICE = round_half_even(running · 10¹⁸ / 2¹⁰⁴), unless too close to call.
                let scaled = CurveWideInteger.product(running, tableScale)
                let units = (scaled.high << (128 - fractionBits)) | (scaled.low >> fractionBits)
                let remainder = scaled.low & fractionMask
                let distance = remainder > halfUnit ? remainder - halfUnit : halfUnit - remainder
                if distance <= window {
                    price[step] = exactPriceUnits(step: step)
                    recomputed.append(step)
                } else {
                    price[step] = remainder > halfUnit ? units + 1 : units
                }
                running = advance(running, by: ratio)
            }
        }
        // The last entry is exactly 10⁶ USD.
        price[count - 1] = 1_000_000 * tableScale

        var cumulative = [UInt128](repeating: 0, count: count)
        for step in 1..<count {
            cumulative[step] = cumulative[step - 1] + 100 * price[step - 1]
        }
        return Output(price: price, cumulative: cumulative, recomputedSteps: recomputed)
    }

    /// One step of the recurrence: round(running · ρ) in 2⁻¹⁰⁴ units.
    static func advance(_ running: UInt128, by ratio: UInt128) -> UInt128 {
        let product = CurveWideInteger.product(running, ratio)
        let shifted = (product.high << (128 - ratioBits)) | (product.low >> ratioBits)
        return shifted + ((product.low >> (ratioBits - 1)) & 1)
    }

    /// How far, in ulps of 2⁻¹⁰⁴, the running price lands from the next exact power of ten after
    /// a whole decade of steps from `decade`'s anchor (the build restarts there instead). A check
    /// of ρ and of the error bound: it must stay within `errorBoundUlps`.
    static func driftOverDecade(_ decade: Int) -> UInt128 {
        let ratio = growthRatio()
        var running = anchor(decade: decade)
        for _ in 0..<stepsPerDecade {
            running = advance(running, by: ratio)
        }
        let target = anchor(decade: decade + 1)
        return running > target ? running - target : target - running
    }

    /// ρ = 10^{1/26,250} as round(ρ·2¹²⁷).
    static func growthRatio() -> UInt128 {
        let bits = 200
        let exponent = CurvePreciseMath.ln10(bits: bits) / BigUInt(stepsPerDecade)
        let value = CurvePreciseMath.exp(exponent, bits: bits)
        return UInt128(CurvePreciseMath.rounded(value, droppingBits: bits - ratioBits))
    }

    /// 10^{decade−2} (the exact price at the start of the decade) in 2⁻¹⁰⁴ units, rounded.
    static func anchor(decade: Int) -> UInt128 {
        let numerator = BigUInt(10).power(decade) << fractionBits
        return UInt128((numerator + 50) / 100)
    }

    /// PRICE[step] computed on its own from the series: round_half_even(0.01 · 10^{step/26,250}
    /// · 10¹⁸) with 256 fraction bits (error ≈ 2⁻²⁴⁰ of a unit). Used for entries too close to
    /// a rounding boundary and by tests as an independent check of the recurrence.
    static func exactPriceUnits(step: Int) -> UInt128 {
        let bits = 256
        let decade = step / stepsPerDecade
        let withinDecade = step % stepsPerDecade
        let exponent = CurvePreciseMath.ln10(bits: bits) * BigUInt(withinDecade) / BigUInt(stepsPerDecade)
        let growth = CurvePreciseMath.exp(exponent, bits: bits)
        // 0.01 · 10^decade · 10¹⁸ = 10^(decade + 16)
        let scaled = growth * BigUInt(10).power(decade + 16)
        let units = scaled >> bits
        let remainder = scaled - (units << bits)
        let half = BigUInt(1) << (bits - 1)
        let roundUp = remainder > half || (remainder == half && units % 2 == 1)
        return UInt128(roundUp ? units + 1 : units)
    }
}
