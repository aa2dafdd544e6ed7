import Foundation

/// An amount of money in two views at once: what moves on chain, and what the person sees.
///
/// - ``onChainAmount``: the quarks that go into the transfer (and the proto's `quarks`);
/// - ``nativeAmount``: the fiat the person entered or is shown, in ``currencyRate``'s currency;
/// - ``currencyRate``: the fiat rate (native units per 1 USD) the pair was priced at.
///
/// For USDF the two views are tied by the rate alone (1 USDF = 1 USD). For a launchpad currency
/// they are tied by the bonding curve: the native amount is what the tokens sell for, times the
/// rate. The invariant `nativeAmount.currency == currencyRate.currency` is checked when an
/// instance is made, so every instance satisfies it.
public struct ExchangedFiat: Sendable, Hashable, Codable, CustomStringConvertible {
    public let onChainAmount: TokenAmount
    public let nativeAmount: FiatAmount
    public let currencyRate: Rate

    /// - Throws: ``AmountError/currencyMismatch(_:_:)`` when the native amount is not in the
    ///   rate's currency.
    public init(onChainAmount: TokenAmount, nativeAmount: FiatAmount, currencyRate: Rate) throws(AmountError) {
        guard nativeAmount.currency == currencyRate.currency else {
            throw .currencyMismatch(nativeAmount.currency, currencyRate.currency)
        }
        self.init(checked: onChainAmount, nativeAmount, currencyRate)
    }

    /// For callers that built the native amount in the rate's currency themselves.
    init(checked onChainAmount: TokenAmount, _ nativeAmount: FiatAmount, _ currencyRate: Rate) {
        self.onChainAmount = onChainAmount
        self.nativeAmount = nativeAmount
        self.currencyRate = currencyRate
    }

    /// A USDF amount worth `nativeAmount` at `rate`: `half_up(native / fx · 10^6)` quarks, the
    /// native amount kept as given.
    ///
    /// - Throws: ``AmountError/currencyMismatch(_:_:)``, ``AmountError/negativeValue(_:)`` or
    ///   ``AmountError/overflow``.
    public init(nativeAmount: FiatAmount, rate: Rate) throws(AmountError) {
        let usd = try nativeAmount.convertingToUSD(rate)
        let onChain = try TokenAmount(wholeTokens: usd.value, mint: .usdf)
        self.init(checked: onChain, nativeAmount, rate)
    }

    /// The mint the on-chain amount is counted in.
    public var mint: Mint { onChainAmount.mint }

    /// The native amount in US dollars, `native / fx`: for USDF the dollar value, for a launchpad
    /// currency what the tokens are worth in USDF.
    public var usdfValue: FiatAmount { FiatAmount(value: nativeAmount.value / currencyRate.fx, currency: .usd) }

    // MARK: Combining

    /// `self + other`: quarks and native amounts added.
    ///
    /// - Throws: ``AmountError/mintMismatch(_:_:)``, ``AmountError/rateMismatch(_:_:)`` or
    ///   ``AmountError/overflow``.
    public func adding(_ other: ExchangedFiat) throws(AmountError) -> ExchangedFiat {
        try requireSameRate(other)
        return ExchangedFiat(
            checked: try onChainAmount.adding(other.onChainAmount),
            try nativeAmount.adding(other.nativeAmount),
            currencyRate)
    }

    /// `self − other`: quarks and native amounts subtracted (e.g. the shortfall of a request
    /// against a balance).
    ///
    /// - Throws: ``AmountError/mintMismatch(_:_:)``, ``AmountError/rateMismatch(_:_:)`` or
    ///   ``AmountError/negativeResult``.
    public func subtracting(_ other: ExchangedFiat) throws(AmountError) -> ExchangedFiat {
        try requireSameRate(other)
        return ExchangedFiat(
            checked: try onChainAmount.subtracting(other.onChainAmount),
            try nativeAmount.subtracting(other.nativeAmount),
            currencyRate)
    }

    /// What is left after an on-chain fee: `onChain − fee` quarks, and the native amount scaled by
    /// the same quark ratio (`native · remaining / onChain`), linear even for launchpad currencies,
    /// so the pair stays consistent with what was shown.
    ///
    /// - Throws: ``AmountError/mintMismatch(_:_:)`` or ``AmountError/feeExceedsAmount(feeQuarks:amountQuarks:)``.
    public func subtractingFee(_ fee: TokenAmount) throws(AmountError) -> ExchangedFiat {
        guard fee.mint == mint else { throw .mintMismatch(mint, fee.mint) }
        guard fee.quarks <= onChainAmount.quarks else {
            throw .feeExceedsAmount(feeQuarks: fee.quarks, amountQuarks: onChainAmount.quarks)
        }
        let remaining = TokenAmount(quarks: onChainAmount.quarks - fee.quarks, mint: mint)
        return ExchangedFiat(checked: remaining, nativeAmount * quarkRatio(remaining.quarks), currencyRate)
    }

    /// The same quarks shown at another rate: `native' = usdfValue · newFx`.
    public func convert(to rate: Rate) -> ExchangedFiat {
        ExchangedFiat(checked: onChainAmount, FiatAmount(value: usdfValue.value * rate.fx, currency: rate.currency), rate)
    }

    public var description: String { "\(onChainAmount.quarks) quarks of \(mint) = \(nativeAmount) at \(currencyRate)" }

    /// `part / onChain` quarks as an exact fraction (0 when there are no quarks).
    func quarkRatio(_ part: UInt64) -> Decimal {
        onChainAmount.quarks == 0 ? 0 : Decimal(part) / Decimal(onChainAmount.quarks)
    }

    private func requireSameRate(_ other: ExchangedFiat) throws(AmountError) {
        guard mint == other.mint else { throw .mintMismatch(mint, other.mint) }
        guard currencyRate == other.currencyRate else { throw .rateMismatch(currencyRate, other.currencyRate) }
    }

    // MARK: Codable — checks the invariant on the way in.

    private enum CodingKeys: String, CodingKey {
        case onChainAmount, nativeAmount, currencyRate
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let native = try container.decode(FiatAmount.self, forKey: .nativeAmount)
        let rate = try container.decode(Rate.self, forKey: .currencyRate)
        guard native.currency == rate.currency else {
            throw DecodingError.dataCorruptedError(
                forKey: .nativeAmount, in: container,
                debugDescription: "nativeAmount is in \(native.currency.code) but currencyRate is for \(rate.currency.code)")
        }
        self.init(checked: try container.decode(TokenAmount.self, forKey: .onChainAmount), native, rate)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(onChainAmount, forKey: .onChainAmount)
        try container.encode(nativeAmount, forKey: .nativeAmount)
        try container.encode(currencyRate, forKey: .currencyRate)
    }
}
