/// The judgement on a typed quiz answer.
public enum AnswerVerdict: Equatable, Sendable {
    /// The answer is the name, ignoring case, accents, spacing and punctuation.
    case exact
    /// The answer is the name with one small typo; it counts as recalled.
    case closeEnough
    /// The answer does not name the person.
    case wrong
}
