public import Foundation
import Storage

/// The photo formats the journal knows, recognised by their bytes (never by a file name).
///
/// A new photo must pass the Storage kit's structural check (`ImageFormat.validate`: a whole
/// JPEG, PNG or HEIC, at most ``maximumByteCount`` bytes). WebP and GIF are still recognised by
/// their magic bytes so that archives of journals that stored them before import unchanged.
public enum ImageKind: String, CaseIterable, Sendable {
    case jpeg = "image/jpeg"
    case png = "image/png"
    case heic = "image/heic"
    case webp = "image/webp"
    case gif = "image/gif"

    /// New photos larger than this (15 MiB) are refused: a full-size phone photo fits.
    public static let maximumByteCount = ImageFormat.defaultMaxBytes

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
