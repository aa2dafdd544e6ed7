import Foundation

/// The photo formats the journal stores, recognised by their magic bytes (never by a file
/// name), so a renamed text file is refused before it reaches the blob store.
public enum ImageKind: String, CaseIterable, Sendable {
    case jpeg = "image/jpeg"
    case png = "image/png"
    case heic = "image/heic"
    case webp = "image/webp"
    case gif = "image/gif"

    /// Photos larger than this are refused: a phone photo is a few megabytes.
    public static let maximumByteCount = 20 * 1024 * 1024

    public var mimeType: String { rawValue }

    /// Detects the format, or returns nil for anything else.
    public static func detect(_ data: Data) -> ImageKind? {
        let bytes = [UInt8](data.prefix(16))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("ftyp".utf8), at: 4), bytes.count >= 12 {
            let brand = String(decoding: bytes[8..<12], as: UTF8.self)
            if ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"].contains(brand) {
                return .heic
            }
        }
        return nil
    }
}
