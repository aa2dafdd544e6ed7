/// A 256-bit unsigned integer as two `UInt128` halves: just enough arithmetic for the curve's
/// exact intermediate values (products of two 10⁻¹⁸ amounts are in 10⁻³⁶ units and need more
/// than 128 bits). Every operation here is exact; rounding happens only in the `divided…(by:)`
/// methods, each named for its direction.
struct CurveWideInteger: Comparable, Sendable {
    var high: UInt128
    var low: UInt128

    static let zero = CurveWideInteger(high: 0, low: 0)

    init(high: UInt128, low: UInt128) {
        self.high = high
        self.low = low
    }

    init(_ value: UInt128) {
        self.init(high: 0, low: value)
    }

    /// The exact product of two 128-bit integers, from four 64×64-bit products (the same
    /// result as `multipliedFullWidth(by:)`, but without its generic path, which is ~1000×
    /// slower in unoptimised builds, where the tests and the table build run).
    static func product(_ a: UInt128, _ b: UInt128) -> CurveWideInteger {
        let mask: UInt128 = 0xFFFF_FFFF_FFFF_FFFF
        let a0 = a & mask
        let a1 = a >> 64
        let b0 = b & mask
        let b1 = b >> 64
        let p00 = a0 * b0
        let p01 = a0 * b1
        let p10 = a1 * b0
        let p11 = a1 * b1
        let middle = (p00 >> 64) + (p01 & mask) + (p10 & mask)
        let low = (middle << 64) | (p00 & mask)
        let high = p11 + (p01 >> 64) + (p10 >> 64) + (middle >> 64)
        return CurveWideInteger(high: high, low: low)
    }

    var isZero: Bool { high == 0 && low == 0 }

    /// The sum, or nil when it does not fit in 256 bits (never for the curve's bounded inputs).
    func adding(_ other: CurveWideInteger) -> CurveWideInteger? {
        let (low, carry) = self.low.addingReportingOverflow(other.low)
        let (high1, overflow1) = self.high.addingReportingOverflow(other.high)
        let (high2, overflow2) = high1.addingReportingOverflow(carry ? 1 : 0)
        guard !overflow1, !overflow2 else { return nil }
        return CurveWideInteger(high: high2, low: low)
    }

    /// The difference, or nil when `other` is larger (the result would be negative).
    func subtracting(_ other: CurveWideInteger) -> CurveWideInteger? {
        guard other <= self else { return nil }
        let (low, borrow) = self.low.subtractingReportingOverflow(other.low)
        return CurveWideInteger(high: self.high &- other.high &- (borrow ? 1 : 0), low: low)
    }

    /// `self / divisor` rounded half to even, or nil when the quotient does not fit in 128 bits
    /// or the divisor is zero.
    func dividedRoundingHalfEven(by divisor: UInt128) -> UInt128? {
        guard divisor != 0, high < divisor else { return nil }
        let (quotient, remainder) = divisor.dividingFullWidth((high: high, low: low))
        let rest = divisor - remainder  // > 0; compare remainder with divisor/2 without overflow
        if remainder > rest || (remainder == rest && quotient & 1 == 1) {
            return quotient == .max ? nil : quotient + 1
        }
        return quotient
    }

    /// `⌊self / divisor⌋`, or nil when it does not fit in 128 bits or the divisor is zero.
    func dividedRoundingDown(by divisor: UInt128) -> UInt128? {
        guard divisor != 0, high < divisor else { return nil }
        return divisor.dividingFullWidth((high: high, low: low)).quotient
    }

    /// `⌈self / divisor⌉`, or nil when it does not fit in 128 bits or the divisor is zero. What
    /// the pool charges: a cost is never rounded below what the tokens are worth.
    func dividedRoundingUp(by divisor: UInt128) -> UInt128? {
        guard divisor != 0, high < divisor else { return nil }
        let (quotient, remainder) = divisor.dividingFullWidth((high: high, low: low))
        guard remainder != 0 else { return quotient }
        return quotient == .max ? nil : quotient + 1
    }

    static func < (lhs: CurveWideInteger, rhs: CurveWideInteger) -> Bool {
        lhs.high != rhs.high ? lhs.high < rhs.high : lhs.low < rhs.low
    }
}
