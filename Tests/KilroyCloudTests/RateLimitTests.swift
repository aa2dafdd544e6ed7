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

    @Test("a bucket refills at its rate up to its burst, and a clock going backwards refills nothing")
    func tokenBucket() async {
        let limiter = TokenBucketLimiter(limit: RateLimit(burst: 3, perMinute: 60))
        let start = Date(timeIntervalSince1970: 1_000)
        for _ in 0..<3 { #expect(await limiter.acquire("d", now: start) == .allowed) }
        #expect(await limiter.acquire("d", now: start) == .limited(retryAfterSeconds: 1))
        #expect(await limiter.acquire("d", now: start.addingTimeInterval(-100)) == .limited(retryAfterSeconds: 1))
        #expect(await limiter.acquire("d", now: start.addingTimeInterval(1)) == .allowed)
        // A long pause refills to the burst, never beyond.
        let later = start.addingTimeInterval(3_600)
        for _ in 0..<3 { #expect(await limiter.acquire("d", now: later) == .allowed) }
        #expect(await limiter.acquire("d", now: later) != .allowed)
    }

    @Test("buckets of idle devices are forgotten once there are many")
    func pruning() async {
        let limiter = TokenBucketLimiter(limit: RateLimit(burst: 1, perMinute: 60), pruneThreshold: 10)
        let start = Date(timeIntervalSince1970: 1_000)
        for device in 0..<10 { _ = await limiter.acquire("device-\(device)", now: start) }
        #expect(await limiter.bucketCount == 10)
        _ = await limiter.acquire("newcomer", now: start.addingTimeInterval(120))
        #expect(await limiter.bucketCount == 1)
    }
}

enum BlobStoreTestCID {
    static func of(_ data: Data) -> String { Storage.BlobStore.cid(for: data) }
}
