import Foundation

/// Whether a balance covers a requested amount.
public enum FundsCheck: Sendable, Hashable {
    /// The amount to send: the request itself, or the whole balance when the request is within
    /// half a display unit of it.
    case sufficient(ExchangedFiat)
    /// What is missing, in the request's currency.
    case insufficient(shortfall: FiatAmount)
}

extension ExchangedFiat {
    /// Whether `balance` covers `requested`, comparing on-chain quarks.
    ///
    /// A request a little over the balance still counts as sufficient — and the whole balance is
    /// sent — when the two differ by at most half of the currency's smallest unit (USD 0.005,
    /// JPY 0.5, BHD 0.0005): the person typed the balance as it was displayed, and rounding the
    /// rate made it a few quarks too many. The comparison is made in the request's currency (the
    /// balance is converted to its rate if it is shown in another).
    ///
    /// - Throws: ``AmountError/mintMismatch(_:_:)`` when the balance is in another mint.
    public static func hasSufficientFunds(balance: ExchangedFiat, requested: ExchangedFiat) throws(AmountError) -> FundsCheck {
        guard balance.mint == requested.mint else { throw .mintMismatch(balance.mint, requested.mint) }
        if requested.onChainAmount.quarks <= balance.onChainAmount.quarks {
            return .sufficient(requested)
        }
        let balanceAsShown =
            balance.nativeAmount.currency == requested.nativeAmount.currency
            ? balance
            : balance.convert(to: requested.currencyRate)
        let difference = requested.nativeAmount.value - balanceAsShown.nativeAmount.value
        let magnitude = difference.isSignMinus ? -difference : difference
        let tolerance = requested.nativeAmount.currency.smallestUnit / 2
        if magnitude <= tolerance {
            return .sufficient(balanceAsShown)
        }
        if difference > 0 {
            return .insufficient(shortfall: FiatAmount(value: difference, currency: requested.nativeAmount.currency))
        }
        // More quarks than the balance but not more fiat: the two were priced at different rates.
        // The missing quarks' share of the request is what is short.
        let missing = requested.onChainAmount.quarks - balance.onChainAmount.quarks
        return .insufficient(shortfall: requested.nativeAmount * requested.quarkRatio(missing))
    }
}
