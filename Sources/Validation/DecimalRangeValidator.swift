import Foundation

/// Parses typed text as a finite decimal number and accepts it when it lies in a range; e.g. a
/// THC percentage in `0...100`, or grams that must be greater than 0.
///
/// Accepted syntax, after trimming whitespace: an optional sign, digits with an optional `.`
/// fraction (`"12"`, `"12.5"`, `".5"`, `"5."`). Exponents, hexadecimal, `inf`, `nan` and comma
/// decimal separators are rejected, so what is accepted is what a person would read as a number.
public struct DecimalRangeValidator: Validator {
    public let range: ClosedRange<Double>
    /// When true the lower bound itself is rejected (`> lowerBound` rather than `>=`).
    let excludesLowerBound: Bool

    /// - Parameters:
    ///   - range: The accepted values.
    ///   - excludingLowerBound: Reject the lower bound itself, for rules like "grams > 0"
    ///     (`DecimalRangeValidator(0...10_000, excludingLowerBound: true)`).
    public init(_ range: ClosedRange<Double>, excludingLowerBound: Bool = false) {
        self.range = range
        self.excludesLowerBound = excludingLowerBound
    }

    public func validate(_ input: String) -> Double? {
        let trimmed = input.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.wholeMatch(of: /[+\-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)/) != nil,
            let value = Double(trimmed), value.isFinite,
            range.contains(value),
            !(excludesLowerBound && value == range.lowerBound)
        else { return nil }
        return value == 0 ? 0 : value
    }
}
