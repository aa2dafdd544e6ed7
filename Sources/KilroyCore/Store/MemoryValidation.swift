import Foundation
import Storage
import Validation

/// The rules a memory's fields must meet before it is stored, each failure naming its field.
enum MemoryValidation {
    /// The format of a photo that is a whole, well-formed JPEG, PNG or HEIC of at most 10 MB
    /// (the cloud's own check, so what the device keeps can be uploaded): the Storage kit's
    /// structural validation, not just the first bytes.
    static func imageFormat(of data: Data) throws(KilroyStoreError) -> ImageFormat {
        do {
            return try ImageFormat.validate(data, maxBytes: MemoryLimits.imageBytes).format
        } catch {
            switch error {
            case .empty:
                throw .invalidField(FieldIssue("image", "is empty"))
            case .tooLarge:
                throw .invalidField(FieldIssue("image", "is larger than 10 MB"))
            case .notAnImage, .unsupported:
                throw .invalidField(FieldIssue("image", "is not a JPEG, PNG or HEIC photo"))
            case .truncated(let format):
                throw .invalidField(FieldIssue("image", "is a \(format.rawValue.uppercased()) that ends early (cut short?)"))
            case .malformed(let format, let reason):
                throw .invalidField(FieldIssue("image", "is not a well-formed \(format.rawValue.uppercased()) (\(reason))"))
            }
        }
    }

    static func comment(_ text: String?) throws(KilroyStoreError) -> String? {
        try clean(text, field: "comment", maximum: MemoryLimits.commentLength, allowsNewlines: true)
    }

    static func placeName(_ text: String?) throws(KilroyStoreError) -> String? {
        try clean(text, field: "place", maximum: MemoryLimits.placeNameLength, allowsNewlines: false)
    }

    static func placeAddress(_ text: String?) throws(KilroyStoreError) -> String? {
        try clean(text, field: "address", maximum: MemoryLimits.placeAddressLength, allowsNewlines: false)
    }

    /// Trimmed text, `nil` when empty; too long or control characters are an error.
    private static func clean(
        _ text: String?, field: FieldName, maximum: Int, allowsNewlines: Bool
    ) throws(KilroyStoreError) -> String? {
        guard let text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return nil }
        guard let valid = LengthValidator(max: maximum).validate(trimmed) else {
            throw .invalidField(FieldIssue(field, "must be at most \(maximum) characters"))
        }
        let forbidden = valid.unicodeScalars.contains { scalar in
            let isNewline = scalar == "\n" || scalar == "\r" || scalar == "\t"
            return CharacterSet.controlCharacters.contains(scalar) && !(allowsNewlines && isNewline)
        }
        guard !forbidden else {
            throw .invalidField(
                FieldIssue(
                    field,
                    allowsNewlines ? "must not contain control characters" : "must be one line without control characters"
                ))
        }
        return valid
    }

    /// A name that stays inside its folder: not empty, no `/`, no NUL, not `.` or `..`, not hidden.
    static func isPlainFilename(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 255 && !name.contains("/") && !name.contains("\0")
            && !name.hasPrefix(".")
    }
}
