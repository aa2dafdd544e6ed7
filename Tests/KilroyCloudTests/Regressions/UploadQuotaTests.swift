import Foundation
import HTTPTypes
import HummingbirdTesting
import KilroyAPI
import ServerKit
import Storage
import TestSupport
import Testing

@testable import KilroyCloud

/// Issue 13: the upload limit was an in-memory bucket per client-chosen id, so new ids (or a
/// restart, or a second server process) reset it. The quota now belongs to the credential and
/// is decided by the database, so it holds across processes sharing one store.
@Suite("Regression: upload quotas are per credential and kept in the database")
struct UploadQuotaTests {
    @Test("count quota: the third new image in the window is a 429 with Retry-After; another credential is unaffected")
    func countQuota() async throws {
        let quota = UploadQuota(maximumCount: 2, maximumBytes: 1 << 30, window: 3_600)
        let harness = try KilroyCloudHarness(configuration: .init(uploadRateLimit: nil, uploadQuota: quota))
        try await harness.run { client async throws in
            #expect(try await client.upload(SampleImages.png(1)).status == .created)
            harness.clock.advance(by: 600)
            #expect(try await client.upload(SampleImages.png(2)).status == .created)
            // The same bytes again take no new space and do not count.
            #expect(try await client.upload(SampleImages.png(1)).status == .ok)
            let refused = try await client.upload(SampleImages.png(3))
            #expect(refused.status == .tooManyRequests)
            #expect(refused.error?.code == "upload_quota_exceeded")
            #expect(refused.headers[.retryAfter] == "3000")
            #expect(!harness.blobs.contains(BlobStore.cid(for: SampleImages.png(3))))
            #expect(try await client.upload(SampleImages.png(3), device: Devices.bob).status == .created)
            harness.clock.advance(by: 3_000)
            #expect(try await client.upload(SampleImages.png(4)).status == .created)
        }
    }

    @Test("byte quota: an image that would pass the window's bytes is refused")
    func byteQuota() async throws {
        let small = SampleImages.jpeg(1, size: 600)
        let quota = UploadQuota(maximumCount: 100, maximumBytes: 1_000, window: 86_400)
        let harness = try KilroyCloudHarness(configuration: .init(uploadRateLimit: nil, uploadQuota: quota))
        try await harness.run { client async throws in
            #expect(try await client.upload(small).status == .created)
            let refused = try await client.upload(SampleImages.jpeg(2, size: 600))
            #expect(refused.status == .tooManyRequests)
            #expect(refused.error?.message.contains("per 24 h") == true)
        }
    }

    @Test("two server processes on one database share the quota; a restart does not reset it")
    func sharedAcrossProcesses() async throws {
        let folder = ScratchFolder.url("kilroy-quota")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("kilroy.sqlite")
        let quota = UploadQuota(maximumCount: 3, maximumBytes: 1 << 30, window: 86_400)
        let configuration = KilroyCloudConfiguration(uploadRateLimit: nil, uploadQuota: quota)
        let first = try KilroyCloudHarness(configuration: configuration, store: try SQLiteKilroyStore.open(at: url))
        let second = try KilroyCloudHarness(configuration: configuration, store: try SQLiteKilroyStore.open(at: url))
        try await first.run { client async throws in
            #expect(try await client.upload(SampleImages.png(1)).status == .created)
            #expect(try await client.upload(SampleImages.png(2)).status == .created)
        }
        try await second.run { client async throws in
            #expect(try await client.upload(SampleImages.png(3)).status == .created)
            #expect(try await client.upload(SampleImages.png(4)).status == .tooManyRequests)
        }
        let restarted = try KilroyCloudHarness(configuration: configuration, store: try SQLiteKilroyStore.open(at: url))
        try await restarted.run { client async throws in
            #expect(try await client.upload(SampleImages.png(5)).status == .tooManyRequests)
        }
    }

    @Test("concurrent reservations never let more uploads through than the quota")
    func concurrentReservations() async throws {
        let store = try SQLiteKilroyStore.inMemory()
        let owner = Devices.digest(Devices.alice)
        let quota = UploadQuota(maximumCount: 5, maximumBytes: 1 << 30, window: 60)
        let now = Date(timeIntervalSince1970: 1_000)
        let allowed = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<40 {
                group.addTask { try await store.reserveUpload(owner: owner, byteCount: 10, at: now, quota: quota) == .allowed }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(allowed == 5)
    }
}
