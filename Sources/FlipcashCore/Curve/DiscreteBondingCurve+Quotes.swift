public import Foundation

/// Buy and sell quotes and the fiat → tokens conversion, on integer quark amounts, as the app and
/// the CLI use them (reference: the iOS `DiscreteBondingCurve` high-level API, the on-chain
/// program's buy and sell instructions).
///
/// Every quote rounds in the pool's favour, once, at the curve's 10⁻¹⁸ precision: tokens bought
/// and USDF paid out are rounded down, a fee is rounded up (so what the trader keeps is rounded
/// down), and the supply a trade leaves is always within 0…21,000,000 tokens. Amounts are taken
/// exactly as given in quarks; the supply's fraction of a token counts.
extension DiscreteBondingCurve {
    /// Tokens bought with `usdfQuarks` at `supplyQuarks`, less a fee of `feeBps` basis points
    /// taken in tokens.
    ///
    /// A purchase that would pass the curve's end is filled up to the end, as the on-chain
    /// program does (it caps the value taken at what the tokens left cost): `gross` is every token
    /// left, and `spent` is their cost rounded up to a whole USDF quark, less than the amount
    /// offered. Otherwise `spent` is the whole amount.
    ///
    /// - Throws: ``CurveQuoteError`` for a fee outside 0…10,000 bps, a supply past the curve's
    ///   end, or a supply at the end (no tokens left) with a non-zero amount.
    public func quoteBuy(usdfQuarks: UInt64, feeBps: Int, supplyQuarks: UInt64) throws(CurveQuoteError) -> CurveBuyQuote {
        let split = try buySplit(
            value: Fixed18(units: UInt128(usdfQuarks) * Self.usdfQuarkUnits), feeBps: feeBps,
            supply: Fixed18(units: UInt128(supplyQuarks) * Self.tokenQuarkUnits))
        return CurveBuyQuote(
            gross: split.gross.decimal, fee: split.fee.decimal, net: split.net.decimal,
            spent: split.spent.decimal)
    }

    /// The USDF received for selling `tokenQuarks` at `supplyQuarks` (the value of the last
    /// tokens sold: their cost from S − t to S, rounded down), less a fee of `feeBps` basis points.
    ///
    /// - Throws: ``CurveQuoteError`` for a fee outside 0…10,000 bps, a supply past the curve's
    ///   end, or more tokens than the supply (tokens that were never sold cannot be sold back).
    public func quoteSell(tokenQuarks: UInt64, feeBps: Int, supplyQuarks: UInt64) throws(CurveQuoteError) -> CurveSellQuote {
        let split = try sellSplit(
            tokens: Fixed18(units: UInt128(tokenQuarks) * Self.tokenQuarkUnits), feeBps: feeBps,
            supply: Fixed18(units: UInt128(supplyQuarks) * Self.tokenQuarkUnits))
        return CurveSellQuote(gross: split.gross.decimal, fee: split.fee.decimal, net: split.net.decimal)
    }

    /// ``quoteBuy(usdfQuarks:feeBps:supplyQuarks:)``, or nil where it throws.
    public func buy(usdfQuarks: UInt64, feeBps: Int, supplyQuarks: UInt64) -> CurveBuyQuote? {
        try? quoteBuy(usdfQuarks: usdfQuarks, feeBps: feeBps, supplyQuarks: supplyQuarks)
    }

    /// The app's estimate of a sale against a supply it holds, which may be stale: as in the
    /// reference client, selling more than `supplyQuarks` values the whole supply (the most that
    /// can exist), never more. Otherwise ``quoteSell(tokenQuarks:feeBps:supplyQuarks:)``, or nil
    /// where that throws. A trade quote, which must refuse instead, is `quoteSell`.
    public func sell(tokenQuarks: UInt64, feeBps: Int, supplyQuarks: UInt64) -> CurveSellQuote? {
        try? quoteSell(tokenQuarks: min(tokenQuarks, supplyQuarks), feeBps: feeBps, supplyQuarks: supplyQuarks)
    }

    /// The tokens whose sale at `supplyQuarks` yields `fiat` (in a currency worth `fiatRate`
    /// units per USD): with v = fiat/fiatRate and TVL the reserve at the supply, the tokens are
    /// P(TVL) − P(TVL − v), where P is the precise supply at a reserve value. v is rounded half to
    /// even at 18 places. Nil when fiat or the rate is not positive, v exceeds the reserve, or the
    /// supply is beyond the table.
    ///
    /// The two directions are not exact inverses: selling these tokens back gives v within a few
    /// 10⁻¹⁸ units, not exactly (the server validates with a tolerance).
    public func tokensForValueExchange(fiat: Decimal, fiatRate: Decimal, supplyQuarks: UInt64) -> Decimal? {
        guard let fiat = Fixed18(fiat), let rate = Fixed18(fiatRate) else { return nil }
        return tokensForValueExchange(fiat: fiat, fiatRate: rate, supplyQuarks: supplyQuarks)?.decimal
    }

