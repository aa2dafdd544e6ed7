import Foundation

/// Hand-assembled, structurally valid images for the validator's tests, built from the format
/// specifications with this file's own CRC-32 and Adler-32 (independent of the code under test),
/// as lists of parts so a test can drop, repeat or alter exactly one.
enum ImageSamples {
    // MARK: Checksums (bitwise, straight from the definitions)

    /// CRC-32/ISO-HDLC: reflected polynomial 0xEDB88320, initial and final XOR 0xFFFFFFFF.
    static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func be32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    static func be32(_ value: Int) -> [UInt8] { be32(UInt32(truncatingIfNeeded: value)) }

    // MARK: PNG

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        return be32(data.count) + typeAndData + be32(crc32(typeAndData))
    }

    static func ihdrData(
        width: Int, height: Int, bitDepth: UInt8 = 8, colourType: UInt8 = 2,
        compression: UInt8 = 0, filter: UInt8 = 0, interlace: UInt8 = 0
    ) -> [UInt8] {
        be32(width) + be32(height) + [bitDepth, colourType, compression, filter, interlace]
    }

    /// A zlib stream holding `raw` in one stored (uncompressed) deflate block.
    static func zlibStored(_ raw: [UInt8]) -> [UInt8] {
        let length = raw.count
        let header: [UInt8] = [0x78, 0x01]  // 32 KiB window, (0x7801 % 31 == 0)
        let block: [UInt8] = [0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
        return header + block + raw + be32(adler32(raw))
    }

    /// Chunks of an RGB, 8-bit, non-interlaced image with a small colour gradient.
    static func pngChunks(width: Int = 3, height: Int = 2) -> [[UInt8]] {
        var scanlines: [UInt8] = []
        for y in 0..<height {
            scanlines.append(0)  // filter type None
            for x in 0..<width { scanlines += [UInt8(x * 40 & 0xFF), UInt8(y * 90 & 0xFF), 0x80] }
        }
        return [
            pngChunk("IHDR", ihdrData(width: width, height: height)),
            pngChunk("IDAT", zlibStored(scanlines)),
            pngChunk("IEND", []),
        ]
    }

    static func png(_ chunks: [[UInt8]]) -> [UInt8] { pngSignature + chunks.joined() }
    static func png(width: Int = 3, height: Int = 2) -> [UInt8] { png(pngChunks(width: width, height: height)) }

    // MARK: JPEG

    static func jpegSegment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker] + be16(payload.count + 2) + payload
    }

    static func sof0(width: Int, height: Int, precision: UInt8 = 8, components: [[UInt8]] = [[1, 0x11, 0]]) -> [UInt8] {
        jpegSegment(0xC0, [precision] + be16(height) + be16(width) + [UInt8(components.count)] + components.joined())
    }

    static func sos(components: [[UInt8]] = [[1, 0x00]]) -> [UInt8] {
        jpegSegment(0xDA, [UInt8(components.count)] + components.joined() + [0, 63, 0])
    }

    /// Entropy-coded bytes with a stuffed `FF 00` and a restart marker inside, as real scans have.
    static let entropyCodedData: [UInt8] = [0xF8, 0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x9A, 0x3F]

    /// SOI, APP0 (JFIF), DQT, SOF0, DHT (DC and AC), SOS + entropy-coded data, EOI.
    static func jpegParts(width: Int = 16, height: Int = 8) -> [[UInt8]] {
        let jfif = Array("JFIF".utf8) + [0, 1, 2, 0, 0, 1, 0, 1, 0, 0]
        let quantisation = [0x00] + (1...64).map { UInt8($0) }
        let dcTable: [UInt8] = [0x00] + [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0] + Array(0...11)
        let acTable: [UInt8] = [0x10] + [0, 2, 1, 3] + Array(repeating: 0, count: 12) + [0x01, 0x02, 0x03, 0x00, 0x04, 0x11]
        return [
            [0xFF, 0xD8],
            jpegSegment(0xE0, jfif),
            jpegSegment(0xDB, quantisation),
            sof0(width: width, height: height),
            jpegSegment(0xC4, dcTable + acTable),
            sos() + entropyCodedData,
            [0xFF, 0xD9],
        ]
    }

    static func jpeg(width: Int = 16, height: Int = 8) -> [UInt8] { Array(jpegParts(width: width, height: height).joined()) }

    // MARK: HEIC (ISO-BMFF)

    static func box(_ type: String, _ content: [UInt8]) -> [UInt8] {
        be32(8 + content.count) + Array(type.utf8) + content
    }

    static func fullBox(_ type: String, version: UInt8 = 0, flags: UInt8 = 0, _ content: [UInt8]) -> [UInt8] {
        box(type, [version, 0, 0, flags] + content)
    }

    static func ftyp(major: String = "heic", compatible: [String] = ["mif1", "heic"]) -> [UInt8] {
        box("ftyp", Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) })
    }

    static func ispe(width: Int, height: Int) -> [UInt8] { fullBox("ispe", be32(width) + be32(height)) }

    /// The children of `meta`: a picture handler, primary item 1, and properties where item 1 has
    /// an `ispe` of `primary` and item 2 (a thumbnail, say) one of `other`, listed first.
    static func metaChildren(primary: (Int, Int) = (120, 80), other: (Int, Int) = (320, 240), withPrimaryItem: Bool = true) -> [[UInt8]] {
        let hdlr = fullBox("hdlr", [0, 0, 0, 0] + Array("pict".utf8) + [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        let pitm = fullBox("pitm", be16(1))
        let hvcC = box("hvcC", [1, 1, 0x60, 0, 0, 0])
        let ipco = box("ipco", hvcC + ispe(width: other.0, height: other.1) + ispe(width: primary.0, height: primary.1))
        // ipma v0, 1-byte indices: item 1 → hvcC (essential, index 1) and ispe index 3; item 2 → ispe index 2.
        let ipma = fullBox("ipma", be32(2) + be16(1) + [2, 0x81, 0x03] + be16(2) + [1, 0x02])
        let iprp = box("iprp", ipco + ipma)
        return withPrimaryItem ? [hdlr, pitm, iprp] : [hdlr, iprp]
    }

    /// An `iloc` box, version 1, with 4-byte offsets and lengths and one extent per item.
    static func iloc(_ items: [(itemID: Int, method: Int, offset: Int, length: Int)], sizes: [UInt8] = [0x44, 0x00]) -> [UInt8] {
        var content = sizes + be16(items.count)
        for item in items {
            content += be16(item.itemID) + be16(item.method) + be16(0) + be16(1) + be32(item.offset) + be32(item.length)
        }
        return fullBox("iloc", version: 1, content)
    }

    static let mdatContent: [UInt8] = [0x00, 0x00, 0x00, 0x04, 0x26, 0x01, 0xAF, 0x00]

    /// `ftyp`, `meta` (the given children plus, unless `locateItem` is false, an `iloc` putting
    /// item 1's data exactly on the `mdat` content), `mdat`.
    static func heicBoxes(metaChildren children: [[UInt8]] = metaChildren(), locateItem: Bool = true) -> [[UInt8]] {
        let mdat = box("mdat", mdatContent)
        func meta(dataOffset: Int) -> [UInt8] {
            let location = locateItem ? [iloc([(1, 0, dataOffset, mdatContent.count)])] : []
            return fullBox("meta", Array((children + location).joined()))
        }
        // The iloc's size does not depend on the offset it holds, so one trial build finds it.
        let dataOffset = ftyp().count + meta(dataOffset: 0).count + 8
        return [ftyp(), meta(dataOffset: dataOffset), mdat]
    }

    static func heic() -> [UInt8] { Array(heicBoxes().joined()) }
}

/// A seeded SplitMix64, so fuzz failures reproduce.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
