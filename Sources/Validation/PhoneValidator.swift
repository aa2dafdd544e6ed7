import Foundation

/// Accepts a phone number in international E.164 form and returns it normalised
/// (`"+1 (415) 555-2671"` → `"+14155552671"`).
///
/// Whitespace, dashes, dots and brackets (`()` and `[]`) are removed; what remains must wholly
/// match `^\+[1-9][0-9]{1,14}$`: a plus, a country code that does not start with 0, and at most
/// 15 digits in all. Only ASCII digits are accepted.
public struct PhoneValidator: Validator {
    public init() {}

    public func validate(_ input: String) -> String? {
        let separators: Set<Character> = ["-", ".", "(", ")", "[", "]"]
        let normalised = String(input.filter { !$0.isWhitespace && !separators.contains($0) })
        guard normalised.wholeMatch(of: /\+[1-9][0-9]{1,14}/) != nil else { return nil }
        return normalised
    }
}
