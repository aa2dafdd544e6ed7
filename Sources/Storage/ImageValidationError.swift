public import Foundation

/// What ``ImageFormat/validate(_:maxBytes:)`` learnt about an image it accepted.
///
/// The dimensions come from the file's own header (PNG `IHDR`, the JPEG frame header, the HEIC
/// primary item's `ispe` property); they are checked to be positive, not decoded from pixels.
public struct ImageInfo: Sendable, Equatable {
    public let format: ImageFormat
    /// Pixels across, at least 1.
    public let width: Int
    /// Pixels down, at least 1.
    public let height: Int

    public init(format: ImageFormat, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }
}

/// Why ``ImageFormat/validate(_:maxBytes:)`` refused some bytes as a photo. Every case means the
/// bytes were not stored or used; the messages tell a person what to do about it.
public enum ImageValidationError: LocalizedError, Equatable, Sendable {
    /// No bytes at all.
    case empty
    /// More than `maxBytes` bytes; nothing past the length was read.
    case tooLarge(maxBytes: Int)
    /// The bytes are not any image format we know (text, HTML, PDF, random data …).
    case notAnImage
    /// A recognised image format that the apps do not accept, e.g. `"GIF"`, `"WebP"`, `"AVIF"`.
    case unsupported(formatName: String)
    /// The image starts like `format` but ends before its structure is complete (a cut-short
    /// download or copy).
    case truncated(ImageFormat)
    /// The image starts like `format` but its structure is wrong; `reason` names the part (chunk,
    /// marker, box, field) and, where it helps, the byte offset.
    case malformed(ImageFormat, reason: String)

    public var errorDescription: String? {
        switch self {
        case .empty:
            "The image is empty (0 bytes); choose a photo file."
        case .tooLarge(let maxBytes):
            "The image is larger than \(Self.describe(byteCount: maxBytes)), the most accepted; "
                + "choose a smaller photo or save it at a lower quality."
        case .notAnImage:
            "The file is not a photo: only JPEG, PNG and HEIC images are accepted."
        case .unsupported(let formatName):
            "The file is a \(formatName) image, which is not accepted: use a JPEG, PNG or HEIC photo."
        case .truncated(let format):
            "The \(format.displayName) image ends early; the file was cut short (an interrupted "
                + "download or copy?)."
        case .malformed(let format, let reason):
            "The \(format.displayName) image is damaged or not really an image: \(reason)."
        }
    }

    /// "15 MiB" for whole mebibytes, otherwise the exact byte count, so the limit reads naturally
    /// without ever being rounded down below what is actually allowed.
    private static func describe(byteCount: Int) -> String {
        let mebibyte = 1 << 20
        if byteCount >= mebibyte, byteCount % mebibyte == 0 {
            return "\(byteCount / mebibyte) MiB"
        }
        return byteCount == 1 ? "1 byte" : "\(byteCount) bytes"
    }
}
