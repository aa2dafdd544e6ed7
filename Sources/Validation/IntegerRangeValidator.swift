import Foundation

/// Parses typed text as a whole number (optional sign, ASCII digits, surrounding whitespace
/// allowed) and accepts it when it lies in `range`; e.g. a rating from a text field.
public struct IntegerRangeValidator: Validator {
    public let range: ClosedRange<Int>

    public init(_ range: ClosedRange<Int>) {
        self.range = range
    }

    public func validate(_ input: String) -> Int? {
        let trimmed = input.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let value = Int(trimmed), range.contains(value) else { return nil }
        return value
    }
}
