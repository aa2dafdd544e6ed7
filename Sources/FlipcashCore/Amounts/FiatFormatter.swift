public import Foundation

/// Renders fiat amounts the way the app shows them: the currency's one-character symbol (or none),
/// digits grouped in threes, the currency's fraction digits, rounded half-up (or truncated), an
/// optional suffix (" USD"), and a minus sign before the symbol ("-$10.00").
///
/// It is written out rather than delegated to `NumberFormatter`, for two reasons: a formatter fed a
/// `Decimal` may round through `Double` on some platforms, and tests must not depend on the
/// machine's locale. The locale decides only the two separators: ``enUS`` is fixed ("." and ","),
/// for tests, logs and the command line; ``current`` reads them from `Locale.current`, for the app.
/// Digits are always ASCII.
///
/// Precision is ``CurrencyCode/fractionDigits`` — the payments server's table — so that what is
/// shown is what the server validates against (the app used ICU's digits, which differ for a few
/// currencies such as COP and IDR).
public struct FiatFormatter: Sendable, Hashable {
    public let decimalSeparator: String
    public let groupingSeparator: String

    public init(decimalSeparator: String, groupingSeparator: String) {
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
    }

    /// The separators of `locale`, falling back to "." and "," where the locale has none.
    public init(locale: Locale) {
        self.init(
            decimalSeparator: locale.decimalSeparator ?? ".",
            groupingSeparator: locale.groupingSeparator ?? ",")
    }

    /// en_US rules, independent of the machine: "$1,234.50".
    public static let enUS = FiatFormatter(decimalSeparator: ".", groupingSeparator: ",")

    /// The device locale's separators, for what the app shows.
    public static var current: FiatFormatter { FiatFormatter(locale: .current) }

    // MARK: Standard style

    /// `amount` as "$1,234.50".
    ///
    /// - Parameters:
    ///   - minimumFractionDigits: digits always shown after the point; defaults to the currency's
    ///     fraction digits. With 0, "$10" and "$10.5" but still "$10.01": at most the currency's
    ///     digits (or this minimum, if larger) are shown, trailing zeros past the minimum dropped.
    ///   - truncated: round toward zero instead of half-up.
    ///   - suffix: text after the number, for positive and negative amounts alike (" USD").
    public func string(
        for amount: FiatAmount, minimumFractionDigits: Int? = nil, truncated: Bool = false, suffix: String? = nil
    ) -> String {
        let currencyDigits = amount.currency.fractionDigits
        let minimum = min(max(minimumFractionDigits ?? currencyDigits, 0), Self.maximumFractionDigits)
        let maximum = max(currencyDigits, minimum)
        let rounded = (truncated ? DecimalRounding.down : .halfUp).round(amount.value, scale: maximum)
        guard !rounded.isNaN else { return "NaN" }
        let (integer, fraction) = Self.digits(of: rounded)
        var fractionText = fraction
        while fractionText.count > minimum, fractionText.last == "0" { fractionText.removeLast() }
        while fractionText.count < minimum { fractionText.append("0") }
        let number = group(integer) + (fractionText.isEmpty ? "" : decimalSeparator + fractionText)
        return compose(negative: rounded < 0, number: number, currency: amount.currency, suffix: suffix)
    }

    // MARK: Abbreviated and compact styles

