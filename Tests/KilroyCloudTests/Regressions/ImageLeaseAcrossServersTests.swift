import Foundation
import HTTPTypes
import HummingbirdTesting
import Storage
import TestSupport
import Testing

@testable import KilroyCloud

/// Issue 15: an upload of some bytes and the deletion or collection of the same bytes were kept
/// apart by a lock in one process's memory, so on two app-servers a re-upload racing a collection
/// could leave a row without its blob. They now hold the image's lease in the store.
@Suite("Uploads and deletions of the same bytes wait for the image's lease in the store")
struct ImageLeaseAcrossServersTests {
    @Test("an upload waits while another server holds the image's lease, then completes")
    func uploadWaitsForLease() async throws {
        let harness = try KilroyCloudHarness()
        let bytes = SampleImages.jpeg(42)
        let id = BlobStore.cid(for: bytes)
        // Another server process is storing or removing these bytes.
        let now = harness.clock.now
        #expect(try await harness.store.acquireImageLease(id: id, holder: "other-server", at: now, until: now.addingTimeInterval(60)))
        try await harness.run { client in
            async let upload = client.upload(bytes)
            try await Task.sleep(for: .milliseconds(150))
            #expect(try await harness.store.image(id: id) == nil, "the upload went ahead while the lease was held")
            try await harness.store.releaseImageLease(id: id, holder: "other-server")
            #expect(try await upload.status == .created)
            #expect(try await harness.store.image(id: id) != nil)
        }
        // The upload gave its own lease back.
        #expect(try await harness.store.acquireImageLease(id: id, holder: "next", at: now, until: now.addingTimeInterval(60)))
    }
}
