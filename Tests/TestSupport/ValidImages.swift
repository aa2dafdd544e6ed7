public import Foundation

/// Photos that pass the Storage kit's structural validation, built by hand from the formats'
/// specifications (PNG chunks with their CRC-32, a baseline JPEG's marker segments, HEIC boxes),
/// each seed giving different bytes so tests can upload distinct images.
public enum ValidImages {
    /// A 2×2 RGB PNG whose pixels come from `seed`.
    public static func png(_ seed: UInt8 = 1) -> Data {
        let header = be32(2) + be32(2) + [8, 2, 0, 0, 0]
        let scanlines: [UInt8] = (0..<2).flatMap { row in [0] + (0..<6).map { seed &+ UInt8($0 + row * 6) } }
        let stored: [UInt8] =
            [0x78, 0x01, 0x01] + le16(scanlines.count) + le16(~scanlines.count & 0xFFFF) + scanlines
            + be32(adler32(scanlines))
        let bytes =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", stored)
            + chunk("IEND", [])
        return Data(bytes)
    }

    /// A 16×8 baseline JPEG with a comment and scan bytes from `seed`; with `size`, zero padding
    /// after the end-of-image marker makes it exactly that many bytes (cameras append data there).
    public static func jpeg(_ seed: UInt8 = 1, size: Int? = nil) -> Data {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += segment(0xFE, Array("kilroy test \(seed)".utf8))
        bytes += segment(0xDB, [0] + (1...64).map { UInt8($0) })
        bytes += segment(0xC0, [8] + be16(8) + be16(16) + [1, 1, 0x11, 0])
        bytes += segment(0xC4, [0x00] + [0, 1] + Array(repeating: 0, count: 14) + [0])
        bytes += segment(0xDA, [1, 1, 0x00, 0, 63, 0]) + [seed & 0x7F, 0x12, 0x34, seed | 0x01]
        bytes += [0xFF, 0xD9]
        if let size, size > bytes.count { bytes += Array(repeating: 0, count: size - bytes.count) }
        return Data(bytes)
    }

    /// A HEIC: `ftyp` (heic), a picture `meta` whose primary item has a 64×48 `ispe`, and an `mdat`.
    public static func heic(_ seed: UInt8 = 1) -> Data {
        let handler = fullBox("hdlr", [0, 0, 0, 0] + Array("pict".utf8) + Array(repeating: 0, count: 13))
        let primary = fullBox("pitm", be16(1))
        let properties = box("ipco", box("hvcC", [1, 1, 0x60, 0, 0, 0]) + fullBox("ispe", be32(64) + be32(48)))
        let associations = fullBox("ipma", be32(1) + be16(1) + [2, 0x81, 0x02])
        let meta = fullBox("meta", handler + primary + box("iprp", properties + associations))
        let bytes =
            box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)) + meta
            + box("mdat", [0, 0, 0, 4, 0x26, 0x01, 0xAF, seed])
        return Data(bytes)
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        be32(data.count) + Array(type.utf8) + data + be32(crc32(Array(type.utf8) + data))
    }

    private static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker] + be16(payload.count + 2) + payload
    }

    private static func box(_ type: String, _ content: [UInt8]) -> [UInt8] {
        be32(8 + content.count) + Array(type.utf8) + content
    }

    private static func fullBox(_ type: String, _ content: [UInt8]) -> [UInt8] {
        box(type, [0, 0, 0, 0] + content)
    }

    private static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    private static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    private static func be32(_ value: Int) -> [UInt8] { be32(UInt32(truncatingIfNeeded: value)) }
    private static func be32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }

    /// CRC-32 (ISO-HDLC), bit by bit from its definition.
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var low: UInt32 = 1
        var high: UInt32 = 0
        for byte in bytes {
            low = (low + UInt32(byte)) % 65_521
            high = (high + low) % 65_521
        }
        return high << 16 | low
    }
}
