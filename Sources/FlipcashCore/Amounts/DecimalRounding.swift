public import Foundation

/// The three roundings money code uses, in one place so every boundary names its rule
/// (hard rule "Nine Rules" of the app):
/// - fiat → quarks: ``halfUp`` (half away from zero, what Kotlin's HALF_UP and the server do);
/// - bonding-curve maths: ``halfEven`` at high precision;
/// - display: ``halfUp``, or ``down`` (toward zero) when a figure is shown truncated, e.g. a
///   floored "you can spend at most" amount.
public enum DecimalRounding: Sendable, Hashable {
    /// Half away from zero: 2.5 → 3, −2.5 → −3 (`NSDecimalRound` `.plain`).
    case halfUp
    /// Toward zero: 2.59 → 2.5, −2.59 → −2.5. (Foundation's `.down` floors negatives instead,
    /// which is never what truncating a displayed figure means.)
    case down
    /// Half to even ("banker's"): 2.5 → 2, 3.5 → 4 (`NSDecimalRound` `.bankers`).
    case halfEven

    /// `value` rounded to `scale` digits after the decimal point (a negative scale rounds to tens,
    /// hundreds…). NaN stays NaN.
    public func round(_ value: Decimal, scale: Int) -> Decimal {
        var input = value
        var result = Decimal()
        switch self {
        case .halfUp:
            NSDecimalRound(&result, &input, scale, .plain)
        case .halfEven:
            NSDecimalRound(&result, &input, scale, .bankers)
        case .down:
            NSDecimalRound(&result, &input, scale, value.isSignMinus ? .up : .down)
        }
        return result
    }
}
