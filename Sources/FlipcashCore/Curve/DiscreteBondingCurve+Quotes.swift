import Foundation

/// Buy and sell estimates and the fiat → tokens conversion, on integer quark amounts, as the
/// app uses them (reference: the iOS `DiscreteBondingCurve` high-level API).
extension DiscreteBondingCurve {
    /// Tokens bought with `usdfQuarks` at `supplyQuarks`, less a fee of `feeBps` basis points
    /// taken in tokens. As in the reference client, the supply is truncated to whole tokens.
    /// Nil when the fee is outside 0…10,000 bps or the supply is at the last step.
    public func buy(usdfQuarks: UInt64, feeBps: Int, supplyQuarks: UInt64) -> CurveBuyQuote? {
        guard let split = buySplit(usdfQuarks: usdfQuarks, feeBps: feeBps, supplyQuarks: supplyQuarks)
        else { return nil }
        return CurveBuyQuote(gross: split.gross.decimal, fee: split.fee.decimal, net: split.net.decimal)
    }

    /// The USDF value of selling `tokenQuarks` at `supplyQuarks` (the cost of the last tokens
    /// sold: tokensToValue(S − t, t)), less a fee of `feeBps` basis points. Selling more than the
    /// supply sells the whole supply (the caller's supply may be stale). Nil when the fee is
    /// outside 0…10,000 bps or the supply is beyond the table.
    public func sell(tokenQuarks: UInt64, feeBps: Int, supplyQuarks: UInt64) -> CurveSellQuote? {
        guard let split = sellSplit(tokenQuarks: tokenQuarks, feeBps: feeBps, supplyQuarks: supplyQuarks)
        else { return nil }
        return CurveSellQuote(gross: split.gross.decimal, fee: split.fee.decimal, net: split.net.decimal)
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

    /// gross, fee and net in 10⁻¹⁸ units.
    struct FeeSplit: Equatable {
        var gross: Fixed18
        var fee: Fixed18
        var net: Fixed18

        /// fee = gross·bps/10⁴ rounded half to even; net = gross − fee. Nil for bps outside
        /// 0…10,000.
        init?(gross: Fixed18, feeBps: Int) {
            guard (0...DiscreteBondingCurve.maxFeeBps).contains(feeBps),
                  let fee = CurveWideInteger.product(gross.units, UInt128(feeBps))
                    .dividedRoundingHalfEven(by: UInt128(DiscreteBondingCurve.maxFeeBps))
            else { return nil }
            self.gross = gross
            self.fee = Fixed18(units: fee)
            self.net = Fixed18(units: gross.units - fee)
        }
    }

    func buySplit(usdfQuarks: UInt64, feeBps: Int, supplyQuarks: UInt64) -> FeeSplit? {
        let wholeTokens = UInt128(supplyQuarks / Self.quarksPerToken)
        let value = Fixed18(units: UInt128(usdfQuarks) * Self.usdfQuarkUnits)
        guard (0...Self.maxFeeBps).contains(feeBps),
              let gross = valueToTokens(supply: Fixed18(units: wholeTokens * Fixed18.unitsPerWhole), value: value)
        else { return nil }
        return FeeSplit(gross: gross, feeBps: feeBps)
    }

    func sellSplit(tokenQuarks: UInt64, feeBps: Int, supplyQuarks: UInt64) -> FeeSplit? {
        let supply = UInt128(supplyQuarks) * Self.tokenQuarkUnits
        let sold = min(UInt128(tokenQuarks) * Self.tokenQuarkUnits, supply)
        guard (0...Self.maxFeeBps).contains(feeBps),
              let gross = tokensToValue(supply: Fixed18(units: supply - sold), tokens: Fixed18(units: sold))
        else { return nil }
        return FeeSplit(gross: gross, feeBps: feeBps)
    }
}
