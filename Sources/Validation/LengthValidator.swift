import Foundation

/// Accepts text whose length, after trimming surrounding whitespace and newlines, lies in
/// `min...max` Characters (grapheme clusters, so "👍🏽" counts as one), and returns the trimmed text.
///
/// With the default `min` of 1, empty and all-whitespace input is rejected. A validator whose
/// `min` exceeds its `max` accepts nothing.
///
/// Characters alone do not bound storage: one grapheme cluster can carry any number of combining
/// marks, so a single "character" may be 60 KB. Where text is stored or sent on (a server), give
/// `maxBytes` too, a bound on the trimmed text's UTF-8 bytes.
public struct LengthValidator: Validator {
    public let min: Int
    public let max: Int
    /// The most UTF-8 bytes the trimmed text may take, or `nil` for no byte bound.
    public let maxBytes: Int?

    public init(min: Int = 1, max: Int, maxBytes: Int? = nil) {
        self.min = min
        self.max = max
        self.maxBytes = maxBytes
    }

    public func validate(_ input: String) -> String? {
        let trimmed = input.trimmingCharacters(in: .whitespacesAndNewlines)
        if let maxBytes, trimmed.utf8.count > maxBytes { return nil }
        let count = trimmed.count
        guard count >= min, count <= max else { return nil }
        return trimmed
    }
}
