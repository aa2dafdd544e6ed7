import Foundation
import HTTPTypes
import HummingbirdTesting
import KilroyAPI
import Logging
import Storage
import TestSupport
import Testing

@testable import KilroyCloud

/// Issue 13: an upload no kilroy used stayed forever, so anyone could fill the disk. Uploads that
/// no kilroy uses an hour after they came are collected (row and blob), at start-up and as
/// uploads come in.
@Suite("Regression: orphaned uploads are collected after their grace period")
struct OrphanedUploadTests {
    @Test("an unused upload goes after the grace period; one a kilroy uses stays")
    func collectsOnlyOrphans() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let orphan = try await client.uploadedImageID(SampleImages.png(1))
            let used = try await client.uploadedImageID(SampleImages.png(2))
            _ = try await client.create(.sample(imageID: used))

            harness.clock.advance(by: 3_599)
            #expect(await harness.service.collectOrphanedUploads() == 0)
            harness.clock.advance(by: 2)
            #expect(await harness.service.collectOrphanedUploads() == 1)
            #expect(!harness.blobs.contains(orphan))
            #expect(try await harness.store.image(id: orphan) == nil)
            #expect(try await client.send(.get, "/images/\(orphan)").status == .notFound)
            #expect(harness.blobs.contains(used))
            #expect(try await client.send(.get, "/images/\(used)").status == .ok)
        }
    }

    @Test("each upload collects expired orphans; uploading the same bytes again restarts their grace")
    func collectedOnUpload() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let first = try await client.uploadedImageID(SampleImages.png(1))
            let again = try await client.uploadedImageID(SampleImages.png(2))
            harness.clock.advance(by: 3_000)
            #expect(try await client.upload(SampleImages.png(2)).status == .ok)
            harness.clock.advance(by: 1_000)
            _ = try await client.uploadedImageID(SampleImages.png(3))
            #expect(!harness.blobs.contains(first))
            #expect(harness.blobs.contains(again))
            // Its kilroy can still be created with the image uploaded again.
            #expect(try await client.create(.sample(imageID: again)).status == .created)
        }
    }

    @Test("the server collects at start-up what accumulated while it was down")
    func collectedAtStartUp() async throws {
        let folder = ScratchFolder.url("kilroy-orphans")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = TestClock(Date(timeIntervalSince1970: 1_750_000_000))
        var configuration = KilroyCloudConfiguration()
        configuration.now = { clock.now }
        let service = try KilroyCloudServer.open(dataDirectory: folder, configuration: configuration, logger: .quiet)
        let harness = try KilroyCloudHarness(
            configuration: configuration, clock: clock,
            store: try SQLiteKilroyStore.open(at: folder.appendingPathComponent("kilroy.sqlite")))
        let ids = try await harness.run { client in
            var ids: [String] = []
            for seed in UInt8(1)...3 { ids.append(try await client.uploadedImageID(SampleImages.png(seed))) }
            return ids
        }
        clock.advance(by: 7_200)
        #expect(await service.collectOrphanedUploads() == 3)
        #expect(ids.allSatisfy { !harness.blobs.contains($0) })
    }
}
