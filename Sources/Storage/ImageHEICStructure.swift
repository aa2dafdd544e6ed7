/// The HEIC rules of ``ImageFormat/validate(_:maxBytes:)`` (ISO/IEC 14496-12 boxes, ISO/IEC 23008-12
/// HEIF): boxes that exactly tile the file, `ftyp` first with an HEVC image brand, one picture
/// `meta` box, an `mdat`, and a positive image size from the primary item's `ispe` property.
///
/// Only the boxes on the path to the size and the item data are opened (`meta` → `hdlr`, `pitm`,
/// `iloc`, `idat`, `iprp` → `ipco`, `ipma`), so the work is linear in the file. Every item extent
/// `iloc` places in the file or in `idat` must lie inside it, so a file whose boxes were cut and
/// re-sized consistently is still refused. Image data stored in `idat` without any `mdat`
/// is refused: no camera writes it, and it keeps the rule simple.
enum HEICStructure {
    private struct Box {
        var type: String
        var start: Int
        /// The first byte after the header (after `largesize` and a `uuid` type when present).
        var contentStart: Int
        var end: Int
    }

    /// `bytes` has the type `ftyp` at offsets 4..<8.
    static func validate(_ bytes: [UInt8]) throws(ImageValidationError) -> ImageInfo {
        let ftyp = try readBox(bytes, at: 0, end: bytes.count, topLevel: true)
        try checkBrands(bytes, ftyp)

        var offset = ftyp.end
        var meta: Box?
        var sawMediaData = false
        while offset < bytes.count {
            let box = try readBox(bytes, at: offset, end: bytes.count, topLevel: true)
            switch box.type {
            case "meta":
                guard meta == nil else { throw .malformed(.heic, reason: "a second top-level meta box at byte \(box.start)") }
                meta = box
            case "mdat":
                sawMediaData = true
            case "ftyp":
                throw .malformed(.heic, reason: "a second ftyp box at byte \(box.start)")
            default:
                break
            }
            offset = box.end
        }
        guard let meta else { throw .malformed(.heic, reason: "there is no meta box (the image description)") }
        guard sawMediaData else { throw .malformed(.heic, reason: "there is no mdat box (the image data)") }
        // meta is a FullBox: one byte version, three bytes flags, then its children.
        guard meta.end - meta.contentStart >= 4 else {
            throw .malformed(.heic, reason: "the meta box is too short to hold its version")
        }
        let metaChildren = try children(bytes, from: meta.contentStart + 4, to: meta.end)
        let (width, height) = try imageSize(bytes, metaChildren: metaChildren)
        try checkItemLocations(bytes, metaChildren: metaChildren)
        return ImageInfo(format: .heic, width: width, height: height)
    }

    /// Reads one box header at `offset` and checks that the box lies within `end`. At the top level
    /// a box running past the end of the file means the file was cut short; inside another box it
    /// means the sizes disagree.
    private static func readBox(_ bytes: [UInt8], at offset: Int, end: Int, topLevel: Bool) throws(ImageValidationError) -> Box {
        let overrun: ImageValidationError =
            topLevel
            ? .truncated(.heic)
            : .malformed(.heic, reason: "a box at byte \(offset) runs past the end of its parent box")
        guard end - offset >= 8 else { throw overrun }
        let size32 = ImageBytes.uint32(bytes, at: offset)
        let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
        var headerSize = 8
        var size: Int
        switch size32 {
        case 0:
            size = end - offset  // "to the end of the file" (or, leniently, of the parent)
        case 1:
            guard end - offset >= 16 else { throw overrun }
            let large = ImageBytes.uint64(bytes, at: offset + 8)
            headerSize = 16
            guard large <= UInt64(end - offset) else { throw overrun }
            size = Int(large)
        default:
            size = size32
        }
        if type == "uuid" { headerSize += 16 }
        guard size >= headerSize else {
            throw .malformed(
                .heic, reason: "box \(ImageBytes.fourCC(bytes, at: offset + 4)) at byte \(offset) has size \(size), smaller than its header")
        }
        guard size <= end - offset else { throw overrun }
        return Box(type: type, start: offset, contentStart: offset + headerSize, end: offset + size)
    }

    /// The boxes that exactly fill `range` (the content of a container box).
    private static func children(_ bytes: [UInt8], from start: Int, to end: Int) throws(ImageValidationError) -> [Box] {
        var boxes: [Box] = []
        var offset = start
        while offset < end {
            let box = try readBox(bytes, at: offset, end: end, topLevel: false)
            boxes.append(box)
            offset = box.end
        }
        return boxes
    }

