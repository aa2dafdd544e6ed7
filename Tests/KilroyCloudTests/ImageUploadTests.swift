import Foundation
import HTTPTypes
import HummingbirdTesting
import KilroyAPI
import Storage
import Testing

@testable import KilroyCloud

@Suite("Image upload and download")
struct ImageUploadTests {
    @Test("a new JPEG is stored (201) and the same bytes again change nothing (200, same id)")
    func uploadIsStoredOnceByContent() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let image = SampleImages.jpeg(7)
            let first = try await client.upload(image)
            #expect(first.status == .created)
            let stored = try first.decoded(Components.Schemas.StoredImage.self)
            #expect(stored.id == BlobStore.cid(for: image))
            #expect(stored.contentType == .imageJpeg)
            #expect(stored.byteCount == Int64(image.count))

            let again = try await client.upload(image, device: Devices.bob)
            #expect(again.status == .ok)
            #expect(try again.decoded(Components.Schemas.StoredImage.self) == stored)
            #expect(try harness.blobs.allCIDs() == [stored.id])
        }
    }

    @Test("PNG and HEIC are recognised by their bytes whatever the declared content type")
    func formatsComeFromMagicBytes() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let png = try await client.upload(SampleImages.png(), contentType: "image/jpeg")
            #expect(png.status == .created)
            #expect(try png.decoded(Components.Schemas.StoredImage.self).contentType == .imagePng)
            let heic = try await client.upload(SampleImages.heic(), contentType: "application/octet-stream")
            #expect(heic.status == .created)
            #expect(try heic.decoded(Components.Schemas.StoredImage.self).contentType == .imageHeic)
        }
    }

    @Test("a GIF is refused with 415 and nothing is stored")
    func otherFormatsAreRefused() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let response = try await client.upload(SampleImages.gif, contentType: "image/png")
            #expect(response.status == .unsupportedMediaType)
            #expect(response.error?.code == "unsupported_image")
            #expect(try harness.blobs.allCIDs().isEmpty)
        }
    }

    @Test("an image over the size limit is refused with 413 and nothing is stored")
    func tooLargeIsRefused() async throws {
        let harness = try KilroyCloudHarness(configuration: .init(maximumImageBytes: 1_000))
        try await harness.run { client in
            let response = try await client.upload(SampleImages.jpeg(size: 1_001))
            #expect(response.status == .contentTooLarge)
            #expect(response.error?.code == "image_too_large")
            #expect(response.error?.field == "body")
            #expect(try harness.blobs.allCIDs().isEmpty)
            // Exactly at the limit is fine.
            #expect(try await client.upload(SampleImages.jpeg(size: 1_000)).status == .created)
        }
    }

    @Test("an empty body is a 400 naming the body")
    func emptyBodyIsRefused() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let response = try await client.upload(Data())
            #expect(response.status == .badRequest)
            #expect(response.error?.field == "body")
        }
    }

    @Test("an upload without a credential, or with a malformed one, is a 401 naming the header")
    func credentialIsRequired() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let missing = try await client.send(.post, "/images", contentType: "image/jpeg", body: SampleImages.jpeg())
            #expect(missing.status == .unauthorized)
            #expect(missing.error?.code == "missing_credential")
            #expect(missing.error?.field == "Authorization")
            #expect(missing.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
            for bad in ["short", String(repeating: "a", count: 65), "has space in it", "emoji-😀-device"] {
                let response = try await client.upload(SampleImages.jpeg(), device: bad)
                #expect(response.status == .unauthorized, "\(bad)")
                #expect(response.error?.code == "invalid_credential", "\(bad)")
            }
            #expect(try harness.blobs.allCIDs().isEmpty)
        }
    }

    @Test("a stored image downloads with its bytes and media type; unknown and malformed ids are 404 and 400")
    func download() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let image = SampleImages.png(3)
            let id = try await client.uploadedImageID(image)
            let response = try await client.send(.get, "/images/\(id)")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "image/png")
            #expect(response.data == image)

            let unknown = try await client.send(.get, "/images/\(BlobStore.cid(for: Data("nothing".utf8)))")
            #expect(unknown.status == .notFound)
            #expect(unknown.error?.code == "image_not_found")
            let malformed = try await client.send(.get, "/images/not-a-cid")
            #expect(malformed.status == .badRequest)
            #expect(malformed.error?.field == "imageId")
        }
    }
}
