public import Foundation

/// Why part of a vCard file could not be read. Each case skips one card (or, for stray content, nothing) and is
/// reported as a ``VCardIssue`` so the rest of the file can still be imported.
public enum VCardError: LocalizedError, Hashable, Sendable {
    /// The file is not UTF-8 text; `firstBadLine` is the first line holding bytes that are not.
    case invalidUTF8(firstBadLine: Int)
    /// Text outside any `BEGIN:VCARD` … `END:VCARD` block.
    case contentOutsideCard
    /// The card started here never reaches `END:VCARD`.
    case missingEnd
    /// A `BEGIN:VCARD` appears before the card begun at `outerCardLine` has ended.
    case nestedBegin(outerCardLine: Int)
    /// The card has no `VERSION` property.
    case missingVersion
    /// The card's `VERSION` is not 2.1, 3.0 or 4.0 (the value is shortened for display).
    case unsupportedVersion(String)
    /// The card has neither a non-empty `FN` nor an `N` with a given or family name.
    case missingName
    /// A line inside the card has no `:` separating the property name from its value.
    case missingColon
    /// The embedded photo is not valid base64 (or data URI) content.
    case invalidPhotoData
    /// The embedded photo is larger than the reader accepts.
    case photoTooLarge(byteCount: Int, limit: Int)

    public var errorDescription: String? {
        switch self {
        case .invalidUTF8(let firstBadLine):
            return
                "The file is not UTF-8 text (see line \(firstBadLine)), so nothing was imported. Export the contacts again as vCard with UTF-8 encoding."
        case .contentOutsideCard:
            return "Text outside any BEGIN:VCARD … END:VCARD block was ignored. Check that the file is a vCard export."
        case .missingEnd:
            return "This card has no END:VCARD line, so it was skipped. The file may be truncated; export it again."
        case .nestedBegin(let outerCardLine):
            return "BEGIN:VCARD appears inside the card started at line \(outerCardLine), which has no END:VCARD; that card was skipped."
        case .missingVersion:
            return "This card has no VERSION line, so it was skipped. Add VERSION:3.0 after BEGIN:VCARD."
        case .unsupportedVersion(let version):
            return "vCard version \"\(version)\" is not supported (only 2.1, 3.0 and 4.0); the card was skipped."
        case .missingName:
            return "This card has no name (neither FN nor N), so it was skipped. Give the contact a name and export again."
        case .missingColon:
            return "This line has no \":\" between the property name and its value; the card was skipped."
        case .invalidPhotoData:
            return "The card's photo is not valid base64 data; the card was skipped. Remove or replace the photo and export again."
        case .photoTooLarge(let byteCount, let limit):
            return "The card's photo is about \(byteCount) bytes, over the \(limit)-byte limit; the card was skipped. Use a smaller photo."
        }
    }
}