    private static func checkBrands(_ bytes: [UInt8], _ ftyp: Box) throws(ImageValidationError) {
        let contentLength = ftyp.end - ftyp.contentStart
        guard ftyp.type == "ftyp", contentLength >= 8, contentLength % 4 == 0 else {
            throw .malformed(.heic, reason: "the ftyp box has size \(ftyp.end - ftyp.start), not 16 plus 4 per compatible brand")
        }
        func brand(at offset: Int) -> String { String(decoding: bytes[offset..<offset + 4], as: UTF8.self) }
        let major = brand(at: ftyp.contentStart)
        let compatible = stride(from: ftyp.contentStart + 8, to: ftyp.end, by: 4).map(brand(at:))
        if ImageFormat.heicBrands.contains(major) { return }
        if ImageFormat.genericHEIFBrands.contains(major) {
            if compatible.contains(where: ImageFormat.heicBrands.contains) { return }
            throw .unsupported(formatName: compatible.contains { $0 == "avif" || $0 == "avis" } ? "AVIF" : "HEIF")
        }
        if major == "avif" || major == "avis" { throw .unsupported(formatName: "AVIF") }
        throw .notAnImage  // MP4, QuickTime and other ISO media
    }

    /// The primary item's size from its associated `ispe` property; when the file has no `pitm`
    /// or no association for it, the largest `ispe` (iPhone grids also carry per-tile sizes).
    private static func imageSize(_ bytes: [UInt8], metaChildren: [Box]) throws(ImageValidationError) -> (Int, Int) {
        guard let handler = metaChildren.first(where: { $0.type == "hdlr" }) else {
            throw .malformed(.heic, reason: "the meta box has no handler (hdlr) box")
        }
        // hdlr: version/flags (4), pre_defined (4), handler_type (4).
        guard handler.end - handler.contentStart >= 12 else {
            throw .malformed(.heic, reason: "the hdlr box is too short to name its handler")
        }
        guard bytes[handler.contentStart + 8..<handler.contentStart + 12].elementsEqual("pict".utf8) else {
            throw .malformed(.heic, reason: "the meta handler is \(ImageBytes.fourCC(bytes, at: handler.contentStart + 8)), not 'pict' (an image)")
        }
        guard let properties = metaChildren.first(where: { $0.type == "iprp" }) else {
            throw .malformed(.heic, reason: "the meta box has no item properties (iprp) box")
        }
        let propertyBoxes = try children(bytes, from: properties.contentStart, to: properties.end)
        guard let container = propertyBoxes.first(where: { $0.type == "ipco" }) else {
            throw .malformed(.heic, reason: "the iprp box has no property container (ipco) box")
        }
        let items = try children(bytes, from: container.contentStart, to: container.end)

        var sizes: [Int: (Int, Int)] = [:]  // 0-based ipco index → size
        for (index, box) in items.enumerated() where box.type == "ispe" {
            sizes[index] = try readSpatialExtent(bytes, box)
        }
        guard !sizes.isEmpty else {
            throw .malformed(.heic, reason: "there is no image size (ispe) property")
        }
        if let primary = try primaryItemID(bytes, metaChildren) {
            for association in propertyBoxes where association.type == "ipma" {
                if let size = try primarySize(bytes, association, item: primary, sizes: sizes) { return size }
            }
        }
        guard let largest = sizes.values.max(by: { $0.0 * $0.1 < $1.0 * $1.1 }) else {
            throw .malformed(.heic, reason: "there is no image size (ispe) property")
        }
        return largest
    }

    private static func readSpatialExtent(_ bytes: [UInt8], _ box: Box) throws(ImageValidationError) -> (Int, Int) {
        guard box.end - box.contentStart >= 12 else {
            throw .malformed(.heic, reason: "the ispe box at byte \(box.start) is too short for a width and height")
        }
        let width = ImageBytes.uint32(bytes, at: box.contentStart + 4)
        let height = ImageBytes.uint32(bytes, at: box.contentStart + 8)
        guard width > 0, height > 0 else {
            throw .malformed(.heic, reason: "the ispe box at byte \(box.start) gives a size of \(width) × \(height)")
        }
        return (width, height)
    }

    /// The `pitm` item ID, or nil when the file has no `pitm`.
    private static func primaryItemID(_ bytes: [UInt8], _ metaChildren: [Box]) throws(ImageValidationError) -> Int? {
        guard let box = metaChildren.first(where: { $0.type == "pitm" }) else { return nil }
        let length = box.end - box.contentStart
        guard length >= 4 else { throw .malformed(.heic, reason: "the pitm box is too short") }
        let version = bytes[box.contentStart]
        guard length >= (version == 0 ? 6 : 8) else { throw .malformed(.heic, reason: "the pitm box is too short") }
        return version == 0 ? ImageBytes.uint16(bytes, at: box.contentStart + 4) : ImageBytes.uint32(bytes, at: box.contentStart + 4)
    }

