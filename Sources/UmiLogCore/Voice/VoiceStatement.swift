import Foundation

/// One thing the diver said, in order: a field and its value, a number with no field, or a problem.
///
/// The interpreter keeps statements rather than filling fields directly so that a correction can
/// replace the last value and "scratch that" can withdraw it, before anything is decided.
struct VoiceStatement: Sendable {
    enum Kind: Sendable {
        case field(VoiceFieldSpec, Value)
        /// A number said without a field keyword; reported, never guessed into a field.
        case orphan(value: Double, unit: VoiceUnit?)
        case unsupported(name: String)
        case issue(VoiceParseIssue)
    }

    /// A field's value as heard, converted and checked only when the statements are folded.
    enum Value: Sendable, Equatable {
        /// A number and the unit said after it (`nil`: the field's default unit).
        case quantity(Double, VoiceUnit?)
        case name(String)
        case wrongUnit(VoiceUnit)
        case missing
    }

    var kind: Kind
    /// The first token of the statement and the token after its last.
    var start: Int
    var end: Int
    var isLive = true

    /// Whether corrections and "scratch that" can reach it.
    var isValue: Bool {
        switch kind {
        case .field, .orphan, .unsupported: true
        case .issue: false
        }
    }
}
