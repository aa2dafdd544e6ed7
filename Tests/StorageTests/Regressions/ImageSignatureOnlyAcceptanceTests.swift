import Foundation
import Storage
import Testing

/// Issue 13: images were accepted when only their first bytes looked right, because acceptance
/// used `ImageFormat.detect`. Each case shows that the sniff still says "image" (so the old check
/// would have accepted it) and that `ImageFormat.validate` refuses it.
@Suite("Regression: images accepted on their signature alone (issue 13)")
struct ImageSignatureOnlyAcceptanceTests {
    @Test func pngSignatureFollowedByHTMLIsRefused() {
        let bytes = ImageSamples.pngSignature + Array("<!DOCTYPE html><html><body>gotcha</body></html>".utf8)
        #expect(ImageFormat.detect(bytes) == .png)
        #expect(throws: ImageValidationError.self) { try ImageFormat.validate(bytes, maxBytes: ImageFormat.defaultMaxBytes) }
    }

    @Test(arguments: [[UInt8]([0xFF, 0xD8, 0xFF, 0xE0]), ImageSamples.pngSignature])
    func twentyMegabytesOfRandomBytesBehindASignatureAreRefused(signature: [UInt8]) {
        var random = SeededGenerator(seed: 20)
        var bytes = signature
        bytes.reserveCapacity(20_000_000)
        while bytes.count < 20_000_000 {
            let word = random.next()
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> shift)) }
        }
        #expect(ImageFormat.detect(bytes) != nil)
        #expect(throws: ImageValidationError.tooLarge(maxBytes: ImageFormat.defaultMaxBytes)) {
            try ImageFormat.validate(bytes, maxBytes: ImageFormat.defaultMaxBytes)
        }
        // Under the cap, the structure check refuses it just the same.
        let small = Array(bytes.prefix(1_000_000))
        #expect(throws: ImageValidationError.self) { try ImageFormat.validate(small, maxBytes: ImageFormat.defaultMaxBytes) }
    }

    @Test func validBase64ThatIsNotAnImageIsRefused() throws {
        // What a vCard PHOTO;ENCODING=b could carry: well-formed base64 of plain text.
        let decoded = try #require(Data(base64Encoded: "SGVsbG8sIHRoaXMgaXMgbm90IGEgcGhvdG8u"))
        #expect(throws: ImageValidationError.notAnImage) { try ImageFormat.validate(decoded, maxBytes: ImageFormat.defaultMaxBytes) }
    }

    @Test func aPhotoCutShortIsRefused() {
        let jpeg = RealImageFixtures.baselineJPEG
        let cut = Array(jpeg.prefix(jpeg.count / 2))
        #expect(ImageFormat.detect(cut) == .jpeg)
        #expect(throws: ImageValidationError.truncated(.jpeg)) { try ImageFormat.validate(cut, maxBytes: ImageFormat.defaultMaxBytes) }
    }
}
