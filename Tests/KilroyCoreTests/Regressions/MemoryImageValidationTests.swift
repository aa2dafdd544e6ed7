import Foundation
import Testing
import Validation

@testable import KilroyCore

/// Issue 13: a photo was accepted when its first bytes looked right, so `kilroy drop` kept (and
/// queued for upload) a PNG signature followed by HTML, or a photo cut short. The device now uses
/// the Storage kit's structural check, the same as the cloud.
@Suite("Regression: a memory's photo must be a whole image")
struct MemoryImageValidationTests {
    static let pngThenHTML = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("<html><body>hi</body></html>".utf8))

    @Test("a signature followed by anything else, or a cut-short photo, is refused naming the image; nothing is written")
    func onlyWholeImages() async throws {
        let folder = temporaryStoreFolder()
        let services = try KilroyServices(directory: folder)
        let jpeg = TestImages.jpeg()
        let cases: [(Data, String)] = [
            (Self.pngThenHTML, "image: is not a well-formed PNG"),
            (TestImages.png.prefix(TestImages.png.count - 4), "image: is a PNG that ends early"),
            (jpeg.prefix(jpeg.count - 2), "image: is a JPEG that ends early"),
            (Data("GIF89a".utf8) + Data(repeating: 0, count: 20), "image: is not a JPEG, PNG or HEIC photo"),
        ]
        for (bytes, message) in cases {
            await #expect {
                _ = try await services.memories.drop(DropDraft(latitude: 1, longitude: 2, imageData: Data(bytes)))
            } throws: { error in
                guard case KilroyStoreError.invalidField(let issue) = error, issue.field == "image" else { return false }
                return (error as? KilroyStoreError)?.errorDescription?.hasPrefix(message) == true
            }
        }
        #expect(try await services.store.all().isEmpty)
        #expect(try await services.queue.items().isEmpty)
        let images = folder.appendingPathComponent("MemoryImages")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: images.path))?.isEmpty ?? true)
        // The whole images are kept.
        for image in [TestImages.png, jpeg, TestImages.heic] {
            _ = try await services.memories.drop(DropDraft(latitude: 1, longitude: 2, imageData: image))
        }
        #expect(try await services.store.all().count == 3)
    }
}
