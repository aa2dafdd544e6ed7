public import Foundation

extension ExchangedFiat {
    /// Basis points in a whole: a fee of 10,000 bps is 100%.
    public static let basisPointsPerWhole: UInt64 = 10_000

    /// The launchpad pool's sell fee taken from this amount: `bps` of the quarks, rounded down,
    /// with the native amount scaled by the fee's actual share of the quarks (so a fee that rounds
    /// to 0 quarks also shows as 0). `bps` above 10,000 counts as 10,000.
    ///
    /// `quarks · bps` overflows UInt64 for large launchpad balances (21M tokens at 10 decimals is
    /// 2.1·10^17 quarks), so the product is split: `⌊q/10⁴⌋·bps + ⌊(q mod 10⁴)·bps/10⁴⌋`, which
    /// equals `⌊q·bps/10⁴⌋` exactly and never exceeds `q`.
    public func launchpadSellFee(bps: UInt64) -> ExchangedFiat {
        let bps = min(bps, Self.basisPointsPerWhole)
        let quarks = onChainAmount.quarks
        let whole = Self.basisPointsPerWhole
        let feeQuarks = (quarks / whole) * bps + (quarks % whole) * bps / whole
        return ExchangedFiat(
            checked: TokenAmount(quarks: feeQuarks, mint: mint), nativeAmount * quarkRatio(feeQuarks), currencyRate)
    }
}

extension FiatAmount {
    /// The gross amount whose sale nets this amount after a `bps` pool fee: `net / (1 − f)`.
    ///
    /// Unrounded on purpose: it feeds ``ExchangedFiat/compute(fromEntered:rate:mint:supplyQuarks:balance:tokenBalanceQuarks:)``,
    /// whose fiat → quarks boundary owns the rounding. A fee of 100% or more cannot be grossed up
    /// and returns the amount unchanged (the flow then reports insufficient funds).
    public func grossingUpLaunchpadSellFee(bps: UInt64) -> FiatAmount {
        guard bps < ExchangedFiat.basisPointsPerWhole else { return self }
        return FiatAmount(value: value / (1 - Self.feeFraction(bps)), currency: currency)
    }

    /// The most of this balance that can be spent when the fee is grossed up out of the spend:
    /// `balance · (1 − f)`, the inverse of ``grossingUpLaunchpadSellFee(bps:)``. Unrounded.
    public func spendableUnderGrossedUpSellFee(bps: UInt64) -> FiatAmount {
        FiatAmount(value: value * (1 - Self.feeFraction(bps)), currency: currency)
    }

    /// The most of this balance that can be spent when the fee is charged on top of the spend:
    /// `balance / (1 + f)`, so that the entry plus its own fee is the balance. Unrounded.
    public func spendableUnderSellFeeOnTop(bps: UInt64) -> FiatAmount {
        FiatAmount(value: value / (1 + Self.feeFraction(bps)), currency: currency)
    }

    /// An entered amount trimmed to what `balance` can cover once a `feeBps` fee is applied, or nil
    /// when it already fits (and should stay exactly as typed).
    ///
    /// Entry is capped at the raw balance, so only the fee can push the debit past it — on top, the
    /// debit is `entered · (1 + f)`; grossed up, `entered / (1 − f)`. The correction is floored to
    /// the currency's smallest unit, never rounded: $10.11 / 1.01 = $10.0099, and rounding up to
    /// $10.01 would put the debit back over the balance. `entered` is in `balance`'s currency.
    public static func entryAffordableAfterFee(
        entered: Decimal, balance: FiatAmount, feeBps: UInt64, feeChargedOnTop: Bool
    ) -> FiatAmount? {
        guard feeBps > 0 else { return nil }
        let entry = FiatAmount(value: entered, currency: balance.currency)
        let debit =
            feeChargedOnTop
            ? entry * (1 + feeFraction(feeBps))
            : entry.grossingUpLaunchpadSellFee(bps: feeBps)
        guard debit.value > balance.value else { return nil }
        let spendable =
            feeChargedOnTop
            ? balance.spendableUnderSellFeeOnTop(bps: feeBps)
            : balance.spendableUnderGrossedUpSellFee(bps: feeBps)
        return spendable.flooredToSmallestUnit()
    }

    /// `bps / 10⁴`, with `bps` capped at 10,000.
    private static func feeFraction(_ bps: UInt64) -> Decimal {
        Decimal(min(bps, ExchangedFiat.basisPointsPerWhole)) / Decimal(ExchangedFiat.basisPointsPerWhole)
    }
}
