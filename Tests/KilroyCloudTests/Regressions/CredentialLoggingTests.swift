import Foundation
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import KilroyAPI
import Logging
import ServerKit
import Storage
import TestSupport
import Testing

@testable import KilroyCloud

/// Issue 13: the server logged the device id, a credential, at the default level. Nothing the
/// cloud logs, at any level, may now contain a credential, its digest or any device marker.
@Suite("Regression: the cloud never logs a device's credential or digest")
struct CredentialLoggingTests {
    @Test("creating, rate limiting, deleting, reporting and claiming log no credential at trace level")
    func nothingLogged() async throws {
        let events = InMemoryLogHandler(logLevel: .trace)
        let logger = Logger(label: "kilroy.cloud") { _ in events }
        let blobs = try BlobStore(
            directory: ScratchFolder.url("kilroy-logs"))
        defer { try? FileManager.default.removeItem(at: blobs.directory) }
        let service = KilroyCloudServer(
            store: try SQLiteKilroyStore.inMemory(), blobs: blobs,
            configuration: .init(dropRateLimit: RateLimit(burst: 1, perMinute: 1)), logger: logger)
        let router = Router()
        try service.register(on: router)
        try await Application(router: router, logger: logger).test(.router) { testClient in
            let client = KilroyClient(client: testClient)
            let drop = Components.Schemas.NewKilroy.sample(imageID: try await client.uploadedImageID())
            #expect(try await client.create(drop).status == .created)
            #expect(try await client.create(.sample(imageID: drop.imageId)).status == .tooManyRequests)
            try await client.dropElsewhere(device: Devices.bob)
            _ = try await client.report(drop.id, device: Devices.bob, reason: "spam")
            _ = try await client.claim("legacy-device-1", device: Devices.bob)
            _ = try await client.send(.get, "/kilroys/near?lat=1&lon=2", authorization: "Bearer \(Devices.carol)x")
            #expect(try await client.send(.delete, "/kilroys/\(drop.id)", device: Devices.alice).status == .noContent)
        }
        let logged = events.entries
        #expect(logged.contains { "\($0.message)" == "kilroy created" })
        let forbidden = [Devices.alice, Devices.bob, Devices.carol].flatMap(CredentialSecrecyTests.spellings(of:))
        for event in logged {
            let text = "\(event.message) \(event.metadata)"
            #expect(!text.lowercased().contains("device"), "\(text)")
            for spelling in forbidden {
                #expect(!text.contains(spelling), "\(text)")
            }
        }
    }
}
