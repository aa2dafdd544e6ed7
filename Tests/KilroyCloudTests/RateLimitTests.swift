import Foundation
import HTTPTypes
import HummingbirdTesting
import KilroyAPI
import ServerKit
import Storage
import TestSupport
import Testing

@testable import KilroyCloud

@Suite("Per-device rate limits")
struct RateLimitTests {
    @Test("uploads beyond the burst are 429 with Retry-After until the bucket refills; other devices are unaffected")
    func uploadLimit() async throws {
        let limit = RateLimit(burst: 2, perMinute: 6)
        let harness = try KilroyCloudHarness(configuration: .init(uploadRateLimit: limit))
        try await harness.run { client in
            #expect(try await client.upload(SampleImages.jpeg(1)).status == .created)
            #expect(try await client.upload(SampleImages.jpeg(2)).status == .created)
            let limited = try await client.upload(SampleImages.jpeg(3))
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] == "10")
            #expect(limited.error?.code == "rate_limited")
            #expect(!harness.blobs.contains(BlobStoreTestCID.of(SampleImages.jpeg(3))))
            #expect(try await client.upload(SampleImages.jpeg(3), device: Devices.bob).status == .created)

            harness.clock.advance(by: 10)
            #expect(try await client.upload(SampleImages.jpeg(4)).status == .created)
            #expect(try await client.upload(SampleImages.jpeg(5)).status == .tooManyRequests)
        }
    }

    @Test("drops beyond the burst are 429 and nothing is written")
    func dropLimit() async throws {
        let harness = try KilroyCloudHarness(configuration: .init(dropRateLimit: RateLimit(burst: 1, perMinute: 1)))
        try await harness.run { client in
            let imageID = try await client.uploadedImageID()
            #expect(try await client.create(.sample(imageID: imageID)).status == .created)
            let second = Components.Schemas.NewKilroy.sample(imageID: imageID)
            let limited = try await client.create(second)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] == "60")
            #expect(try await harness.store.kilroy(id: second.id) == nil)
            #expect(try await harness.store.dropCount(owner: Devices.digest(Devices.alice)) == 1)
        }
    }

    @Test("a device's limit holds across two servers sharing one database, as two app-servers do")
    func limitAcrossServers() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("kilroy.sqlite")
        let configuration = KilroyCloudConfiguration(uploadRateLimit: RateLimit(burst: 3, perMinute: 1))
        let clock = TestClock(Date(timeIntervalSince1970: 1_750_000_000))
        let first = try KilroyCloudHarness(configuration: configuration, clock: clock, store: SQLiteKilroyStore.open(at: file))
        let second = try KilroyCloudHarness(configuration: configuration, clock: clock, store: SQLiteKilroyStore.open(at: file))
        let statuses = try await first.run { viaFirst in
            try await second.run { viaSecond in
                var statuses: [HTTPResponse.Status] = []
                for index in 0..<6 {
                    let client = index.isMultiple(of: 2) ? viaFirst : viaSecond
                    statuses.append(try await client.upload(SampleImages.jpeg(UInt8(index))).status)
                }
                return statuses
            }
        }
        #expect(statuses == [.created, .created, .created, .tooManyRequests, .tooManyRequests, .tooManyRequests])
    }
}

enum BlobStoreTestCID {
    static func of(_ data: Data) -> String { Storage.BlobStore.cid(for: data) }
}
