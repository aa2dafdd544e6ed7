public import Foundation

/// Why an amount could not be built, combined or compared. Every money operation that can go wrong
/// throws one of these instead of trapping: a mismatch or an overflow in money code is a bug to
/// report, never a reason to crash the app with someone's balance on screen.
public enum AmountError: LocalizedError, Equatable, Sendable {
    /// Two token amounts of different mints were combined or compared.
    case mintMismatch(Mint, Mint)
    /// Two fiat amounts (or an amount and a rate) of different currencies were combined or compared.
    case currencyMismatch(CurrencyCode, CurrencyCode)
    /// Two exchanged amounts priced at different rates were combined.
    case rateMismatch(Rate, Rate)
    /// A subtraction would go below zero quarks.
    case negativeResult
    /// A result does not fit in 64 bits of quarks (or in a `Decimal`).
    case overflow
    /// A negative value where only zero or more makes sense (a token amount, a payment).
    case negativeValue(Decimal)
    /// A value that is not a number (a `Decimal` NaN, e.g. from a division by zero).
    case notANumber
    /// An exchange rate that is zero, negative or not a number.
    case invalidRate(Decimal)
    /// The operation is defined only for US dollar amounts (rates are quoted per 1 USD).
    case requiresUSD(CurrencyCode)
    /// A fee larger than the amount it is taken from.
    case feeExceedsAmount(feeQuarks: UInt64, amountQuarks: UInt64)
    /// A decimal precision outside the range quarks can be scaled by without overflow.
    case unsupportedDecimals(Int)
    /// A rate other than the one fixed by definition (USD is worth exactly 1 USD).
    case fixedRate(Decimal, currency: CurrencyCode, fixed: Decimal)
    /// An amount to send that is zero or less.
    case notPositive(FiatAmount)
    /// An amount with more digits after the point than its currency has (1.005 USD, 0.5 JPY).
    case finerThanCurrency(FiatAmount)
    /// A value with more decimal places than the quarks it must be counted in (0.0000001 USDF).
    case finerThanQuarks(Decimal, decimals: Int)

    public var errorDescription: String? {
        switch self {
        case .mintMismatch(let lhs, let rhs):
            "Token amounts of different currencies (\(lhs) and \(rhs)) cannot be combined or compared."
        case .currencyMismatch(let lhs, let rhs):
            "Amounts in \(lhs.code) and \(rhs.code) cannot be combined or compared; convert one first."
        case .rateMismatch(let lhs, let rhs):
            "Amounts priced at different rates (\(lhs.fx) and \(rhs.fx) \(lhs.currency.code) per USD) cannot be combined; convert one first."
        case .negativeResult:
            "The result would be less than zero."
        case .overflow:
            "The amount is too large to represent."
        case .negativeValue(let value):
            "The amount \(value) is negative; only zero or more is allowed here."
        case .notANumber:
            "The amount is not a number."
        case .invalidRate(let fx):
            "The exchange rate \(fx) is not usable: it must be a number greater than zero."
        case .requiresUSD(let currency):
            "This conversion starts from US dollars, but the amount is in \(currency.code)."
        case .feeExceedsAmount(let fee, let amount):
            "The fee (\(fee) quarks) is larger than the amount it is taken from (\(amount) quarks)."
        case .unsupportedDecimals(let decimals):
            "\(decimals) decimal places is outside the supported range 0...\(QuarkScale.maximumDecimals)."
        case .fixedRate(let fx, let currency, let fixed):
            "The exchange rate for \(currency.code) is fixed at \(fixed) per USD by definition; \(fx) is not allowed."
        case .notPositive(let amount):
            "The amount must be greater than zero (at least \(amount.currency.smallestUnit) \(amount.currency.code)); \(amount.value) is not."
        case .finerThanCurrency(let amount):
            "\(amount.value) \(amount.currency.code) has more digits after the decimal point than \(amount.currency.code) has "
                + "(\(amount.currency.fractionDigits)); amounts are never rounded silently."
        case .finerThanQuarks(let value, let decimals):
            "\(value) has more than \(decimals) decimal places, the most this amount can be counted in; it is not rounded."
        }
    }
}
