import Foundation
import Storage
import Testing

@Suite("Validating JPEG structure")
struct ImageValidationJPEGTests {
    private typealias S = ImageSamples

    private static func validate(_ bytes: [UInt8]) throws(ImageValidationError) -> ImageInfo {
        try ImageFormat.validate(bytes, maxBytes: 1 << 20)
    }

    private static func expectMalformed(_ bytes: [UInt8], mentioning fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let info = try validate(bytes)
            Issue.record("accepted as \(info)", sourceLocation: sourceLocation)
        } catch {
            guard case .malformed(.jpeg, let reason) = error else {
                Issue.record("expected malformed JPEG, got \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(reason.contains(fragment), "\(reason)", sourceLocation: sourceLocation)
        }
    }

    /// The sample with part `index` (0 SOI, 1 APP0, 2 DQT, 3 SOF0, 4 DHT, 5 SOS + data, 6 EOI) replaced.
    private static func replacing(_ index: Int, with part: [UInt8]) -> [UInt8] {
        var parts = S.jpegParts()
        parts[index] = part
        return Array(parts.joined())
    }

    @Test func aValidJPEGGivesItsFrameSize() throws {
        #expect(try Self.validate(S.jpeg(width: 4032, height: 3024)) == ImageInfo(format: .jpeg, width: 4032, height: 3024))
    }

    @Test func fillBytesBeforeMarkersAreAllowed() throws {
        var parts = S.jpegParts()
        parts[3] = [0xFF, 0xFF] + parts[3]
        parts[6] = [0xFF, 0xFF, 0xFF] + parts[6]
        #expect(try Self.validate(Array(parts.joined())).width == 16)
    }

    @Test func progressiveScansWithTablesBetweenThemAreAccepted() throws {
        var parts = S.jpegParts()
        parts[3][1] = 0xC2  // SOF2, progressive
        parts.insert(S.jpegSegment(0xC4, [0x11] + [1] + Array(repeating: 0, count: 15) + [0]), at: 6)
        parts.insert(S.sos() + [0x01, 0x02], at: 7)
        #expect(try Self.validate(Array(parts.joined())).height == 8)
    }

    @Test func bytesAfterACompleteEOIAreAccepted() throws {
        // Cameras append MPF second images and vendor trailers after EOI.
        let trailer = S.jpeg(width: 2, height: 2) + Array("<html>trailer</html>".utf8)
        #expect(try Self.validate(S.jpeg() + trailer).width == 16)
    }

    @Test func htmlAfterTheSignatureIsRefused() {
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array("<html><body>hi</body></html>".utf8)
        #expect(ImageFormat.detect(bytes) == .jpeg)
        #expect(throws: ImageValidationError.self) { try Self.validate(bytes) }
    }

    @Test func aMissingEOIIsTruncation() {
        var parts = S.jpegParts()
        parts.removeLast()
        #expect(throws: ImageValidationError.truncated(.jpeg)) { try Self.validate(Array(parts.joined())) }
    }

    @Test func aMissingFrameHeaderIsMalformed() {
        var parts = S.jpegParts()
        parts.remove(at: 3)
        Self.expectMalformed(Array(parts.joined()), mentioning: "before the frame header")
    }

    @Test func eoiBeforeAnyScanIsMalformed() {
        var parts = S.jpegParts()
        parts.remove(at: 5)
        Self.expectMalformed(Array(parts.joined()), mentioning: "before any scan")
        Self.expectMalformed([0xFF, 0xD8, 0xFF, 0xD9], mentioning: "before any frame header")
    }

    @Test func aNonMarkerByteBetweenSegmentsIsMalformed() {
        var parts = S.jpegParts()
        parts.insert([0x00], at: 2)
        Self.expectMalformed(Array(parts.joined()), mentioning: "should start a marker")
    }

    @Test func segmentLengthsUnderTwoAreMalformed() {
        Self.expectMalformed(Self.replacing(1, with: [0xFF, 0xE0, 0x00, 0x01]), mentioning: "under 2")
    }

    @Test func aSegmentLongerThanTheFileIsTruncation() {
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF] + Array(repeating: 0x41, count: 100)
        #expect(throws: ImageValidationError.truncated(.jpeg)) { try Self.validate(bytes) }
    }

    @Test func frameHeightZeroIsRefused() {
        Self.expectMalformed(Self.replacing(3, with: S.sof0(width: 16, height: 0)), mentioning: "height is 0")
    }

    @Test func frameWidthZeroIsRefused() {
        Self.expectMalformed(Self.replacing(3, with: S.sof0(width: 0, height: 8)), mentioning: "width is 0")
    }