    /// Walks one `ipma` box for `item`'s associations and returns the size of the first associated
    /// `ispe`. Every read is bounds-checked against the box; the declared entry count only bounds
    /// the loop, it never sizes an allocation.
    private static func primarySize(
        _ bytes: [UInt8], _ box: Box, item: Int, sizes: [Int: (Int, Int)]
    ) throws(ImageValidationError) -> (Int, Int)? {
        let short = ImageValidationError.malformed(.heic, reason: "the ipma box at byte \(box.start) is shorter than its entries")
        guard box.end - box.contentStart >= 8 else { throw short }
        let version = bytes[box.contentStart]
        let wideIndices = bytes[box.contentStart + 3] & 1 == 1
        let entryCount = ImageBytes.uint32(bytes, at: box.contentStart + 4)
        let idSize = version == 0 ? 2 : 4
        let indexSize = wideIndices ? 2 : 1
        var offset = box.contentStart + 8
        for _ in 0..<entryCount {
            guard box.end - offset >= idSize + 1 else { throw short }
            let id = idSize == 2 ? ImageBytes.uint16(bytes, at: offset) : ImageBytes.uint32(bytes, at: offset)
            let associationCount = Int(bytes[offset + idSize])
            offset += idSize + 1
            guard box.end - offset >= associationCount * indexSize else { throw short }
            if id == item {
                for n in 0..<associationCount {
                    let at = offset + n * indexSize
                    // The top bit marks "essential"; the rest is a 1-based ipco index (0 = none).
                    let index = wideIndices ? ImageBytes.uint16(bytes, at: at) & 0x7FFF : Int(bytes[at] & 0x7F)
                    if index > 0, let size = sizes[index - 1] { return size }
                }
            }
            offset += associationCount * indexSize
        }
        return nil
    }

    /// Checks that every `iloc` extent stored in this file (construction method 0) or in the `meta`
    /// box's `idat` (method 1) lies inside it. Extents in other files (a non-zero data reference)
    /// or in other items (method 2) are not followed. The counts in `iloc` only bound loops whose
    /// every read is checked against the box, so they never size an allocation.
    private static func checkItemLocations(_ bytes: [UInt8], metaChildren: [Box]) throws(ImageValidationError) {
        guard let box = metaChildren.first(where: { $0.type == "iloc" }) else { return }
        let itemData = metaChildren.first(where: { $0.type == "idat" })
        var reader = FieldReader(bytes: bytes, offset: box.contentStart, end: box.end)
        let version = try reader.read(1)
        _ = try reader.read(3)  // flags
        let sizes = try reader.read(2)
        let offsetSize = sizes >> 12
        let lengthSize = sizes >> 8 & 0xF
        let baseOffsetSize = sizes >> 4 & 0xF
        let indexSize = version == 0 ? 0 : sizes & 0xF
        guard version <= 2, [offsetSize, lengthSize, baseOffsetSize, indexSize].allSatisfy([0, 4, 8].contains) else {
            throw .malformed(.heic, reason: "the iloc box has version \(version) or field sizes that do not exist")
        }
        let itemCount = try reader.read(version < 2 ? 2 : 4)
        for _ in 0..<itemCount {
            let itemID = try reader.read(version < 2 ? 2 : 4)
            let method = version == 0 ? 0 : try reader.read(2) & 0xF
            let dataReference = try reader.read(2)
            let baseOffset = try reader.read(baseOffsetSize)
            let extentCount = try reader.read(2)
            for _ in 0..<extentCount {
                _ = try reader.read(indexSize)
                let extentOffset = try reader.read(offsetSize)
                let extentLength = try reader.read(lengthSize)
                guard dataReference == 0 else { continue }
                let container: Range<Int>
                switch method {
                case 0: container = 0..<bytes.count
                case 1:
                    guard let itemData else {
                        throw .malformed(.heic, reason: "item \(itemID) is stored in an idat box the file does not have")
                    }
                    container = itemData.contentStart..<itemData.end
                default: continue
                }
                // Offsets count from the container's start; an extent length of 0 means "to the
                // container's end", which the same check covers.
                let (start, startOverflow) = baseOffset.addingReportingOverflow(extentOffset)
                let (end, endOverflow) = start.addingReportingOverflow(extentLength)
                guard !startOverflow, !endOverflow, end <= container.count else {
                    throw .malformed(.heic, reason: "item \(itemID)'s data lies outside the file")
                }
            }
        }
    }

    /// Big-endian unsigned fields of 0, 1, 2, 3, 4 or 8 bytes inside one box.
    private struct FieldReader {
        let bytes: [UInt8]
        var offset: Int
        let end: Int

        mutating func read(_ size: Int) throws(ImageValidationError) -> Int {
            guard end - offset >= size else {
                throw .malformed(.heic, reason: "a box at byte \(offset) is shorter than its fields")
            }
            var value: UInt64 = 0
            for byte in bytes[offset..<offset + size] { value = value << 8 | UInt64(byte) }
            offset += size
            // Offsets past Int.max cannot lie inside any file; clamp so the caller's bounds check fails.
            return value > UInt64(Int.max) ? Int.max : Int(value)
        }
    }
}
