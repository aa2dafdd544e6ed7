import Foundation

/// Strict reading of decimal numbers written as plain digits (`"12.34"`, `"-0.5"`, `"7"`).
///
/// `Decimal(string:)` alone is too lenient for money that comes from outside: it reads `"12abc"` as
/// 12, `"1.2.3"` as 1.2, `"0x10"` as 0 and silently drops digits past the 38th. This checks the
/// whole text against a fixed grammar first, and only then hands it to `Decimal(string:)`, which
/// always treats "." as the decimal separator whatever the device's locale.
enum DecimalText {
    /// Longest text accepted; `Decimal.description` of any finite `Decimal` is shorter.
    static let maximumLength = 200
    /// Significant digits a `Decimal` holds exactly.
    static let maximumSignificantDigits = 38

    /// The value of `text` if it is `-?digits(.digits)?` (a sign only when `allowNegative`), has at
    /// most 38 significant digits (leading and trailing zeros aside) and is at most 200 characters long; otherwise nil.
    static func parse(_ text: String, allowNegative: Bool) -> Decimal? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumLength else { return nil }
        var index = 0
        if bytes[0] == UInt8(ascii: "-") {
            guard allowNegative else { return nil }
            index = 1
        }
        var integerDigits = 0
        var fractionDigits = 0
        var sawPoint = false
        var digitPosition = 0
        var firstNonZero: Int?
        var lastNonZero = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if sawPoint { fractionDigits += 1 } else { integerDigits += 1 }
                if byte != UInt8(ascii: "0") {
                    if firstNonZero == nil { firstNonZero = digitPosition }
                    lastNonZero = digitPosition
                }
                digitPosition += 1
            case UInt8(ascii: "."):
                guard !sawPoint else { return nil }
                sawPoint = true
            default:
                return nil
            }
            index += 1
        }
        guard integerDigits > 0, !sawPoint || fractionDigits > 0 else { return nil }
        if let firstNonZero, lastNonZero - firstNonZero + 1 > maximumSignificantDigits { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }
}
