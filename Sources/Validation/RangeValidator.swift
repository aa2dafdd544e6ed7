/// Accepts a value inside a closed range and returns it unchanged, e.g. a rating in `1...5`.
///
/// For `Double`, NaN is never inside a range and is rejected.
public struct RangeValidator<Value: Comparable & Sendable>: Validator {
    public let range: ClosedRange<Value>

    public init(_ range: ClosedRange<Value>) {
        self.range = range
    }

    public func validate(_ input: Value) -> Value? {
        range.contains(input) ? input : nil
    }
}
