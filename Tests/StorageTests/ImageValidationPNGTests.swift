import Foundation
import Storage
import Testing

@Suite("Validating PNG structure")
struct ImageValidationPNGTests {
    private static func validate(_ bytes: [UInt8]) throws(ImageValidationError) -> ImageInfo {
        try ImageFormat.validate(bytes, maxBytes: 1 << 20)
    }

    /// Asserts a `.malformed(.png, …)` whose reason mentions `fragment`.
    private static func expectMalformed(_ bytes: [UInt8], mentioning fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let info = try validate(bytes)
            Issue.record("accepted as \(info)", sourceLocation: sourceLocation)
        } catch {
            guard case .malformed(.png, let reason) = error else {
                Issue.record("expected malformed PNG, got \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(reason.contains(fragment), "\(reason)", sourceLocation: sourceLocation)
        }
    }

    private static func withIHDR(_ ihdr: [UInt8]) -> [UInt8] {
        var chunks = ImageSamples.pngChunks()
        chunks[0] = ImageSamples.pngChunk("IHDR", ihdr)
        return ImageSamples.png(chunks)
    }

    @Test func aValidPNGGivesItsSize() throws {
        #expect(try Self.validate(ImageSamples.png(width: 7, height: 5)) == ImageInfo(format: .png, width: 7, height: 5))
    }

    @Test func ancillaryChunksAndSeveralIDATsAreFine() throws {
        var chunks = ImageSamples.pngChunks()
        let idat = chunks[1]
        chunks.insert(ImageSamples.pngChunk("tEXt", Array("Comment\0hi".utf8)), at: 1)
        chunks.insert(ImageSamples.pngChunk("IDAT", []), at: 3)
        chunks.insert(ImageSamples.pngChunk("tIME", [0x07, 0xE8, 1, 2, 3, 4, 5]), at: 4)
        #expect(chunks[2] == idat)
        #expect(try Self.validate(ImageSamples.png(chunks)).width == 3)
    }

    @Test func indexedColourNeedsAPaletteBeforeTheData() throws {
        var chunks = ImageSamples.pngChunks()
        chunks[0] = ImageSamples.pngChunk("IHDR", ImageSamples.ihdrData(width: 3, height: 2, bitDepth: 8, colourType: 3))
        Self.expectMalformed(ImageSamples.png(chunks), mentioning: "PLTE")
        chunks.insert(ImageSamples.pngChunk("PLTE", [0, 0, 0, 255, 255, 255]), at: 1)
        #expect(try Self.validate(ImageSamples.png(chunks)).height == 2)
    }

    @Test func htmlAfterTheSignatureIsRefused() {
        let bytes = ImageSamples.pngSignature + Array("<html><script>alert(1)</script></html>".utf8)
        #expect(throws: ImageValidationError.self) { try Self.validate(bytes) }
        #expect(ImageFormat.detect(bytes) == .png)  // the sniff alone would have let it through
    }

    @Test func aWrongSignatureTailIsMalformed() {
        // CR LF rewritten to LF by a text-mode copy.
        let bytes = [0x89, 0x50, 0x4E, 0x47, 0x0A, 0x1A, 0x0A] + ImageSamples.png().dropFirst(8)
        Self.expectMalformed(Array(bytes), mentioning: "signature")
    }

    @Test func everyChunkCRCIsChecked() {
        for index in 0..<3 {
            var chunks = ImageSamples.pngChunks()
            chunks[index][chunks[index].count - 1] ^= 0x01
            Self.expectMalformed(ImageSamples.png(chunks), mentioning: "CRC")
        }
        var chunks = ImageSamples.pngChunks()
        chunks[1][10] ^= 0x40  // a data byte of IDAT, CRC left as it was
        Self.expectMalformed(ImageSamples.png(chunks), mentioning: "CRC")
    }

    @Test func aChunkLengthOver2To31IsRefusedWithoutAllocating() {
        var bytes = ImageSamples.png()
        bytes.replaceSubrange(33..<37, with: [0xFF, 0xFF, 0xFF, 0xF0])  // IDAT's length
        Self.expectMalformed(bytes, mentioning: "2^31")
    }

    @Test func aHugeButLegalDeclaredLengthIsTruncated() {
        var bytes = ImageSamples.png()
        bytes.replaceSubrange(33..<37, with: [0x7F, 0xFF, 0xFF, 0xFF])
        #expect(throws: ImageValidationError.truncated(.png)) { try Self.validate(bytes) }
    }

    @Test func chunkTypesMustBeLetters() {
        var chunks = ImageSamples.pngChunks()
        chunks.insert(ImageSamples.pngChunk("t3Xt", []), at: 1)
        Self.expectMalformed(ImageSamples.png(chunks), mentioning: "four ASCII letters")
    }

    @Test func theFirstChunkMustBeIHDR() {
        var chunks = ImageSamples.pngChunks()
        chunks.swapAt(0, 1)
        Self.expectMalformed(ImageSamples.png(chunks), mentioning: "first chunk")
    }

    @Test func ihdrMustBe13Bytes() {
        Self.expectMalformed(Self.withIHDR(ImageSamples.ihdrData(width: 3, height: 2) + [0]), mentioning: "length 14")
    }

    @Test(arguments: [(0, 2), (2, 0), (0x8000_0000, 2), (2, 0x8000_0000)])
    func dimensionsMustBe1To2To31Minus1(width: Int, height: Int) {
        Self.expectMalformed(Self.withIHDR(ImageSamples.ihdrData(width: width, height: height)), mentioning: "IHDR")
    }

    @Test func theLargestLegalDimensionsAreAccepted() throws {
        let info = try Self.validate(Self.withIHDR(ImageSamples.ihdrData(width: 0x7FFF_FFFF, height: 1)))
        #expect(info.width == 0x7FFF_FFFF)
    }

    @Test(arguments: [(UInt8(2), UInt8(4)), (0, 3), (3, 16), (4, 4), (6, 1), (1, 8), (5, 8), (7, 8)])
    func invalidBitDepthAndColourTypeCombinationsAreRefused(colourType: UInt8, bitDepth: UInt8) {
        Self.expectMalformed(
            Self.withIHDR(ImageSamples.ihdrData(width: 3, height: 2, bitDepth: bitDepth, colourType: colourType)),
            mentioning: "colour type"
        )
    }

    @Test(arguments: [(UInt8(0), UInt8(16)), (2, 16), (4, 8), (6, 16), (0, 1)])
    func validBitDepthAndColourTypeCombinationsAreAccepted(colourType: UInt8, bitDepth: UInt8) throws {
        let bytes = Self.withIHDR(ImageSamples.ihdrData(width: 3, height: 2, bitDepth: bitDepth, colourType: colourType))
        #expect(try Self.validate(bytes).format == .png)
    }

    @Test func compressionFilterAndInterlaceMethodsAreChecked() throws {
        Self.expectMalformed(Self.withIHDR(ImageSamples.ihdrData(width: 3, height: 2, compression: 1)), mentioning: "compression method")
        Self.expectMalformed(Self.withIHDR(ImageSamples.ihdrData(width: 3, height: 2, filter: 1)), mentioning: "filter method")
        Self.expectMalformed(Self.withIHDR(ImageSamples.ihdrData(width: 3, height: 2, interlace: 2)), mentioning: "interlace method")
        #expect(try Self.validate(Self.withIHDR(ImageSamples.ihdrData(width: 3, height: 2, interlace: 1))).width == 3)
    }

    @Test func atLeastOneIDATIsNeeded() {
        var chunks = ImageSamples.pngChunks()
        chunks.remove(at: 1)
        Self.expectMalformed(ImageSamples.png(chunks), mentioning: "IDAT")
    }

    @Test func idatChunksMustBeConsecutive() {
        var chunks = ImageSamples.pngChunks()
        chunks.insert(ImageSamples.pngChunk("tEXt", Array("a\0b".utf8)), at: 2)
        chunks.insert(ImageSamples.pngChunk("IDAT", []), at: 3)
        Self.expectMalformed(ImageSamples.png(chunks), mentioning: "IDAT")
    }

    @Test func iendMustHaveLengthZero() {
        var chunks = ImageSamples.pngChunks()
        chunks[2] = ImageSamples.pngChunk("IEND", [0])
        Self.expectMalformed(ImageSamples.png(chunks), mentioning: "IEND")
    }

    @Test func aMissingIENDIsTruncation() {
        var chunks = ImageSamples.pngChunks()
        chunks.removeLast()
        #expect(throws: ImageValidationError.truncated(.png)) { try Self.validate(ImageSamples.png(chunks)) }
    }

    @Test(arguments: [[UInt8(0)], Array("<html></html>".utf8), ImageSamples.pngChunk("tEXt", [])])
    func bytesAfterIENDAreRefused(trailer: [UInt8]) {
        Self.expectMalformed(ImageSamples.png() + trailer, mentioning: "follow the IEND")
    }

    @Test func aSecondIHDRIsRefused() {
        var chunks = ImageSamples.pngChunks()
        chunks.insert(chunks[0], at: 1)
        Self.expectMalformed(ImageSamples.png(chunks), mentioning: "second IHDR")
    }

    @Test func unknownCriticalChunksAreRefusedButAncillaryOnesSkipped() throws {
        var chunks = ImageSamples.pngChunks()
        chunks.insert(ImageSamples.pngChunk("ABCD", [1, 2, 3]), at: 1)
        Self.expectMalformed(ImageSamples.png(chunks), mentioning: "unknown critical chunk 'ABCD'")
        chunks[1] = ImageSamples.pngChunk("aBCD", [1, 2, 3])
        #expect(try Self.validate(ImageSamples.png(chunks)).width == 3)
    }

    @Test func paletteRulesFollowTheColourType() {
        let palette = ImageSamples.pngChunk("PLTE", [0, 0, 0])
        var grey = ImageSamples.pngChunks()
        grey[0] = ImageSamples.pngChunk("IHDR", ImageSamples.ihdrData(width: 3, height: 2, bitDepth: 8, colourType: 0))
        grey.insert(palette, at: 1)
        Self.expectMalformed(ImageSamples.png(grey), mentioning: "greyscale")

        var badLength = ImageSamples.pngChunks()
        badLength.insert(ImageSamples.pngChunk("PLTE", [0, 0, 0, 0]), at: 1)
        Self.expectMalformed(ImageSamples.png(badLength), mentioning: "PLTE length 4")

        var late = ImageSamples.pngChunks()
        late.insert(palette, at: 2)
        Self.expectMalformed(ImageSamples.png(late), mentioning: "follows the image data")
    }

    @Test func everyProperPrefixIsRefused() {
        let png = ImageSamples.png()
        for length in 0..<png.count {
            #expect(throws: ImageValidationError.self, "prefix of \(length) bytes") {
                try Self.validate(Array(png.prefix(length)))
            }
        }
    }
}
