public import Foundation
public import Logging
public import Observation

/// A key of the amount keypad.
public enum KeypadKey: Hashable, Sendable {
    case digit(Int)
    case decimalPoint
    case backspace
}

/// The amount-entry screen: a keypad building a fiat amount in the chosen currency, checked
/// against the balance and the send limits as it is typed, and turned into the exact on-chain
/// amount when the person confirms.
///
/// Keypad text is kept as typed ("12.", "0.5") and read with `Decimal(string:)` only — never a
/// locale-aware parser, the seed's pitfall. Limits are compared as displayed (rounded to the
/// currency's digits first), so typing exactly the maximum shown is accepted.
@MainActor
@Observable
public final class EnterAmountViewModel {
    /// What the screen can say about the current entry.
    public enum EntryState: Equatable, Sendable {
        /// Nothing typed yet (or zero).
        case empty
        /// Can be sent.
        case ready
        /// More than the balance; the shortfall in the entry currency.
        case exceedsBalance(shortfall: FiatAmount)
        /// More than the send limits allow; the most that can be entered.
        case exceedsLimit(maximum: FiatAmount)
    }

    public private(set) var text = "0"
    public private(set) var rate: Rate
    /// The balance being spent (USDF).
    public var balance: TokenAmount
    /// The server's limits, in the entry currency (nil: only the balance limits the entry).
    public var limits: SendLimits?

    @ObservationIgnored private let logger: Logger
    @ObservationIgnored private let formatter: FiatFormatter

    public init(
        rate: Rate, balance: TokenAmount, limits: SendLimits? = nil, formatter: FiatFormatter = .current,
        logger: Logger
    ) {
        self.rate = rate
        self.balance = balance
        self.limits = limits
        self.formatter = formatter
        self.logger = logger
    }

    public var currency: CurrencyCode { rate.currency }

    /// The entered amount, `nil` while the text is not a number yet.
    public var enteredAmount: FiatAmount? {
        KeypadAmount.decimal(from: text, currency: currency).map { FiatAmount(value: $0, currency: currency) }
    }

    /// The amount as the screen shows it while typing ("$12.5" keeps the typed digits).
    public var displayText: String {
        let symbol = currency.singleCharacterSymbol ?? ""
        let suffix = symbol.isEmpty ? " \(currency.code)" : ""
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let integer = parts.first.map(String.init) ?? "0"
        let grouped = Self.grouped(integer, separator: formatter.groupingSeparator)
        let fraction = parts.count > 1 ? formatter.decimalSeparator + parts[1] : ""
        return symbol + grouped + fraction + suffix
    }

    /// The balance in the entry currency.
    public var balanceInCurrency: FiatAmount {
        FiatAmount(value: balance.decimalValue * rate.fx, currency: currency)
    }

    /// The most the limits allow in the entry currency; nil without limits in that currency.
    private var limitMaximum: FiatAmount? {
        guard let limits, limits.currency == currency else { return nil }
        return limits.maximum
    }

    /// The most that can be entered: the balance, capped by the limits.
    public var maximum: FiatAmount {
        guard let limitMaximum, let capped = try? balanceInCurrency.minimum(limitMaximum) else { return balanceInCurrency }
        return capped
    }

    public var state: EntryState {
        guard let entered = enteredAmount, entered.value > 0 else { return .empty }
        if let limitMaximum, !KeypadAmount.isWithinDisplayedMaximum(entered.value, maximum: limitMaximum) {
            return .exceedsLimit(maximum: limitMaximum.flooredToSmallestUnit())
        }
        if !KeypadAmount.isWithinDisplayedMaximum(entered.value, maximum: balanceInCurrency) {
            let shortfall = entered.value - balanceInCurrency.flooredToSmallestUnit().value
            return .exceedsBalance(shortfall: FiatAmount(value: shortfall, currency: currency))
        }
        return .ready
    }

    public var canSubmit: Bool { state == .ready }

    /// Applies one key press; presses that would make the text invalid are ignored.
    public func press(_ key: KeypadKey) {
        let next: String
        switch key {
        case .digit(let digit):
            guard (0...9).contains(digit) else { return }
            next = text == "0" ? String(digit) : text + String(digit)
        case .decimalPoint:
            guard currency.fractionDigits > 0, !text.contains(".") else { return }
            next = text + "."
        case .backspace:
            next = text.count <= 1 ? "0" : String(text.dropLast())
        }
        guard (try? KeypadAmount.parse(next, currency: currency)) != nil else { return }
        text = next
    }

    /// Switches the entry currency; the entry starts over, since the typed figure meant an amount
    /// in the old currency.
    public func switchCurrency(to rate: Rate) {
        logger.info("entry currency switched", metadata: ["from": "\(currency.code)", "to": "\(rate.currency.code)"])
        self.rate = rate
        text = "0"
    }

    /// The exact amount to send for the current entry, with the seed's rule that an entry within
    /// half a display unit of the whole balance sends the whole balance.
    ///
    /// - Throws: ``EnterAmountError`` when the entry is not ready to send; `AmountError` when
    ///   the amount cannot be expressed on chain.
    public func submit() throws -> ExchangedFiat {
        switch state {
        case .empty: throw EnterAmountError.nothingEntered
        case .exceedsLimit(let maximum): throw EnterAmountError.exceedsLimit(maximum: maximum)
        case .exceedsBalance(let shortfall): throw EnterAmountError.insufficientFunds(shortfall: shortfall)
        case .ready: break
        }
        guard let entered = enteredAmount else { throw EnterAmountError.nothingEntered }
        let requested = try ExchangedFiat(nativeAmount: entered, rate: rate)
        let whole = try ExchangedFiat(
            onChainAmount: balance, nativeAmount: balanceInCurrency, currencyRate: rate
        )
        switch try ExchangedFiat.hasSufficientFunds(balance: whole, requested: requested) {
        case .sufficient(let amount):
            logger.info("amount entered", metadata: ["quarks": "\(amount.onChainAmount.quarks)", "currency": "\(currency.code)"])
            return amount
        case .insufficient(let shortfall):
            throw EnterAmountError.insufficientFunds(shortfall: shortfall)
        }
    }

    private static func grouped(_ digits: String, separator: String) -> String {
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += separator }
            result.append(digit)
        }
        return result
    }
}

/// Why the entered amount cannot be sent.
public enum EnterAmountError: LocalizedError, Equatable, Sendable {
    case nothingEntered
    case exceedsLimit(maximum: FiatAmount)
    case insufficientFunds(shortfall: FiatAmount)

    public var errorDescription: String? {
        switch self {
        case .nothingEntered: "Enter an amount."
        case .exceedsLimit(let maximum): "You can send up to \(maximum.formatted()) right now."
        case .insufficientFunds(let shortfall): "You need \(shortfall.formatted()) more."
        }
    }
}
