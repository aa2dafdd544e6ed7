import Foundation
import HTTPTypes
import HummingbirdTesting
import KilroyAPI
import Storage
import Testing

@testable import KilroyCloud

/// Issue 13: an image was accepted when its first bytes looked right (a PNG signature then HTML
/// passed) and was served without `X-Content-Type-Options: nosniff`, so a browser could be made
/// to run it as a page.
@Suite("Regression: only whole images are stored, and they are served with nosniff")
struct ImageContentTests {
    static let pngThenHTML = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("<html><script>alert(1)</script></html>".utf8))

    @Test("a PNG signature followed by HTML, a cut-short PNG and a JPEG without its end are 415s; nothing is stored")
    func signaturesAreNotEnough() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let png = SampleImages.png()
            let jpeg = SampleImages.jpeg()
            for bytes in [Self.pngThenHTML, png.prefix(png.count - 5), jpeg.prefix(jpeg.count - 2), png + Data("<html>".utf8)] {
                let response = try await client.upload(Data(bytes), contentType: "image/png")
                #expect(response.status == .unsupportedMediaType, "\(bytes.count) bytes")
                #expect(["invalid_image", "unsupported_image"].contains(response.error?.code ?? ""))
                #expect(response.error?.field == "body")
            }
            #expect(try harness.blobs.allCIDs().isEmpty)
        }
    }

    @Test("every served image, and every JSON answer, says nosniff and the validated media type")
    func servedWithNoSniff() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            for (image, type) in [(SampleImages.png(), "image/png"), (SampleImages.jpeg(), "image/jpeg"), (SampleImages.heic(), "image/heic")] {
                let id = try await client.uploadedImageID(image)
                let served = try await client.send(.get, "/images/\(id)")
                #expect(served.status == .ok)
                #expect(served.headers[.xContentTypeOptions] == "nosniff")
                #expect(served.headers[.contentType] == type)
                #expect(served.data == image)
            }
            for response in [
                try await client.send(.get, "/images/not-a-cid"), try await client.near(lat: 1, lon: 2),
                try await client.send(.get, "/kilroys/near?lat=1&lon=2"),
            ] {
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
            }
        }
    }
}
