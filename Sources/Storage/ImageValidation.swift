import DAGCBOR
import Foundation

extension ImageFormat {
    /// The most bytes a photo may have unless a caller says otherwise: 15 MiB holds a full-size
    /// HEIC or a high-quality JPEG from a current phone camera, and refuses the "20 MB of anything"
    /// uploads that only look like photos at the start.
    public static let defaultMaxBytes = 15 << 20

    /// Checks that `data` is a whole, well-formed image of a supported format, at most `maxBytes` long.
    ///
    /// This is the check for *accepting* a photo (storing, uploading, importing); ``detect(_:)`` only
    /// sniffs the first bytes and lets through anything that merely starts right. The check is
    /// structural, without decoding pixels:
    /// - PNG: signature; every chunk's length, type and CRC-32; `IHDR` first with valid fields;
    ///   `PLTE` where the colour type needs or forbids it; consecutive `IDAT`s; `IEND` last, with
    ///   nothing after it.
    /// - JPEG: `SOI`; well-formed marker segments; one frame header (`SOFn`) with positive
    ///   dimensions before the first scan; entropy-coded data up to the next marker; `EOI`. Bytes
    ///   after a complete `EOI` are accepted, as cameras append thumbnails and metadata there.
    /// - HEIC: ISO-BMFF boxes that exactly tile the file, `ftyp` first with an HEVC image brand,
    ///   a picture `meta` box whose primary item's `ispe` gives the size, and an `mdat`.
    ///
    /// Runs in time linear in `data.count`; no allocation is ever sized by a length read from the
    /// data, so hostile input costs at most one copy of `data`.
    ///
    /// - Parameter maxBytes: the largest accepted size; ``defaultMaxBytes`` suits photos.
    /// - Throws: ``ImageValidationError``: `.empty`, `.tooLarge` (checked before reading anything),
    ///   `.notAnImage`, `.unsupported` (GIF, WebP, TIFF, BMP, AVIF, JPEG XL, JPEG 2000), `.truncated` or `.malformed`.
    public static func validate(_ data: some Collection<UInt8>, maxBytes: Int) throws(ImageValidationError) -> ImageInfo {
        let count = data.count
        guard count > 0 else { throw .empty }
        guard count <= maxBytes else { throw .tooLarge(maxBytes: maxBytes) }
        let bytes = (data as? [UInt8]) ?? Array(data)

        if bytes.starts(with: [0xFF, 0xD8]) {
            return try JPEGStructure.validate(bytes)
        }
        if bytes.count >= 2, PNGStructure.signature.starts(with: bytes.prefix(4)) {
            return try PNGStructure.validate(bytes)
        }
        if bytes.count >= 8, bytes[4..<8].elementsEqual("ftyp".utf8) {
            return try HEICStructure.validate(bytes)
        }
        if let other = otherImageFormatName(bytes) {
            throw .unsupported(formatName: other)
        }
        throw .notAnImage
    }

    /// The name used in messages: "JPEG", "PNG", "HEIC".
    var displayName: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .heic: "HEIC"
        }
    }

    /// Image formats people commonly pick that the apps do not accept, so the message can say
    /// "a GIF is not accepted" rather than "not an image".
    private static func otherImageFormatName(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: "GIF87a".utf8) || bytes.starts(with: "GIF89a".utf8) { return "GIF" }
        if bytes.count >= 12, bytes.starts(with: "RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) {
            return "WebP"
        }
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            return "TIFF"
        }
        // JPEG XL as a bare codestream or in its box container; JPEG 2000 in its box container.
        if bytes.starts(with: [0xFF, 0x0A]) || bytes.starts(with: [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) {
            return "JPEG XL"
        }
        if bytes.starts(with: [0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) {
            return "JPEG 2000"
        }
        // "BM" alone is too common a start for text; a BMP header also states the file's size.
        if bytes.count >= 14, bytes.starts(with: "BM".utf8),
            bytes[2..<6].reversed().reduce(0, { $0 << 8 | Int($1) }) == bytes.count
        {
            return "BMP"
        }
        return nil
    }
}

/// Big-endian field reads for the image validators. Callers check bounds first; an out-of-range
/// read would trap on the array rather than read past it.
enum ImageBytes {
    static func uint16(_ bytes: [UInt8], at offset: Int) -> Int {
        Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    static func uint32(_ bytes: [UInt8], at offset: Int) -> Int {
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }

    static func uint64(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        bytes[offset..<offset + 8].reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// A four-character code for messages: the letters when they are printable ASCII, else hex,
    /// so hostile bytes never reach a log or a dialog as control characters.
    static func fourCC(_ bytes: [UInt8], at offset: Int) -> String {
        let code = bytes[offset..<offset + 4]
        if code.allSatisfy({ (0x20...0x7E).contains($0) }) {
            return "'" + String(decoding: code, as: UTF8.self) + "'"
        }
        return "0x" + Hex.encode(code, uppercase: true)
    }
}
