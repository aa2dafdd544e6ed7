import DAGCBOR

/// The JPEG rules of ``ImageFormat/validate(_:maxBytes:)`` (ITU-T T.81, Annex B): marker segments
/// from `SOI` to `EOI`, one frame header before the scans, entropy-coded data after each scan header.
///
/// Deliberate choices:
/// - A frame height of 0 (the height follows later in a `DNL` segment) is refused: almost no
///   encoder writes it, and without it the dimensions would need decoding the scan.
/// - Bytes after a complete `EOI` are accepted: cameras append MPF second images and vendor
///   trailers there, and a viewer stops at `EOI`. The structure before it must be whole.
/// - Hierarchical mode (`DHP`, several frames) is refused as a second frame header.
enum JPEGStructure {
    private static let frameMarkers: Set<UInt8> = [
        0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF,
    ]
    /// Lossless frames (predictive, not DCT): other precision rules.
    private static let losslessFrameMarkers: Set<UInt8> = [0xC3, 0xC7, 0xCB, 0xCF]

    private struct Frame {
        var width: Int
        var height: Int
        var componentIDs: [UInt8]
    }

    /// `bytes` starts with `FF D8` (SOI).
    static func validate(_ bytes: [UInt8]) throws(ImageValidationError) -> ImageInfo {
        var offset = 2
        var frame: Frame?
        var sawScan = false
        while true {
            guard offset < bytes.count else { throw .truncated(.jpeg) }
            guard bytes[offset] == 0xFF else {
                throw .malformed(.jpeg, reason: "byte \(offset) should start a marker (FF) but is \(hex(bytes[offset]))")
            }
            // Any marker may be preceded by fill bytes (more FFs).
            var codeOffset = offset + 1
            while codeOffset < bytes.count, bytes[codeOffset] == 0xFF { codeOffset += 1 }
            guard codeOffset < bytes.count else { throw .truncated(.jpeg) }
            let code = bytes[codeOffset]
            let markerOffset = codeOffset - 1
            switch code {
            case 0xD9:
                guard let frame else {
                    throw .malformed(.jpeg, reason: "EOI at byte \(markerOffset) comes before any frame header (SOF)")
                }
                guard sawScan else {
                    throw .malformed(.jpeg, reason: "EOI at byte \(markerOffset) comes before any scan (SOS)")
                }
                return ImageInfo(format: .jpeg, width: frame.width, height: frame.height)
            case 0x00:
                throw .malformed(.jpeg, reason: "a stuffed FF 00 at byte \(markerOffset) outside image data")
            case 0xD8:
                throw .malformed(.jpeg, reason: "a second SOI marker at byte \(markerOffset)")
            case 0xD0...0xD7:
                throw .malformed(.jpeg, reason: "restart marker \(hex(code)) at byte \(markerOffset) outside image data")
            case 0x01:
                offset = codeOffset + 1  // TEM: a marker without a segment
                continue
            case 0x02...0xBF:
                throw .malformed(.jpeg, reason: "reserved marker \(hex(code)) at byte \(markerOffset)")
            default:
                break
            }

            guard bytes.count - (codeOffset + 1) >= 2 else { throw .truncated(.jpeg) }
            let length = ImageBytes.uint16(bytes, at: codeOffset + 1)
            guard length >= 2 else {
                throw .malformed(.jpeg, reason: "marker \(hex(code)) at byte \(markerOffset) has segment length \(length), under 2")
            }
            let payload = codeOffset + 3
            let payloadLength = length - 2
            guard bytes.count - payload >= payloadLength else { throw .truncated(.jpeg) }
            let segment = bytes[payload..<payload + payloadLength]
            let end = payload + payloadLength

            switch code {
            case _ where frameMarkers.contains(code):
                guard frame == nil else {
                    throw .malformed(.jpeg, reason: "a second frame header (SOF) at byte \(markerOffset)")
                }
                frame = try readFrame(segment, marker: code, at: markerOffset)
            case 0xC4:
                try checkHuffmanTables(segment, at: markerOffset)
            case 0xDB:
                try checkQuantisationTables(segment, at: markerOffset)
            case 0xDD:
                guard payloadLength == 2 else {
                    throw .malformed(.jpeg, reason: "DRI at byte \(markerOffset) has length \(length), not 4")
                }
            case 0xDA:
                guard let frame else {
                    throw .malformed(.jpeg, reason: "a scan (SOS) at byte \(markerOffset) before the frame header (SOF)")
                }
                try checkScanHeader(segment, frame: frame, at: markerOffset)
                offset = try endOfEntropyCodedData(bytes, from: end)
                sawScan = true
                continue
            default:
                break  // APPn, COM, DNL, DAC, EXP, JPGn: skipped by their length
            }
            offset = end
        }
    }

    private static func hex(_ byte: UInt8) -> String { Hex.encode([byte], uppercase: true) }