    @Test func baselinePrecisionMustBe8() {
        Self.expectMalformed(Self.replacing(3, with: S.sof0(width: 16, height: 8, precision: 12)), mentioning: "precision 12")
    }

    @Test func componentCountMustBe1To4AndMatchTheLength() {
        Self.expectMalformed(Self.replacing(3, with: S.sof0(width: 16, height: 8, components: [])), mentioning: "0 colour components")
        let five = (1...5).map { [UInt8($0), 0x11, 0] }
        Self.expectMalformed(Self.replacing(3, with: S.sof0(width: 16, height: 8, components: five)), mentioning: "5 colour components")
        var sof = S.sof0(width: 16, height: 8)
        sof[9] = 2  // claims two components, carries one
        Self.expectMalformed(Self.replacing(3, with: sof), mentioning: "does not match")
    }

    @Test func componentFieldsAreChecked() {
        Self.expectMalformed(
            Self.replacing(3, with: S.sof0(width: 16, height: 8, components: [[1, 0x11, 0], [1, 0x11, 0]])), mentioning: "repeats component 1")
        Self.expectMalformed(Self.replacing(3, with: S.sof0(width: 16, height: 8, components: [[1, 0x51, 0]])), mentioning: "sampling")
        Self.expectMalformed(Self.replacing(3, with: S.sof0(width: 16, height: 8, components: [[1, 0x11, 4]])), mentioning: "quantisation table 4")
    }

    @Test func aSecondFrameHeaderIsRefused() {
        var parts = S.jpegParts()
        parts.insert(S.sof0(width: 1, height: 1), at: 4)
        Self.expectMalformed(Array(parts.joined()), mentioning: "second frame header")
    }

    @Test func scanHeadersMustNameFrameComponentsAndMatchTheirLength() {
        Self.expectMalformed(Self.replacing(5, with: S.sos(components: [[2, 0x00]]) + S.entropyCodedData), mentioning: "component 2")
        Self.expectMalformed(Self.replacing(5, with: S.sos(components: []) + S.entropyCodedData), mentioning: "no 1 to 4 components")
        var sos = S.sos()
        sos[4] = 2
        Self.expectMalformed(Self.replacing(5, with: sos + S.entropyCodedData), mentioning: "has length")
    }

    @Test func tableSegmentsMustBeConsistent() {
        Self.expectMalformed(Self.replacing(2, with: S.jpegSegment(0xDB, [0x00] + Array(repeating: 1, count: 63))), mentioning: "DQT")
        Self.expectMalformed(Self.replacing(2, with: S.jpegSegment(0xDB, [0x24] + Array(repeating: 1, count: 64))), mentioning: "DQT")
        Self.expectMalformed(
            Self.replacing(4, with: S.jpegSegment(0xC4, [0x00] + [0, 3] + Array(repeating: 0, count: 14) + [1, 2])), mentioning: "DHT")
        Self.expectMalformed(Self.replacing(4, with: S.jpegSegment(0xC4, [0x20] + Array(repeating: 0, count: 16))), mentioning: "DHT")
        Self.expectMalformed(Self.replacing(4, with: S.jpegSegment(0xC4, [0x00] + Array(repeating: 255, count: 16))), mentioning: "over 256")
    }

    @Test func restartIntervalSegmentHasFixedLength() {
        var parts = S.jpegParts()
        parts.insert(S.jpegSegment(0xDD, [0, 4, 0]), at: 3)
        Self.expectMalformed(Array(parts.joined()), mentioning: "DRI")
    }

    @Test func strayMarkersOutsideScansAreRefused() {
        var parts = S.jpegParts()
        parts.insert([0xFF, 0xD8], at: 2)
        Self.expectMalformed(Array(parts.joined()), mentioning: "second SOI")
        parts[2] = [0xFF, 0xD3]
        Self.expectMalformed(Array(parts.joined()), mentioning: "restart marker")
        parts[2] = [0xFF, 0x00]
        Self.expectMalformed(Array(parts.joined()), mentioning: "stuffed")
        parts[2] = [0xFF, 0x50, 0x00, 0x02]
        Self.expectMalformed(Array(parts.joined()), mentioning: "reserved marker 50")
    }

    @Test func entropyDataRunningToTheEndIsTruncation() {
        let bytes = Array(S.jpegParts().dropLast().joined()) + [0x11, 0xFF, 0x00, 0xFF, 0xD1, 0xFF]
        #expect(throws: ImageValidationError.truncated(.jpeg)) { try Self.validate(bytes) }
    }

    @Test func everyProperPrefixIsRefused() {
        let jpeg = S.jpeg()
        for length in 0..<jpeg.count {
            #expect(throws: ImageValidationError.self, "prefix of \(length) bytes") {
                try Self.validate(Array(jpeg.prefix(length)))
            }
        }
    }
}
