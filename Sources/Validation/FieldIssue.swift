public import Foundation

/// What is wrong with one field of a form, a command line or a request, e.g.
/// "rating: must be between 1 and 5".
///
/// Every app names its fields its own way — Buds and UmiLog with an enum of the form's fields, a
/// request or a command line by the JSON key or flag it reads — so the field is a type parameter;
/// the message is always `field: reason`, where the person sees it next to the field or on
/// standard error. One type for all of them means one rule for how a field error reads, is
/// compared in tests and crosses a process boundary (`Codable` when the field is).
public struct FieldIssue<Field: RawRepresentable<String> & Hashable & Sendable>: Error, Hashable, Sendable {
    /// The field as the person sees it (its raw value is the label, flag or JSON key).
    public let field: Field
    /// What the value must be, phrased to complete "<field>: …".
    public let reason: String

    public init(_ field: Field, _ reason: String) {
        self.field = field
        self.reason = reason
    }

    /// `field: reason`, the form every field error takes.
    public var message: String { "\(field.rawValue): \(reason)" }
}

extension FieldIssue: LocalizedError {
    public var errorDescription: String? { message }
}

extension FieldIssue: Codable where Field: Codable {}

/// A field named by free text — a JSON key, a command-line option, a vCard property — for
/// forms that have no enum of their own fields.
public struct FieldName: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }
}
