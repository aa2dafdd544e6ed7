import Foundation

/// The photo formats the apps accept, recognised from the bytes themselves, never from a file name
/// or a declared media type, which a client can get wrong or lie about. ``detect(_:)`` sniffs the
/// leading bytes; ``validate(_:maxBytes:)`` checks a whole file before it is accepted.
public enum ImageFormat: String, Sendable, CaseIterable, Codable {
    case jpeg
    case png
    case heic

    /// The IANA media type, e.g. `image/jpeg`.
    public var mediaType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .heic: "image/heic"
        }
    }

    /// The usual file extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .heic: "heic"
        }
    }

    /// HEIF brands that mean HEVC-coded images (the format iPhones save as `.heic`).
    static let heicBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis"]
    /// Generic HEIF brands; they count as HEIC only when a compatible brand says HEVC.
    static let genericHEIFBrands: Set<String> = ["mif1", "msf1"]

    /// Recognises `data` as a JPEG (`FF D8 FF`), a PNG (its 8-byte signature) or a HEIC (an ISO-BMFF
    /// `ftyp` box whose major brand, or for generic HEIF one of its compatible brands, is a HEVC
    /// image brand). Returns `nil` for anything else, including AVIF and truncated headers.
    ///
    /// This is a quick sniff for choosing a code path or a media type, not an acceptance check:
    /// HTML or random bytes after a valid signature pass it. Anything stored, uploaded or imported
    /// must go through ``validate(_:maxBytes:)``, which checks the whole structure and the size.
    public static func detect(_ data: some Collection<UInt8>) -> ImageFormat? {
        let bytes = Array(data.prefix(64))
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF {
            return .jpeg
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            return .png
        }
        return isHEIC(bytes) ? .heic : nil
    }

    private static func isHEIC(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 12, String(decoding: bytes[4..<8], as: UTF8.self) == "ftyp" else {
            return false
        }
        let boxSize = bytes[0..<4].reduce(0) { ($0 << 8) | Int($1) }
        let major = String(decoding: bytes[8..<12], as: UTF8.self)
        if heicBrands.contains(major) {
            return true
        }
        guard genericHEIFBrands.contains(major), boxSize >= 16 else {
            return false
        }
        // Compatible brands follow the 4-byte minor version, 4 bytes each, up to the box's end.
        var offset = 16
        let end = min(boxSize, bytes.count)
        while offset + 4 <= end {
            if heicBrands.contains(String(decoding: bytes[offset..<offset + 4], as: UTF8.self)) {
                return true
            }
            offset += 4
        }
        return false
    }
}
