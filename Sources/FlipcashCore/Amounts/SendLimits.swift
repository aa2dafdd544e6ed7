import Foundation

/// How much may be sent, as the server states it, already in the person's entry currency.
///
/// The keypad caps what can be typed at ``maxEnterAmount(balance:)``. This is where the legacy
/// `EnterAmountCalculator.maxEnterAmount` crashed (regression 698ef3b): it compared a limit at 6
/// decimals with a balance at 10 by scaling quarks up. Here both sides are ``FiatAmount``s, whose
/// comparison is a `Decimal` comparison and cannot overflow.
public struct SendLimits: Sendable, Hashable {
    /// What the next single send may be (the per-transaction limit, less what today's limit has left).
    public let nextTransaction: FiatAmount
    public let maxPerTransaction: FiatAmount
    public let maxPerDay: FiatAmount

    /// - Throws: ``AmountError/currencyMismatch(_:_:)`` unless all three are in one currency.
    public init(nextTransaction: FiatAmount, maxPerTransaction: FiatAmount, maxPerDay: FiatAmount) throws(AmountError) {
        for other in [maxPerTransaction, maxPerDay] where other.currency != nextTransaction.currency {
            throw .currencyMismatch(nextTransaction.currency, other.currency)
        }
        self.nextTransaction = nextTransaction
        self.maxPerTransaction = maxPerTransaction
        self.maxPerDay = maxPerDay
    }

    /// The currency the limits are stated in.
    public var currency: CurrencyCode { nextTransaction.currency }

    /// The most any single send may be: the smallest of the three limits.
    public var maximum: FiatAmount {
        // `init` checked that the three share one currency, so `minimum` cannot fail here.
        (try? nextTransaction.minimum(maxPerTransaction).minimum(maxPerDay)) ?? nextTransaction
    }

    /// The most the keypad lets a person enter: the balance's native amount, capped by each limit.
    ///
    /// - Throws: ``AmountError/currencyMismatch(_:_:)`` when the balance is shown in another
    ///   currency than the limits (the app must ask for limits in the entry currency).
    public func maxEnterAmount(balance: ExchangedFiat) throws(AmountError) -> FiatAmount {
        try balance.nativeAmount.minimum(maximum)
    }
}
