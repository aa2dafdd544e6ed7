import Foundation
import Storage
import Validation

/// The rules a memory's fields must meet before it is stored, each failure naming its field.
enum MemoryValidation {
    static func imageFormat(of data: Data) throws(KilroyStoreError) -> ImageFormat {
        guard !data.isEmpty else {
            throw .invalidField(field: "image", reason: "is empty")
        }
        guard data.count <= MemoryLimits.imageBytes else {
            throw .invalidField(field: "image", reason: "is larger than 10 MB")
        }
        guard let format = ImageFormat.detect(data) else {
            throw .invalidField(field: "image", reason: "is not a JPEG, PNG or HEIC photo")
        }
        return format
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
        _ text: String?, field: String, maximum: Int, allowsNewlines: Bool
    ) throws(KilroyStoreError) -> String? {
        guard let text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return nil }
        guard let valid = LengthValidator(max: maximum).validate(trimmed) else {
            throw .invalidField(field: field, reason: "must be at most \(maximum) characters")
        }
        let forbidden = valid.unicodeScalars.contains { scalar in
            let isNewline = scalar == "\n" || scalar == "\r" || scalar == "\t"
            return CharacterSet.controlCharacters.contains(scalar) && !(allowsNewlines && isNewline)
        }
        guard !forbidden else {
            throw .invalidField(
                field: field,
                reason: allowsNewlines ? "must not contain control characters" : "must be one line without control characters"
            )
        }
        return valid
    }

    /// A name that stays inside its folder: not empty, no `/`, no NUL, not `.` or `..`, not hidden.
    static func isPlainFilename(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 255 && !name.contains("/") && !name.contains("\0")
            && !name.hasPrefix(".")
    }
}
