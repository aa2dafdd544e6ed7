import Foundation

/// A small, structurally valid PNG (greyscale, 8 bits, one stored-deflate scanline per row),
/// built here with its own CRC-32 so the tests do not trust the code they check. Photos must
/// now pass the Storage kit's structural validation, not just start with a PNG signature.
enum TestPNG {
    static func make(width: Int = 1, height: Int = 1, shade: UInt8 = 0) -> Data {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.append(contentsOf: bigEndian(UInt32(width)))
        header.append(contentsOf: bigEndian(UInt32(height)))
        header.append(contentsOf: [8, 0, 0, 0, 0])
        png.append(chunk("IHDR", header))
        // Rows: a filter byte (0) then one byte per pixel; wrapped as one stored deflate block.
        var raw = Data()
        for _ in 0..<height {
            raw.append(0)
            raw.append(contentsOf: [UInt8](repeating: shade, count: width))
        }
        var zlib = Data([0x78, 0x01, 0x01])
        let length = UInt16(raw.count)
        zlib.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)])
        zlib.append(raw)
        zlib.append(contentsOf: bigEndian(adler32(raw)))
        png.append(chunk("IDAT", zlib))
        png.append(chunk("IEND", Data()))
        return png
    }

    private static func chunk(_ type: String, _ data: Data) -> Data {
        var out = Data(bigEndian(UInt32(data.count)))
        let typed = Data(type.utf8) + data
        out.append(typed)
        out.append(contentsOf: bigEndian(crc32(typed)))
        return out
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// CRC-32 (ISO-HDLC: reflected polynomial 0xEDB88320), bit by bit.
    private static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func adler32(_ data: Data) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}
