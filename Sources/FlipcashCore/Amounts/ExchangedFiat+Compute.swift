import Foundation

extension ExchangedFiat {
    /// Nothing of `mint`, shown as zero in `rate`'s currency: what a valuation falls back to when
    /// there is no curve state to price tokens against.
    public static func zero(mint: Mint, rate: Rate) -> ExchangedFiat {
        ExchangedFiat(checked: .zero(mint), .zero(rate.currency), rate)
    }

    /// The value of on-chain quarks at `rate` (a balance, an incoming payment).
    ///
    /// - USDF: `native = quarks / 10^6 · fx`, exact, unrounded.
    /// - Launchpad currency: what the tokens would sell for on the curve at `supplyQuarks` with no
    ///   fee, times `fx`. Without a supply (nil or 0) or when the curve cannot price the sale, the
    ///   result is ``zero(mint:rate:)``. A zero amount is priced as one quark (the curve has no
    ///   price for nothing) and shown as 0.
    ///
    /// - Parameter supplyQuarks: the launchpad currency's circulating supply in quarks; ignored for USDF.
    public static func compute(onChainAmount: TokenAmount, rate: Rate, supplyQuarks: UInt64?) -> ExchangedFiat {
        let mint = onChainAmount.mint
        guard !mint.isUSDF else {
            let native = FiatAmount(value: onChainAmount.decimalValue * rate.fx, currency: rate.currency)
            return ExchangedFiat(checked: onChainAmount, native, rate)
        }
        guard let supplyQuarks, supplyQuarks > 0 else { return zero(mint: mint, rate: rate) }
        let quarksToSell = max(onChainAmount.quarks, 1)
        guard let quote = DiscreteBondingCurve.shared.sell(tokenQuarks: quarksToSell, feeBps: 0, supplyQuarks: supplyQuarks)
        else {
            return zero(mint: mint, rate: rate)
        }
        let nativeValue: Decimal = onChainAmount.quarks == 0 ? 0 : quote.net * rate.fx
        return ExchangedFiat(checked: onChainAmount, FiatAmount(value: nativeValue, currency: rate.currency), rate)
    }

    /// The amount to send for a fiat amount typed on the keypad.
    ///
    /// 1. Nothing (nil) for an amount of zero or less.
    /// 2. With a `balance` (USD, what the person holds), a request worth more than it is capped at
    ///    the balance, silently: rate rounding can make the typed maximum a hair larger than what
    ///    is there. Leave `balance` nil where the flow should report insufficient funds instead.
    ///    An empty balance gives ``zero(mint:rate:)``.
    /// 3. USDF: `half_up(usd · 10^6)` quarks; the native amount is the entered one, or the capped
    ///    `balance · fx`.
    /// 4. Launchpad currency: the tokens the curve gives for the (capped) fiat at `supplyQuarks`,
    ///    rounded half-up to quarks; the native amount is kept as entered (the server accepts ±½
    ///    display unit). A request beyond the curve's total value, or beyond `tokenBalanceQuarks`,
    ///    is clamped to `min(supply, tokenBalance)` and valued with
    ///    ``compute(onChainAmount:rate:supplyQuarks:)``; a request worth no whole quark is
    ///    ``zero(mint:rate:)``.
    ///
    /// - Throws: ``AmountError/currencyMismatch(_:_:)`` when `amount` is not in `rate`'s currency
    ///   or `balance` is not in USD, ``AmountError/overflow`` for an amount too large to count.
    public static func compute(
        fromEntered amount: FiatAmount,
        rate: Rate,
        mint: Mint,
        supplyQuarks: UInt64,
        balance: FiatAmount? = nil,
        tokenBalanceQuarks: UInt64? = nil
    ) throws(AmountError) -> ExchangedFiat? {
        guard amount.currency == rate.currency else { throw .currencyMismatch(amount.currency, rate.currency) }
        if let balance, balance.currency != .usd { throw .currencyMismatch(balance.currency, .usd) }
        guard amount.value > 0 else { return nil }

        var native = amount
        if let balance, amount.value / rate.fx > balance.value {
            native = FiatAmount(value: max(balance.value, 0) * rate.fx, currency: rate.currency)
        }
        // An empty balance caps the request to nothing; it must not reach the "beyond the curve"
        // clamp below, which would value the whole supply.
        guard native.value > 0 else { return zero(mint: mint, rate: rate) }

        guard !mint.isUSDF else {
            let onChain = try TokenAmount(wholeTokens: native.value / rate.fx, mint: .usdf)
            return ExchangedFiat(checked: onChain, native, rate)
        }

        let clampQuarks = min(supplyQuarks, tokenBalanceQuarks ?? supplyQuarks)
        guard
            let tokens = DiscreteBondingCurve.shared.tokensForValueExchange(
                fiat: native.value, fiatRate: rate.fx, supplyQuarks: supplyQuarks)
        else {
            return compute(onChainAmount: TokenAmount(quarks: clampQuarks, mint: mint), rate: rate, supplyQuarks: supplyQuarks)
        }
        let tokenQuarks: UInt64
        do {
            tokenQuarks = try QuarkScale.quarks(from: tokens, decimals: mint.decimals)
        } catch .overflow {
            return compute(onChainAmount: TokenAmount(quarks: clampQuarks, mint: mint), rate: rate, supplyQuarks: supplyQuarks)
        }
        if let tokenBalanceQuarks, tokenQuarks > tokenBalanceQuarks {
            return compute(onChainAmount: TokenAmount(quarks: tokenBalanceQuarks, mint: mint), rate: rate, supplyQuarks: supplyQuarks)
        }
        guard tokenQuarks > 0 else { return zero(mint: mint, rate: rate) }
        return ExchangedFiat(checked: TokenAmount(quarks: tokenQuarks, mint: mint), native, rate)
    }
}