    /// `tokensForValueExchange(fiat:fiatRate:supplyQuarks:)` without `Decimal`.
    public func tokensForValueExchange(fiat: Fixed18, fiatRate: Fixed18, supplyQuarks: UInt64) -> Fixed18? {
        guard fiat.units > 0, fiatRate.units > 0,
            let value = CurveWideInteger.product(fiat.units, Fixed18.unitsPerWhole)
                .dividedRoundingHalfEven(by: fiatRate.units),
            value > 0,
            let reserve = exactCost(supply: 0, tokens: UInt128(supplyQuarks) * Self.tokenQuarkUnits)
        else { return nil }
        let exactValue = CurveWideInteger.product(value, Fixed18.unitsPerWhole)
        guard let reserveAfter = reserve.subtracting(exactValue),
            let supplyBefore = preciseSupply(atValue: reserve),
            let supplyAfter = preciseSupply(atValue: reserveAfter),
            supplyBefore > supplyAfter
        else { return nil }
        return Fixed18(units: supplyBefore - supplyAfter)
    }

    // MARK: - Exact splits

    /// gross, fee and net in 10⁻¹⁸ units (tokens for a buy, USD for a sell).
    struct FeeSplit: Equatable {
        var gross: Fixed18
        var fee: Fixed18
        var net: Fixed18

        /// fee = ⌈gross·bps/10⁴⌉, so net = gross − fee is what the trader keeps, rounded down.
        /// Nil for bps outside 0…10,000.
        init?(gross: Fixed18, feeBps: Int) {
            guard (0...DiscreteBondingCurve.maxFeeBps).contains(feeBps),
                let fee = CurveWideInteger.product(gross.units, UInt128(feeBps))
                    .dividedRoundingUp(by: UInt128(DiscreteBondingCurve.maxFeeBps))
            else { return nil }
            self.gross = gross
            self.fee = Fixed18(units: fee)
            self.net = Fixed18(units: gross.units - fee)
        }
    }

    /// A purchase: the fee split of the tokens, and the USD it took.
    struct BuySplit: Equatable {
        var gross: Fixed18
        var fee: Fixed18
        var net: Fixed18
        /// The value taken: all of it, or the cost of the tokens left rounded up to a USDF quark.
        var spent: Fixed18
    }

    /// The purchase of `value` USD at `supply` (both in 10⁻¹⁸ units, fractions of a token
    /// counted), capped at the curve's end.
    func buySplit(value: Fixed18, feeBps: Int, supply: Fixed18) throws(CurveQuoteError) -> BuySplit {
        guard (0...Self.maxFeeBps).contains(feeBps) else { throw .feeOutOfRange(feeBps: feeBps) }
        guard supply.units <= Self.maxSupplyUnits else { throw .supplyBeyondCurve(supply: supply.decimal) }
        var spent = value
        let gross: Fixed18
        if let tokens = tokensRoundedDown(supply: supply.units, value: value.units) {
            gross = Fixed18(units: tokens)
        } else if supply.units == Self.maxSupplyUnits {
            throw .curveExhausted
        } else {
            // More than the tokens left cost: fill to the end and take only what they cost.
            let left = Self.maxSupplyUnits - supply.units
            guard let cost = exactCost(supply: supply.units, tokens: left),
                let quarks = cost.dividedRoundingUp(by: Self.usdfQuarkUnits * Fixed18.unitsPerWhole)
            else { throw .supplyBeyondCurve(supply: supply.decimal) }
            gross = Fixed18(units: left)
            spent = Fixed18(units: min(quarks * Self.usdfQuarkUnits, value.units))
        }
        guard let split = FeeSplit(gross: gross, feeBps: feeBps) else { throw .feeOutOfRange(feeBps: feeBps) }
        return BuySplit(gross: split.gross, fee: split.fee, net: split.net, spent: spent)
    }

    /// `buySplit(value:feeBps:supply:)` on quarks, without the value spent; nil where it throws.
    func buySplit(usdfQuarks: UInt64, feeBps: Int, supplyQuarks: UInt64) -> FeeSplit? {
        guard
            let split = try? buySplit(
                value: Fixed18(units: UInt128(usdfQuarks) * Self.usdfQuarkUnits), feeBps: feeBps,
                supply: Fixed18(units: UInt128(supplyQuarks) * Self.tokenQuarkUnits))
        else { return nil }
        return FeeSplit(gross: split.gross, feeBps: feeBps)
    }

    /// `sellSplit(tokens:feeBps:supply:)` on quarks; nil where it throws.
    func sellSplit(tokenQuarks: UInt64, feeBps: Int, supplyQuarks: UInt64) -> FeeSplit? {
        try? sellSplit(
            tokens: Fixed18(units: UInt128(tokenQuarks) * Self.tokenQuarkUnits), feeBps: feeBps,
            supply: Fixed18(units: UInt128(supplyQuarks) * Self.tokenQuarkUnits))
    }

    /// The sale of `tokens` at `supply` (both in 10⁻¹⁸ tokens): their value from supply − tokens
    /// to supply, rounded down, split by the fee.
    func sellSplit(tokens: Fixed18, feeBps: Int, supply: Fixed18) throws(CurveQuoteError) -> FeeSplit {
        guard (0...Self.maxFeeBps).contains(feeBps) else { throw .feeOutOfRange(feeBps: feeBps) }
        guard supply.units <= Self.maxSupplyUnits else { throw .supplyBeyondCurve(supply: supply.decimal) }
        guard tokens.units <= supply.units else {
            throw .sellExceedsSupply(tokens: tokens.decimal, supply: supply.decimal)
        }
        let start = supply.units - tokens.units
        guard let exact = exactCost(supply: start, tokens: tokens.units),
            let value = exact.dividedRoundingDown(by: Fixed18.unitsPerWhole),
            let split = FeeSplit(gross: Fixed18(units: value), feeBps: feeBps)
        else { throw .supplyBeyondCurve(supply: supply.decimal) }
        return split
    }
}
