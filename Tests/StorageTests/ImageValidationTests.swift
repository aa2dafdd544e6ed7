import Foundation
import Storage
import Testing

/// The size limit, format recognition and error messages of `ImageFormat.validate`.
@Suite("Validating images: limits and recognition")
struct ImageValidationTests {
    @Test func validSamplesOfEachFormatAreAccepted() throws {
        #expect(
            try ImageFormat.validate(ImageSamples.png(width: 3, height: 2), maxBytes: 1 << 20)
                == ImageInfo(format: .png, width: 3, height: 2))
        #expect(
            try ImageFormat.validate(ImageSamples.jpeg(width: 640, height: 480), maxBytes: 1 << 20)
                == ImageInfo(format: .jpeg, width: 640, height: 480))
        #expect(
            try ImageFormat.validate(ImageSamples.heic(), maxBytes: 1 << 20)
                == ImageInfo(format: .heic, width: 120, height: 80))
    }

    @Test func acceptsDataAndArraySlicesAsWellAsArrays() throws {
        let png = ImageSamples.png()
        #expect(try ImageFormat.validate(Data(png), maxBytes: 1 << 20).format == .png)
        let padded = [0xAA] + png + [0xBB]
        #expect(try ImageFormat.validate(padded[1..<padded.count - 1], maxBytes: 1 << 20).format == .png)
    }

    @Test func emptyDataIsRefused() {
        #expect(throws: ImageValidationError.empty) { try ImageFormat.validate([UInt8](), maxBytes: 100) }
    }

    @Test func theSizeLimitIsInclusive() throws {
        let png = ImageSamples.png()
        #expect(try ImageFormat.validate(png, maxBytes: png.count).format == .png)
        #expect(throws: ImageValidationError.tooLarge(maxBytes: png.count - 1)) {
            try ImageFormat.validate(png, maxBytes: png.count - 1)
        }
    }

    @Test func theDefaultLimitIs15MiBAndRefuses20MBWithAJPEGSignature() {
        #expect(ImageFormat.defaultMaxBytes == 15 * 1024 * 1024)
        let big = [UInt8](repeating: 0, count: 20_000_000)
        #expect(throws: ImageValidationError.tooLarge(maxBytes: ImageFormat.defaultMaxBytes)) {
            try ImageFormat.validate([0xFF, 0xD8, 0xFF, 0xE0] + big, maxBytes: ImageFormat.defaultMaxBytes)
        }
    }

    @Test(arguments: [
        Array("hello, world".utf8),
        Array("<!DOCTYPE html><html></html>".utf8),
        Array("%PDF-1.7\n".utf8),
        Array("BMW owners' club minutes".utf8),
        [0x89],
        [0xFF],
        [0x00, 0x00, 0x00],
    ])
    func otherBytesAreNotImages(_ bytes: [UInt8]) {
        #expect(throws: ImageValidationError.notAnImage) { try ImageFormat.validate(bytes, maxBytes: 1 << 20) }
    }

    @Test func mp4VideoIsNotAnImage() {
        let mp4 = ImageSamples.ftyp(major: "isom", compatible: ["isom", "mp41"]) + ImageSamples.box("mdat", [1, 2])
        #expect(throws: ImageValidationError.notAnImage) { try ImageFormat.validate(mp4, maxBytes: 1 << 20) }
    }

    private static let unsupportedSamples: [(bytes: [UInt8], name: String)] = {
        let gif89: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x3B]
        let gif87: [UInt8] = Array("GIF87a".utf8) + [1, 0, 1, 0]
        let webp: [UInt8] = Array("RIFF".utf8) + [20, 0, 0, 0] + Array("WEBPVP8 ".utf8)
        let tiffLittle: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]
        let tiffBig: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]
        let mdat = ImageSamples.box("mdat", [])
        let avif = ImageSamples.ftyp(major: "avif", compatible: ["mif1", "avif"]) + mdat
        let genericAVIF = ImageSamples.ftyp(major: "mif1", compatible: ["mif1", "avif"]) + mdat
        let genericHEIF = ImageSamples.ftyp(major: "mif1", compatible: ["mif1"]) + mdat
        let jxl: [UInt8] = [0xFF, 0x0A, 0xFA, 0x7F]
        let jxlContainer: [UInt8] = [0, 0, 0, 0x0C] + Array("JXL \r\n".utf8) + [0x87, 0x0A]
        let jpeg2000: [UInt8] = [0, 0, 0, 0x0C] + Array("jP  \r\n".utf8) + [0x87, 0x0A]
        let bmp: [UInt8] = Array("BM".utf8) + [30, 0, 0, 0] + Array(repeating: 0, count: 24)
        return [
            (gif89, "GIF"), (gif87, "GIF"), (webp, "WebP"), (tiffLittle, "TIFF"), (tiffBig, "TIFF"),
            (avif, "AVIF"), (genericAVIF, "AVIF"), (genericHEIF, "HEIF"),
            (jxl, "JPEG XL"), (jxlContainer, "JPEG XL"), (jpeg2000, "JPEG 2000"), (bmp, "BMP"),
        ]
    }()

    @Test(arguments: unsupportedSamples)
    func otherImageFormatsAreNamedAsUnsupported(_ bytes: [UInt8], name: String) {
        #expect(throws: ImageValidationError.unsupported(formatName: name)) { try ImageFormat.validate(bytes, maxBytes: 1 << 20) }
    }

    @Test func messagesSayWhatIsWrongAndWhatToDo() {
        #expect(ImageValidationError.empty.localizedDescription.contains("empty"))
        let tooLarge = ImageValidationError.tooLarge(maxBytes: 15 << 20).localizedDescription
        #expect(tooLarge.contains("15 MiB"))
        #expect(ImageValidationError.tooLarge(maxBytes: 1000).localizedDescription.contains("1000 bytes"))
        #expect(ImageValidationError.notAnImage.localizedDescription.contains("JPEG, PNG and HEIC"))
        #expect(ImageValidationError.unsupported(formatName: "GIF").localizedDescription.contains("GIF image"))
        #expect(ImageValidationError.truncated(.heic).localizedDescription.contains("HEIC image ends early"))
        let malformed = ImageValidationError.malformed(.png, reason: "chunk 'IDAT' at byte 33 fails its CRC check")
        #expect(malformed.localizedDescription.contains("PNG image"))
        #expect(malformed.localizedDescription.contains("chunk 'IDAT' at byte 33 fails its CRC check"))
    }

    @Test func hostileChunkTypesAreQuotedAsHexInMessages() throws {
        var chunks = ImageSamples.pngChunks()
        chunks.insert(ImageSamples.pngChunk("IHDR", []), at: 1)
        chunks[1].replaceSubrange(4..<8, with: [0x1B, 0x5B, 0x32, 0x4A])  // ESC [ 2 J
        let error = try #require(throws: ImageValidationError.self) {
            try ImageFormat.validate(ImageSamples.png(chunks), maxBytes: 1 << 20)
        }
        guard case .malformed(.png, let reason) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(reason.contains("0x1B5B324A"))
        #expect(!reason.contains("\u{1B}"))
    }
}
