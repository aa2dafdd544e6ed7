/// Trades as the ledger settles them: whole quarks on both sides, computed from the exact curve
/// and rounded once, in the pool's favour, so that the client's quote and the server's transfer
/// agree to the last quark and no sequence of trades can take more from the reserve than was
/// paid into it.
extension DiscreteBondingCurve {
    /// The curve's whole supply in token quarks: 21,000,000 tokens at 10 decimals.
    public static let maxSupplyQuarks = UInt64(maxSupply) * quarksPerToken

    /// A purchase of `usdfQuarks` at `supplyQuarks`: the token quarks received (rounded down) and
    /// the USDF quarks taken (all of them, or the cost of every token left when the purchase
    /// reaches the curve's end). There is no fee on a purchase.
    ///
    /// - Throws: ``CurveQuoteError`` for a supply past the curve's end or at it.
    public func buyTrade(usdfQuarks: UInt64, supplyQuarks: UInt64) throws(CurveQuoteError) -> LaunchpadBuy {
        let split = try buySplit(
            value: Fixed18(units: UInt128(usdfQuarks) * Self.usdfQuarkUnits), feeBps: 0,
            supply: Fixed18(units: UInt128(supplyQuarks) * Self.tokenQuarkUnits))
        // Whole quarks, rounded down; the supply left can then never pass the curve's end.
        let tokens = UInt64(split.net.units / Self.tokenQuarkUnits)
        let spent = UInt64((split.spent.units + Self.usdfQuarkUnits - 1) / Self.usdfQuarkUnits)
        return LaunchpadBuy(tokenQuarks: tokens, usdfQuarks: min(spent, usdfQuarks))
    }

    /// A sale of `tokenQuarks` at `supplyQuarks` with a fee of `feeBps`: the value of the last
    /// tokens sold rounded down to a USDF quark, the fee on it rounded up (never 0 when the fee
    /// is not), and what the seller receives.
    ///
    /// - Throws: ``CurveQuoteError`` for a fee outside 0…10,000 bps, a supply past the curve's
    ///   end, or more tokens than the supply.
    public func sellTrade(tokenQuarks: UInt64, feeBps: Int, supplyQuarks: UInt64) throws(CurveQuoteError) -> LaunchpadSell {
        let split = try sellSplit(
            tokens: Fixed18(units: UInt128(tokenQuarks) * Self.tokenQuarkUnits), feeBps: 0,
            supply: Fixed18(units: UInt128(supplyQuarks) * Self.tokenQuarkUnits))
        let gross = UInt64(split.gross.units / Self.usdfQuarkUnits)
        let fee = (UInt128(gross) * UInt128(feeBps) + UInt128(Self.maxFeeBps) - 1) / UInt128(Self.maxFeeBps)
        return LaunchpadSell(grossUSDFQuarks: gross, feeUSDFQuarks: UInt64(fee), netUSDFQuarks: gross - UInt64(fee))
    }

    /// What the whole supply sells back for, rounded down to a USDF quark: the least a currency's
    /// reserve must hold so that every token can be sold.
    public func reserveFloor(supplyQuarks: UInt64) -> UInt64? {
        guard supplyQuarks > 0 else { return 0 }
        return try? sellTrade(tokenQuarks: supplyQuarks, feeBps: 0, supplyQuarks: supplyQuarks).grossUSDFQuarks
    }
}

/// A settled purchase on the curve, in quarks.
public struct LaunchpadBuy: Hashable, Sendable {
    /// Token quarks the buyer receives.
    public let tokenQuarks: UInt64
    /// USDF quarks the buyer pays.
    public let usdfQuarks: UInt64

    public init(tokenQuarks: UInt64, usdfQuarks: UInt64) {
        self.tokenQuarks = tokenQuarks
        self.usdfQuarks = usdfQuarks
    }
}

/// A settled sale on the curve, in USDF quarks: `gross = fee + net`.
public struct LaunchpadSell: Hashable, Sendable {
    public let grossUSDFQuarks: UInt64
    public let feeUSDFQuarks: UInt64
    public let netUSDFQuarks: UInt64

    public init(grossUSDFQuarks: UInt64, feeUSDFQuarks: UInt64, netUSDFQuarks: UInt64) {
        self.grossUSDFQuarks = grossUSDFQuarks
        self.feeUSDFQuarks = feeUSDFQuarks
        self.netUSDFQuarks = netUSDFQuarks
    }
}
