import CZlib

/// The PNG rules of ``ImageFormat/validate(_:maxBytes:)`` (PNG specification, 3rd edition, §5 and
/// §11): a chunk stream whose every CRC matches, framed by `IHDR` and `IEND`.
enum PNGStructure {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// Chunk lengths (and the image's width and height) are at most 2³¹ − 1.
    private static let maxChunkLength = Int(Int32.max)
    /// The bit depths allowed for each colour type (greyscale, truecolour, indexed, grey + alpha, RGBA).
    private static let bitDepths: [UInt8: Set<UInt8>] = [
        0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16],
    ]

    static func validate(_ bytes: [UInt8]) throws(ImageValidationError) -> ImageInfo {
        guard bytes.count >= signature.count else { throw .truncated(.png) }
        guard bytes.starts(with: signature) else {
            // The signature's last four bytes exist to catch text-mode transfers (CR/LF rewritten).
            throw .malformed(.png, reason: "the signature is wrong (was the file copied as text?)")
        }
        var offset = signature.count
        var header: (width: Int, height: Int, colourType: UInt8)?
        var sawPalette = false
        var idat = IDATState.none

        while true {
            guard offset < bytes.count else { throw .truncated(.png) }  // ended without IEND
            guard bytes.count - offset >= 8 else { throw .truncated(.png) }
            let length = ImageBytes.uint32(bytes, at: offset)
            let typeOffset = offset + 4
            let type = ImageBytes.fourCC(bytes, at: typeOffset)
            guard length <= maxChunkLength else {
                throw .malformed(.png, reason: "chunk \(type) at byte \(offset) declares length \(length), over 2^31 - 1")
            }
            guard bytes[typeOffset..<typeOffset + 4].allSatisfy(isASCIILetter) else {
                throw .malformed(.png, reason: "chunk type \(type) at byte \(offset) is not four ASCII letters")
            }
            let dataOffset = offset + 8
            guard bytes.count - dataOffset >= length + 4 else { throw .truncated(.png) }
            let end = dataOffset + length + 4
            let stored = UInt32(ImageBytes.uint32(bytes, at: dataOffset + length))
            guard crc32(of: bytes, from: typeOffset, count: 4 + length) == stored else {
                throw .malformed(.png, reason: "chunk \(type) at byte \(offset) fails its CRC check")
            }
            let name = String(decoding: bytes[typeOffset..<typeOffset + 4], as: UTF8.self)

            if header == nil {
                guard name == "IHDR" else {
                    throw .malformed(.png, reason: "the first chunk is \(type), not IHDR")
                }
                header = try readHeader(bytes, dataOffset: dataOffset, length: length)
                offset = end
                continue
            }
            if idat == .running, name != "IDAT" { idat = .finished }
            switch name {
            case "IHDR":
                throw .malformed(.png, reason: "a second IHDR chunk at byte \(offset)")
            case "PLTE":
                guard !sawPalette, idat == .none else {
                    throw .malformed(.png, reason: "PLTE at byte \(offset) repeats or follows the image data")
                }
                guard header?.colourType != 0, header?.colourType != 4 else {
                    throw .malformed(.png, reason: "PLTE at byte \(offset) in a greyscale image")
                }
                guard length > 0, length % 3 == 0, length / 3 <= 256 else {
                    throw .malformed(.png, reason: "PLTE length \(length) is not 1 to 256 RGB entries")
                }
                sawPalette = true
            case "IDAT":
                guard idat != .finished else {
                    throw .malformed(.png, reason: "IDAT at byte \(offset) after other chunks ended the image data")
                }
                if header?.colourType == 3, !sawPalette {
                    throw .malformed(.png, reason: "an indexed-colour image has no PLTE before its IDAT")
                }
                idat = .running
            case "IEND":
                guard length == 0 else {
                    throw .malformed(.png, reason: "IEND at byte \(offset) has length \(length), not 0")
                }
                guard idat != .none else {
                    throw .malformed(.png, reason: "there is no IDAT (image data) chunk before IEND")
                }
                guard end == bytes.count else {
                    throw .malformed(.png, reason: "\(bytes.count - end) bytes follow the IEND chunk")
                }
                guard let header else { throw .malformed(.png, reason: "IHDR is missing") }
                return ImageInfo(format: .png, width: header.width, height: header.height)
            default:
                // Bit 5 of the first letter (lower case) marks an ancillary chunk a decoder may
                // skip; an unknown critical chunk means the image cannot be shown correctly.
                guard bytes[typeOffset] & 0x20 != 0 else {
                    throw .malformed(.png, reason: "unknown critical chunk \(type) at byte \(offset)")
                }
            }
            offset = end
        }
    }

    private enum IDATState { case none, running, finished }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    private static func readHeader(
        _ bytes: [UInt8], dataOffset: Int, length: Int
    ) throws(ImageValidationError) -> (width: Int, height: Int, colourType: UInt8) {
        guard length == 13 else {
            throw .malformed(.png, reason: "IHDR has length \(length), not 13")
        }
        let width = ImageBytes.uint32(bytes, at: dataOffset)
        let height = ImageBytes.uint32(bytes, at: dataOffset + 4)
        let bitDepth = bytes[dataOffset + 8]
        let colourType = bytes[dataOffset + 9]
        guard (1...maxChunkLength).contains(width) else {
            throw .malformed(.png, reason: "IHDR width \(width) is outside 1 to 2^31 - 1")
        }
        guard (1...maxChunkLength).contains(height) else {
            throw .malformed(.png, reason: "IHDR height \(height) is outside 1 to 2^31 - 1")
        }
        guard let depths = bitDepths[colourType] else {
            throw .malformed(.png, reason: "IHDR colour type \(colourType) does not exist")
        }
        guard depths.contains(bitDepth) else {
            throw .malformed(.png, reason: "IHDR bit depth \(bitDepth) is not allowed with colour type \(colourType)")
        }
        guard bytes[dataOffset + 10] == 0 else {
            throw .malformed(.png, reason: "IHDR compression method \(bytes[dataOffset + 10]) is not 0")
        }
        guard bytes[dataOffset + 11] == 0 else {
            throw .malformed(.png, reason: "IHDR filter method \(bytes[dataOffset + 11]) is not 0")
        }
        guard bytes[dataOffset + 12] <= 1 else {
            throw .malformed(.png, reason: "IHDR interlace method \(bytes[dataOffset + 12]) is not 0 or 1")
        }
        return (width, height, colourType)
    }

    /// CRC-32/ISO-HDLC (the PNG chunk CRC) through zlib, which has a fast, well-tested one.
    /// `count` is at most 2³¹ + 3, which fits zlib's 32-bit length.
    private static func crc32(of bytes: [UInt8], from start: Int, count: Int) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress.map { $0 + start }
            return UInt32(truncatingIfNeeded: CZlib.crc32(0, base, uInt(count)))
        }
    }
}
