public import Foundation

/// Reading what the amount keypad typed ("12.5", "0.", "7").
///
/// The keypad always emits "." as its decimal separator, whatever the device's locale. A
/// locale-aware parser (`NumberFormatter`) on a "," locale reads "0.69" as 0 — the seed's pitfall,
/// which silently broke fee gates and limits — so keypad text is read with `Decimal(string:)` only,
/// and only after the whole text is checked: `Decimal(string:)` on its own accepts "12abc" as 12.
public enum KeypadAmount {
    /// Digits allowed before the point: enough for any balance in any currency (10^15 VND is
    /// ~40 billion USD), few enough that a stuck key cannot build an absurd number.
    public static let maximumIntegerDigits = 15

    /// The value of keypad text in `currency`.
    ///
    /// Accepts digits with at most one ".", and at most the currency's fraction digits after it
    /// (none, and no ".", for JPY). A trailing "." ("5.", mid-typing) and a leading one (".5")
    /// are accepted.
    ///
    /// - Throws: ``KeypadAmountError`` naming what is wrong.
    public static func parse(_ text: String, currency: CurrencyCode) throws(KeypadAmountError) -> Decimal {
        guard !text.isEmpty else { throw .empty }
        var integerDigits = 0
        var fractionDigits = 0
        var sawPoint = false
        for (position, character) in text.enumerated() {
            switch character {
            case "0"..."9" where character.isASCII:
                if sawPoint { fractionDigits += 1 } else { integerDigits += 1 }
            case ".":
                guard !sawPoint else { throw .multipleDecimalPoints }
                sawPoint = true
            default:
                throw .invalidCharacter(character, position: position)
            }
        }
        guard integerDigits + fractionDigits > 0 else { throw .noDigits }
        guard integerDigits <= maximumIntegerDigits else { throw .tooManyIntegerDigits(allowed: maximumIntegerDigits) }
        let allowed = currency.fractionDigits
        guard !sawPoint || allowed > 0 else { throw .tooManyFractionDigits(allowed: 0, currency: currency) }
        guard fractionDigits <= allowed else { throw .tooManyFractionDigits(allowed: allowed, currency: currency) }
        // The grammar is checked, so `Decimal(string:)` reads all of it; its `locale` defaults to
        // nil, which always means "." whatever `Locale.current` is.
        let normalized = (integerDigits == 0 ? "0" : "") + text + (text.hasSuffix(".") ? "0" : "")
        guard let value = Decimal(string: normalized) else { throw .noDigits }
        return value
    }

    /// A complete amount to send (or to put on a bill) from typed text: ``parse(_:currency:)``
    /// for the text, then ``FiatAmount/validatedForSending()`` for the value, so zero and
    /// anything finer than the currency's smallest unit are refused, never rounded.
    ///
    /// - Throws: ``KeypadAmountError`` for the text, ``AmountError`` for the value.
    public static func amount(_ text: String, currency: CurrencyCode) throws -> FiatAmount {
        try FiatAmount(value: parse(text, currency: currency), currency: currency).validatedForSending()
    }

    /// ``parse(_:currency:)``, or nil when the text is not a valid entry.
    public static func decimal(from text: String, currency: CurrencyCode) -> Decimal? {
        try? parse(text, currency: currency)
    }

    /// True when `entered` is at most `maximum` *as displayed*: the maximum is rounded to the
    /// currency's digits first, so a person who types exactly the figure shown ("$8.54" for a
    /// balance of 8.5400001) is not told it is too much. ("Displayed bounds: display-round first,
    /// then compare what was shown.")
    public static func isWithinDisplayedMaximum(_ entered: Decimal, maximum: FiatAmount) -> Bool {
        entered <= maximum.rounded(.halfUp).value
    }
}

/// Why keypad text is not an amount.
public enum KeypadAmountError: LocalizedError, Equatable, Sendable {
    case empty
    case noDigits
    case invalidCharacter(Character, position: Int)
    case multipleDecimalPoints
    case tooManyIntegerDigits(allowed: Int)
    case tooManyFractionDigits(allowed: Int, currency: CurrencyCode)

    public var errorDescription: String? {
        switch self {
        case .empty:
            "Enter an amount."
        case .noDigits:
            "Enter at least one digit."
        case .invalidCharacter(let character, let position):
            "\"\(character)\" (position \(position)) is not allowed in an amount; use digits and one \".\"."
        case .multipleDecimalPoints:
            "An amount has at most one decimal point."
        case .tooManyIntegerDigits(let allowed):
            "An amount has at most \(allowed) digits before the decimal point."
        case .tooManyFractionDigits(let allowed, let currency):
            allowed == 0
                ? "\(currency.code) amounts are whole numbers."
                : "\(currency.code) amounts have at most \(allowed) digits after the decimal point."
        }
    }
}