    /// `amount` shortened to K, M or B once it reaches a thousand: "$1.5K", "$2.4M", "$1B".
    ///
    /// The figure keeps at most three digits: one decimal while it is a single digit ("$1.3M"),
    /// none from ten up ("$690K"), rounded half-up; a figure that rounds to 1000 carries to the next
    /// scale ("$999.5K" → "$1M", 99,999 → "$100K"). Past billions it stays in B ("$1,000B"). Under
    /// a thousand the amount is formatted as ``string(for:minimumFractionDigits:truncated:suffix:)``.
    public func abbreviated(_ amount: FiatAmount, minimumFractionDigits: Int? = nil) -> String {
        let value = amount.value
        guard !value.isNaN else { return "NaN" }
        let magnitude = value.isSignMinus ? -value : value
        guard magnitude >= 1000 else {
            return string(for: amount, minimumFractionDigits: minimumFractionDigits)
        }
        var scaleIndex = Self.scales.lastIndex { magnitude >= $0.size } ?? 0
        var figure = Self.roundFigure(magnitude / Self.scales[scaleIndex].size)
        if figure >= 1000, scaleIndex + 1 < Self.scales.count {
            scaleIndex += 1
            figure = Self.roundFigure(magnitude / Self.scales[scaleIndex].size)
        }
        let (integer, fraction) = Self.digits(of: figure)
        let trimmed = fraction.hasSuffix("0") ? String(fraction.dropLast()) : fraction
        let number = group(integer) + (trimmed.isEmpty ? "" : decimalSeparator + trimmed) + Self.scales[scaleIndex].letter
        return compose(negative: value < 0, number: number, currency: amount.currency, suffix: nil)
    }

    /// The compact style for large figures such as market caps: whole units only (the fraction is
    /// dropped, not rounded: $999.99 shows as "$999"), then abbreviated: "$1M", "$1.3M", "$690K",
    /// "$100K" from 99,999, "$1.2K", "$200", "$0", "-$12K".
    public func compact(_ amount: FiatAmount) -> String {
        let whole = DecimalRounding.down.round(amount.value, scale: 0)
        return abbreviated(FiatAmount(value: whole, currency: amount.currency), minimumFractionDigits: 0)
    }

    // MARK: Pieces

    /// Fraction digits beyond which a requested minimum is capped (a Decimal holds 38 digits).
    static let maximumFractionDigits = 18

    private static let scales: [(size: Decimal, letter: String)] = [
        (1_000, "K"), (1_000_000, "M"), (1_000_000_000, "B"),
    ]

    /// One decimal while below ten, none from ten up, half-up.
    private static func roundFigure(_ figure: Decimal) -> Decimal {
        DecimalRounding.halfUp.round(figure, scale: figure < 10 ? 1 : 0)
    }

    /// The digits of |value| before and after the point, from its exact description.
    private static func digits(of value: Decimal) -> (integer: String, fraction: String) {
        let text = (value.isSignMinus ? -value : value).description
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integer = parts.first.map(String.init) ?? "0"
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        return (integer.isEmpty ? "0" : integer, fraction)
    }

    private func group(_ integer: String) -> String {
        var groups: [Substring] = []
        var end = integer.endIndex
        while end > integer.startIndex {
            let start = integer.index(end, offsetBy: -3, limitedBy: integer.startIndex) ?? integer.startIndex
            groups.append(integer[start..<end])
            end = start
        }
        return groups.reversed().joined(separator: groupingSeparator)
    }

    private func compose(negative: Bool, number: String, currency: CurrencyCode, suffix: String?) -> String {
        (negative ? "-" : "") + (currency.singleCharacterSymbol ?? "") + number + (suffix ?? "")
    }
}

extension FiatAmount {
    /// This amount in the standard style with en_US separators (see ``FiatFormatter``); the app
    /// shows ``FiatFormatter/current``'s rendering instead.
    public func formatted(minimumFractionDigits: Int? = nil, truncated: Bool = false, suffix: String? = nil) -> String {
        FiatFormatter.enUS.string(for: self, minimumFractionDigits: minimumFractionDigits, truncated: truncated, suffix: suffix)
    }

    /// This amount abbreviated ("$1.5K") with en_US separators.
    public func formattedAbbreviated(minimumFractionDigits: Int? = nil) -> String {
        FiatFormatter.enUS.abbreviated(self, minimumFractionDigits: minimumFractionDigits)
    }

    /// This amount in the compact style ("$1.3M") with en_US separators.
    public func formattedCompact() -> String {
        FiatFormatter.enUS.compact(self)
    }
}
