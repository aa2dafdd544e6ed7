import Foundation
import Storage
import Testing

/// Images from a real encoder (Pillow), so the rules are not only checked against our own builders.
@Suite("Validating images written by a real encoder")
struct ImageValidationRealFilesTests {
    private static let samples: [(name: String, bytes: [UInt8], info: ImageInfo)] = [
        ("baseline JPEG", RealImageFixtures.baselineJPEG, ImageInfo(format: .jpeg, width: 13, height: 7)),
        ("progressive JPEG", RealImageFixtures.progressiveJPEG, ImageInfo(format: .jpeg, width: 13, height: 7)),
        ("RGB PNG", RealImageFixtures.rgbPNG, ImageInfo(format: .png, width: 13, height: 7)),
        ("palette PNG", RealImageFixtures.palettePNG, ImageInfo(format: .png, width: 13, height: 7)),
        ("grey + alpha PNG", RealImageFixtures.greyAlphaPNG, ImageInfo(format: .png, width: 5, height: 9)),
    ]

    @Test(arguments: samples)
    func isAcceptedWithItsSize(_ sample: (name: String, bytes: [UInt8], info: ImageInfo)) throws {
        #expect(try ImageFormat.validate(sample.bytes, maxBytes: ImageFormat.defaultMaxBytes) == sample.info, "\(sample.name)")
    }

    @Test(arguments: samples)
    func everyProperPrefixIsRefused(_ sample: (name: String, bytes: [UInt8], info: ImageInfo)) {
        for length in 0..<sample.bytes.count {
            #expect(throws: ImageValidationError.self, "\(sample.name) cut to \(length) bytes") {
                try ImageFormat.validate(Array(sample.bytes.prefix(length)), maxBytes: ImageFormat.defaultMaxBytes)
            }
        }
    }
}
