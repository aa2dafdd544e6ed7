import Foundation
import Storage
import Testing

@Suite("Recognising photos by their magic bytes")
struct ImageFormatTests {
    private static func ftyp(major: String, compatible: [String]) -> [UInt8] {
        let size = 16 + 4 * compatible.count
        var box: [UInt8] = [0, 0, UInt8(size >> 8), UInt8(size & 0xFF)]
        box += Array("ftyp".utf8) + Array(major.utf8) + [0, 0, 0, 0]
        for brand in compatible { box += Array(brand.utf8) }
        return box + [0, 0, 0, 8] + Array("meta".utf8)
    }

    @Test func jpegStartsWithStartOfImageMarker() {
        #expect(ImageFormat.detect([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]) == .jpeg)
    }

    @Test func pngNeedsItsWholeSignature() {
        #expect(ImageFormat.detect([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]) == .png)
        #expect(ImageFormat.detect([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A]) == nil)
    }

    @Test func heicIsRecognisedByMajorBrand() {
        #expect(ImageFormat.detect(Self.ftyp(major: "heic", compatible: ["mif1", "heic"])) == .heic)
    }

    @Test func genericHEIFCountsOnlyWithAnHEVCCompatibleBrand() {
        #expect(ImageFormat.detect(Self.ftyp(major: "mif1", compatible: ["mif1", "heic"])) == .heic)
        #expect(ImageFormat.detect(Self.ftyp(major: "mif1", compatible: ["mif1", "avif"])) == nil)
    }

    @Test func avifAndOtherISOMediaAreRejected() {
        #expect(ImageFormat.detect(Self.ftyp(major: "avif", compatible: ["mif1"])) == nil)
        #expect(ImageFormat.detect(Self.ftyp(major: "isom", compatible: ["mp41"])) == nil)
    }

    @Test(arguments: [
        [UInt8](),
        [0xFF, 0xD8],
        Array("GIF89a".utf8),
        Array("%PDF-1.7".utf8),
        Array("hello, world".utf8),
    ])
    func otherBytesAreNotImages(_ bytes: [UInt8]) {
        #expect(ImageFormat.detect(bytes) == nil)
    }

    @Test func randomBytesNeverTrapAndRarelyMatch() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var matches = 0
        for length in 0..<20_000 {
            var bytes = [UInt8]()
            for _ in 0..<(length % 48) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(UInt8(truncatingIfNeeded: state >> 56))
            }
            if ImageFormat.detect(bytes) != nil { matches += 1 }
        }
        #expect(matches < 10)
    }

    @Test func mediaTypesAndExtensionsAreTheUsualOnes() {
        #expect(ImageFormat.allCases.map(\.mediaType) == ["image/jpeg", "image/png", "image/heic"])
        #expect(ImageFormat.allCases.map(\.fileExtension) == ["jpg", "png", "heic"])
    }
}
