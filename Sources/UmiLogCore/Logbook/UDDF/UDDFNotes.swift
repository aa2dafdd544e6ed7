import Foundation
import XMLKit

/// Free text in UDDF: `notes` with `para` paragraphs (3.x) or `text` (2.x).
enum UDDFNotes {
    /// The paragraphs joined by line breaks, without surrounding whitespace; `nil` when blank.
    static func text(_ notes: XMLTree?) -> String? {
        guard let notes else { return nil }
        let paragraphs = notes.children.filter { $0.name == "para" || $0.name == "text" }.map(\.text)
        let joined = paragraphs.isEmpty ? notes.text : paragraphs.joined(separator: "\n")
        let trimmed = joined.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
