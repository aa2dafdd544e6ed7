import Foundation

/// Accepts text whose length, after trimming surrounding whitespace and newlines, lies in
/// `min...max` Characters (grapheme clusters, so "👍🏽" counts as one), and returns the trimmed text.
///
/// With the default `min` of 1, empty and all-whitespace input is rejected. A validator whose
/// `min` exceeds its `max` accepts nothing.
public struct LengthValidator: Validator {
    public let min: Int
    public let max: Int

    public init(min: Int = 1, max: Int) {
        self.min = min
        self.max = max
    }

    public func validate(_ input: String) -> String? {
        let trimmed = input.trimmingCharacters(in: .whitespacesAndNewlines)
        let count = trimmed.count
        guard count >= min, count <= max else { return nil }
        return trimmed
    }
}
