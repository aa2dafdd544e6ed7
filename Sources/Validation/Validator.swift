/// One rule for one kind of free-form input, owning both the check and the canonical form.
///
/// Screens and services never trim, match or range-check inline: they ask a validator and submit
/// its `Output`, so there is exactly one path from what a person typed to what is stored or sent
/// (and the rule can change in one place when the server contract does).
public protocol Validator<Input, Output>: Sendable {
    associatedtype Input
    associatedtype Output

    /// The canonical form of `input`, or `nil` when `input` is not acceptable.
    func validate(_ input: Input) -> Output?
}

extension Validator {
    /// The canonical form of `input`, or a ``FieldIssue`` naming `field` with `reason`.
    ///
    /// Use this where a form is submitted and each field needs its own message, e.g.
    /// `try ratingValidator.require(text, field: BudsField.rating, reason: "must be between 1 and 5")`.
    public func require<Field>(_ input: Input, field: Field, reason: String) throws(FieldIssue<Field>) -> Output {
        guard let output = validate(input) else {
            throw FieldIssue(field, reason)
        }
        return output
    }

    /// Whether `input` is acceptable.
    public func isValid(_ input: Input) -> Bool {
        validate(input) != nil
    }
}
