import BigInt

/// Arbitrary-precision binary fixed point (values are `BigUInt` multiples of 2⁻ᵖ) for the few
/// transcendental numbers the curve needs: ln 10 and e^y. They are computed from their series
/// by our own code, so every build of the tables, on every platform, starts from the same
/// exact integers, and no `Double` or platform `log`/`exp` ever touches money.
///
/// Only non-negative arguments are needed; every function truncates, and the doc comment of
/// each says how far the result can be from the true value.
enum CurvePreciseMath {
    /// `round(2^bits · ln 10)`, within 2 units of 2⁻ᵇⁱᵗˢ.
    ///
    /// ln 10 = 3·ln 2 + ln(5/4) = 6·atanh(1/3) + 2·atanh(1/9): both series converge fast and use
    /// only division by small integers.
    static func ln10(bits: Int) -> BigUInt {
        let guardBits = 16
        let p = bits + guardBits
        let value = 6 * atanhReciprocal(3, bits: p) + 2 * atanhReciprocal(9, bits: p)
        return rounded(value, droppingBits: guardBits)
    }

    /// `e^y` for `0 ≤ y` given as `y·2^bits`, returned as `e^y · 2^bits`, truncated; the error is
    /// below `(terms + 1)` units of 2⁻ᵇⁱᵗˢ relative to the result's scale (a handful of units).
    ///
    /// The argument is halved until it is below 2⁻⁸ so the Taylor series needs few terms, and the
    /// result is squared back; guard bits absorb the squaring's growth of the error.
    static func exp(_ y: BigUInt, bits: Int) -> BigUInt {
        let halvings = max(0, y.bitWidth - bits + 8)
        let guardBits = 32 + 2 * halvings
        let p = bits + guardBits
        // Reduced argument r = y / 2^halvings, at scale 2^p.
        let r = (y << guardBits) >> halvings
        let one = BigUInt(1) << p
        var sum = one
        var term = one
        var n: BigUInt = 1
        while true {
            term = (term * r) >> p
            term /= n
            if term.isZero { break }
            sum += term
            n += 1
        }
        for _ in 0..<halvings {
            sum = (sum * sum) >> p
        }
        return rounded(sum, droppingBits: guardBits)
    }

    /// `atanh(1/k) · 2^bits` = Σ 2^bits / ((2n+1)·k^(2n+1)), truncated term by term.
    private static func atanhReciprocal(_ k: UInt, bits: Int) -> BigUInt {
        let kSquared = BigUInt(k * k)
        var power = (BigUInt(1) << bits) / BigUInt(k)  // 2^bits / k^(2n+1)
        var sum = BigUInt(0)
        var denominator: BigUInt = 1
        while !power.isZero {
            sum += power / denominator
            power /= kSquared
            denominator += 2
        }
        return sum
    }

    /// `value / 2^bits`, rounded half up (the guard bits make ties irrelevant).
    static func rounded(_ value: BigUInt, droppingBits bits: Int) -> BigUInt {
        guard bits > 0 else { return value }
        return (value + (BigUInt(1) << (bits - 1))) >> bits
    }
}
