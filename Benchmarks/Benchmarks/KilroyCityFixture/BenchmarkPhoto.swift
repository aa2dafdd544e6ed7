public import Foundation

/// A photo the Kilroy cloud accepts: uploads are validated structurally (`ImageFormat.validate`),
/// so a JPEG's first bytes followed by filler are refused. This is a baseline JPEG of 16×8 pixels
/// built from the format's marker segments (quantisation table, frame header, Huffman table,
/// scan, end of image), then padded with zeros after the end-of-image marker, where cameras
/// append thumbnails and metadata, to the size the benchmark uploads.
public enum BenchmarkPhoto {
    public static func jpeg(size: Int) -> Data {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += segment(0xFE, Array("kilroy benchmark".utf8))
        bytes += segment(0xDB, [0] + (1...64).map { UInt8($0) })
        bytes += segment(0xC0, [8, 0, 8, 0, 16, 1, 1, 0x11, 0])
        bytes += segment(0xC4, [0x00, 0, 1] + Array(repeating: 0, count: 14) + [0])
        bytes += segment(0xDA, [1, 1, 0x00, 0, 63, 0]) + [0x2A, 0x12, 0x34, 0x57]
        bytes += [0xFF, 0xD9]
        if size > bytes.count { bytes += Array(repeating: 0, count: size - bytes.count) }
        return Data(bytes)
    }

    /// A marker segment: `FF`, the marker, the big-endian length (which counts itself), the payload.
    private static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }
}
