public import Foundation
public import Validation

/// What the add-person form (or an imported contact) gives: checked by ``validated()`` before
/// anything is written.
public struct PersonDraft: Sendable {
    public static let nameValidator = LengthValidator(min: 1, max: 100)
    public static let contextValidator = LengthValidator(min: 1, max: 80)
    public static let transcriptValidator = LengthValidator(min: 0, max: 10_000)

    public var name: String
    public var context: String?
    public var transcript: String
    public var photo: Photo?
    /// Keeps an imported contact's identity (its vCard UID) so importing it twice is noticed.
    public var id: UUID?

    public init(name: String, context: String? = nil, transcript: String = "", photo: Photo? = nil, id: UUID? = nil) {
        self.name = name
        self.context = context
        self.transcript = transcript
        self.photo = photo
        self.id = id
    }

    /// The draft in canonical form: trimmed name and context (inner runs of spaces folded, so
    /// "Climbing  gym" and "Climbing gym" are one context), an empty context dropped.
    ///
    /// - Throws: `RememberError.invalidField` naming the first field that cannot be accepted.
    public func validated() throws(RememberError) -> PersonDraft {
        var draft = self
        guard let name = Self.nameValidator.validate(Self.foldingSpaces(name)) else {
            let reason =
                name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                ? "Please enter a name." : "must be at most \(Self.nameValidator.max) characters"
            throw .invalidField(FieldIssue(.name, reason))
        }
        draft.name = name
        if let context, !context.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            guard let valid = Self.contextValidator.validate(Self.foldingSpaces(context)) else {
                throw .invalidField(FieldIssue(.context, "must be at most \(Self.contextValidator.max) characters"))
            }
            draft.context = valid
        } else {
            draft.context = nil
        }
        guard let transcript = Self.transcriptValidator.validate(transcript) else {
            throw .invalidField(FieldIssue(.ramble, "must be at most \(Self.transcriptValidator.max) characters"))
        }
        draft.transcript = transcript
        return draft
    }

    private static func foldingSpaces(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
