/// The parts of a decimal number, and the two text forms the conversions need.
extension DecimalScaling {
    /// mantissa · 10^exponent, with a sign.
    struct Parts: Equatable {
        var mantissa: UInt128
        var exponent: Int
        var isNegative: Bool

        /// The form Foundation keeps: no trailing zeros in the mantissa, zero as (0, 0).
        static func compact(mantissa: UInt128, exponent: Int) -> Parts {
            guard mantissa != 0 else { return Parts(mantissa: 0, exponent: 0, isNegative: false) }
            var mantissa = mantissa
            var exponent = exponent
            // Strip 10⁸, 10⁴, 10², 10 in turn: at most 38 trailing zeros in a UInt128.
            for (power, digits) in [(UInt128(100_000_000), 8), (10_000, 4), (100, 2), (10, 1)] {
                while mantissa % power == 0 {
                    mantissa /= power
                    exponent += digits
                }
            }
            return Parts(mantissa: mantissa, exponent: exponent, isNegative: false)
        }

        /// mantissa · 10^(exponent + scale), rounded half to even; nil if it exceeds UInt128.
        func scaled(to scale: Int) -> UInt128? {
            let shift = exponent + scale
            if mantissa == 0 { return 0 }
            if shift >= 0 {
                guard shift <= 38 else { return nil }
                let (product, overflow) = mantissa.multipliedReportingOverflow(by: powerOfTen(shift))
                return overflow ? nil : product
            }
            // A mantissa below 2¹²⁸ < 0.5·10³⁹ rounds to zero when divided by 10³⁹ or more.
            guard -shift <= 38 else { return 0 }
            let divisor = powerOfTen(-shift)
            let (quotient, remainder) = mantissa.quotientAndRemainder(dividingBy: divisor)
            let rest = divisor - remainder
            let roundUp = remainder > rest || (remainder == rest && quotient & 1 == 1)
            return roundUp ? quotient + 1 : quotient
        }

        /// Plain notation, e.g. "0.000123" or "4500", as `Decimal(string:)` reads it.
        var plainString: String {
            let digits = String(mantissa)
            let sign = isNegative ? "-" : ""
            if exponent >= 0 {
                return sign + digits + String(repeating: "0", count: mantissa == 0 ? 0 : exponent)
            }
            let fraction = -exponent
            if digits.count > fraction {
                let split = digits.index(digits.endIndex, offsetBy: -fraction)
                return sign + digits[..<split] + "." + digits[split...]
            }
            return sign + "0." + String(repeating: "0", count: fraction - digits.count) + digits
        }

        /// Reads `description`'s plain notation ("-12.5", "0", "NaN" → nil). Digits beyond the
        /// 38 a UInt128 holds cannot occur: a Decimal has at most 38 significant digits.
        init?(decimalString text: String) {
            var mantissa: UInt128 = 0
            var exponent = 0
            var isNegative = false
            var seenPoint = false
            var seenDigit = false
            for (offset, byte) in text.utf8.enumerated() {
                switch byte {
                case UInt8(ascii: "-") where offset == 0:
                    isNegative = true
                case UInt8(ascii: "."):
                    guard !seenPoint else { return nil }
                    seenPoint = true
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    seenDigit = true
                    let digit = UInt128(byte - UInt8(ascii: "0"))
                    if mantissa == 0 && digit == 0 {
                        if seenPoint { exponent -= 1 }
                        continue
                    }
                    let (times10, overflow1) = mantissa.multipliedReportingOverflow(by: 10)
                    let (next, overflow2) = times10.addingReportingOverflow(digit)
                    if overflow1 || overflow2 {
                        // Only trailing zeros can follow 38 significant digits.
                        guard digit == 0 else { return nil }
                        if !seenPoint { exponent += 1 }
                        continue
                    }
                    mantissa = next
                    if seenPoint { exponent -= 1 }
                default:
                    return nil
                }
            }
            guard seenDigit else { return nil }
            self = Parts(mantissa: mantissa, exponent: mantissa == 0 ? 0 : exponent, isNegative: isNegative && mantissa != 0)
        }

        init(mantissa: UInt128, exponent: Int, isNegative: Bool) {
            self.mantissa = mantissa
            self.exponent = exponent
            self.isNegative = isNegative
        }

        /// 10⁰ … 10³⁸, every power of ten a UInt128 holds.
        private static let powersOfTen: [UInt128] = (0...38).reduce(into: []) { powers, exponent in
            powers.append(exponent == 0 ? 1 : powers[exponent - 1] * 10)
        }

        private func powerOfTen(_ exponent: Int) -> UInt128 {
            Self.powersOfTen[exponent]
        }
    }
}