    private static func readFrame(_ segment: ArraySlice<UInt8>, marker: UInt8, at offset: Int) throws(ImageValidationError) -> Frame {
        let s = segment.startIndex
        guard segment.count >= 6 else {
            throw .malformed(.jpeg, reason: "the frame header (SOF) at byte \(offset) is shorter than 8 bytes")
        }
        let precision = segment[s]
        let height = Int(segment[s + 1]) << 8 | Int(segment[s + 2])
        let width = Int(segment[s + 3]) << 8 | Int(segment[s + 4])
        let componentCount = Int(segment[s + 5])
        let precisionIsValid =
            losslessFrameMarkers.contains(marker)
            ? (2...16).contains(precision)
            : (marker == 0xC0 ? precision == 8 : precision == 8 || precision == 12)
        guard precisionIsValid else {
            throw .malformed(.jpeg, reason: "the frame header's sample precision \(precision) is not allowed for marker \(hex(marker))")
        }
        guard height > 0 else {
            throw .malformed(.jpeg, reason: "the frame header's height is 0 (a height set later by DNL is not supported)")
        }
        guard width > 0 else {
            throw .malformed(.jpeg, reason: "the frame header's width is 0")
        }
        guard (1...4).contains(componentCount) else {
            throw .malformed(.jpeg, reason: "the frame header has \(componentCount) colour components, not 1 to 4")
        }
        guard segment.count == 6 + 3 * componentCount else {
            throw .malformed(.jpeg, reason: "the frame header's length \(segment.count + 2) does not match its \(componentCount) components")
        }
        var ids: [UInt8] = []
        for index in 0..<componentCount {
            let c = s + 6 + 3 * index
            let id = segment[c]
            let sampling = segment[c + 1]
            let table = segment[c + 2]
            guard !ids.contains(id) else {
                throw .malformed(.jpeg, reason: "the frame header repeats component \(id)")
            }
            guard (1...4).contains(sampling >> 4), (1...4).contains(sampling & 0x0F) else {
                throw .malformed(.jpeg, reason: "component \(id) has sampling factors outside 1 to 4")
            }
            guard table <= 3 else {
                throw .malformed(.jpeg, reason: "component \(id) names quantisation table \(table), not 0 to 3")
            }
            ids.append(id)
        }
        return Frame(width: width, height: height, componentIDs: ids)
    }

    private static func checkScanHeader(_ segment: ArraySlice<UInt8>, frame: Frame, at offset: Int) throws(ImageValidationError) {
        let s = segment.startIndex
        guard let first = segment.first, (1...4).contains(first) else {
            throw .malformed(.jpeg, reason: "the scan header (SOS) at byte \(offset) names no 1 to 4 components")
        }
        let count = Int(first)
        guard segment.count == 4 + 2 * count else {
            throw .malformed(.jpeg, reason: "the scan header (SOS) at byte \(offset) has length \(segment.count + 2), not \(6 + 2 * count)")
        }
        for index in 0..<count {
            let id = segment[s + 1 + 2 * index]
            let tables = segment[s + 2 + 2 * index]
            guard frame.componentIDs.contains(id) else {
                throw .malformed(.jpeg, reason: "the scan at byte \(offset) names component \(id), which the frame does not have")
            }
            guard tables >> 4 <= 3, tables & 0x0F <= 3 else {
                throw .malformed(.jpeg, reason: "the scan at byte \(offset) names a Huffman table outside 0 to 3")
            }
        }
    }

    private static func checkHuffmanTables(_ segment: ArraySlice<UInt8>, at offset: Int) throws(ImageValidationError) {
        var i = segment.startIndex
        while i < segment.endIndex {
            let classAndID = segment[i]
            guard classAndID >> 4 <= 1, classAndID & 0x0F <= 3 else {
                throw .malformed(.jpeg, reason: "DHT at byte \(offset) defines a table with class/id \(hex(classAndID))")
            }
            guard segment.endIndex - i >= 17 else {
                throw .malformed(.jpeg, reason: "DHT at byte \(offset) ends inside a table's code counts")
            }
            let valueCount = segment[i + 1...i + 16].reduce(0) { $0 + Int($1) }
            guard valueCount <= 256 else {
                throw .malformed(.jpeg, reason: "DHT at byte \(offset) declares \(valueCount) codes, over 256")
            }
            guard segment.endIndex - (i + 17) >= valueCount else {
                throw .malformed(.jpeg, reason: "DHT at byte \(offset) is shorter than its tables")
            }
            i += 17 + valueCount
        }
    }

    private static func checkQuantisationTables(_ segment: ArraySlice<UInt8>, at offset: Int) throws(ImageValidationError) {
        var i = segment.startIndex
        while i < segment.endIndex {
            let precisionAndID = segment[i]
            guard precisionAndID >> 4 <= 1, precisionAndID & 0x0F <= 3 else {
                throw .malformed(.jpeg, reason: "DQT at byte \(offset) defines a table with precision/id \(hex(precisionAndID))")
            }
            let size = 64 * (Int(precisionAndID >> 4) + 1)
            guard segment.endIndex - (i + 1) >= size else {
                throw .malformed(.jpeg, reason: "DQT at byte \(offset) is shorter than its tables")
            }
            i += 1 + size
        }
    }

    /// Skips entropy-coded data: `FF 00` is a stuffed data byte, `FF D0`…`FF D7` restart markers,
    /// further `FF`s fill; any other marker ends the scan. Returns the offset of that marker's
    /// first `FF`. One pass, so linear in the data.
    private static func endOfEntropyCodedData(_ bytes: [UInt8], from start: Int) throws(ImageValidationError) -> Int {
        var i = start
        while true {
            guard let marker = bytes[i...].firstIndex(of: 0xFF) else { throw .truncated(.jpeg) }
            var next = marker + 1
            while next < bytes.count, bytes[next] == 0xFF { next += 1 }
            guard next < bytes.count else { throw .truncated(.jpeg) }
            let code = bytes[next]
            if code == 0x00 || (0xD0...0xD7).contains(code) {
                i = next + 1
                continue
            }
            return marker
        }
    }
}
