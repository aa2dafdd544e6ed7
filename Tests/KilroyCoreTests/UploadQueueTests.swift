import Foundation
import Geo
import KilroyCore
import TestSupport
import Testing
import Validation

@Suite("UploadQueue: offline-first uploads with back-off")
struct UploadQueueTests {
    let folder = temporaryStoreFolder()
    let clock = TestClock(Date(timeIntervalSince1970: 1_780_000_000))
    let origin = coordinate(-33.8688, 151.2093)

    private func services() throws -> KilroyServices {
        try KilroyServices(directory: folder, now: clock.function)
    }

    private func drop(_ services: KilroyServices, comment: String? = nil) async throws -> DroppedMemory {
        try await services.memories.drop(
            DropDraft(
                latitude: origin.latitude, longitude: origin.longitude, imageData: TestImages.jpeg(), comment: comment
            ))
    }

    @Test("a drop is stored and queued at once; sync uploads the photo, then the record, and forgets the item")
    func dropThenSync() async throws {
        let env = try services()
        let memory = try await drop(env, comment: "hello")
        #expect(memory.capturedAt == clock.now)
        #expect(try await env.queue.state(of: memory.id) == .pending)
        let cloud = FakeCloud()
        let report = try await env.queue.sync(using: cloud)
        #expect(report == SyncReport(uploaded: 1, deleted: 0, failed: 0, pending: 0, nextAttemptAt: nil, errors: []))
        #expect(
            await cloud.calls == [
                .uploadImage(TestImages.jpeg().count),
                .createKilroy(memory.id.uuidString.lowercased(), imageID: "bafkrei-\(TestImages.jpeg().count)"),
            ])
        #expect(try await env.queue.items().isEmpty)
        #expect(try await env.queue.state(of: memory.id) == .uploaded)
        // Nothing left to do: a second sync sends nothing.
        #expect(try await env.queue.sync(using: cloud).uploaded == 0)
        #expect(await cloud.calls.count == 2)
    }

    @Test("with the server down nothing is lost: the item waits with exponential back-off and survives a restart")
    func serverDownBacksOff() async throws {
        let env = try services()
        let memory = try await drop(env)
        let cloud = FakeCloud()
        await cloud.failUploads([
            .unreachable(url: "http://cloud", reason: "connection refused"), .serverFailure(status: 503, message: "busy"),
            .rateLimited(message: "slow down", retryAfterSeconds: 600),
        ])
        let first = try await env.queue.sync(using: cloud)
        #expect(first.uploaded == 0 && first.pending == 1 && first.failed == 0)
        #expect(first.nextAttemptAt == clock.now + 30)
        #expect(first.errors.count == 1)

        // A new process (fresh services over the same folder) sees the same queue.
        let restarted = try services()
        let item = try #require(try await restarted.queue.items().first)
        #expect(item.memoryID == memory.id && item.attempts == 1 && item.state == .pending)
        #expect(item.lastError?.contains("connection refused") == true)

        // Not due yet: nothing is sent.
        clock.advance(by: 29)
        #expect(try await restarted.queue.sync(using: cloud).pending == 1)
        #expect(await cloud.calls.count == 1)
        clock.advance(by: 1)
        let second = try await restarted.queue.sync(using: cloud)
        #expect(second.nextAttemptAt == clock.now + 60)  // 5xx: doubled
        clock.advance(by: 60)
        let third = try await restarted.queue.sync(using: cloud)
        #expect(third.nextAttemptAt == clock.now + 600)  // 429: Retry-After beats the 120 s back-off
        clock.advance(by: 600)
        let fourth = try await restarted.queue.sync(using: cloud)
        #expect(fourth.uploaded == 1 && fourth.pending == 0)
        #expect(try await restarted.queue.state(of: memory.id) == .uploaded)
    }

    @Test("a permanent 4xx marks the item failed with the server's reason and stops retrying it")
    func permanentRejectionFails() async throws {
        let env = try services()
        let refused = try await drop(env)
        let fine = try await drop(env)
        let cloud = FakeCloud()
        await cloud.failCreates([.badRequest(code: "invalid_comment", message: "comment: at most 500 characters", field: "comment")])
        let report = try await env.queue.sync(using: cloud)
        #expect(report.uploaded == 1 && report.failed == 1 && report.pending == 0)
        #expect(report.errors == ["The Kilroy cloud rejected the request (comment): comment: at most 500 characters"])
        guard case .failed(let reason) = try await env.queue.state(of: refused.id) else {
            Issue.record("expected a failed state")
            return
        }
        #expect(reason.contains("at most 500 characters"))
        #expect(try await env.queue.state(of: fine.id) == .uploaded)
        clock.advance(by: 86_400)
        let callsBefore = await cloud.calls.count
        _ = try await env.queue.sync(using: cloud)
        #expect(await cloud.calls.count == callsBefore)
        // Asked to, it tries again.
        #expect(try await env.queue.retryFailed() == 1)
        #expect(try await env.queue.sync(using: cloud).uploaded == 1)
    }

    @Test("after a transport failure the rest of the queue waits for the next run without losing attempts")
    func unreachableStopsTheRun() async throws {
        let env = try services()
        _ = try await drop(env)
        _ = try await drop(env)
        let cloud = FakeCloud()
        await cloud.failUploads([.unreachable(url: "http://cloud", reason: "timed out")])
        let report = try await env.queue.sync(using: cloud)
        #expect(report.pending == 2)
        #expect(try await env.queue.items().map(\.attempts) == [1, 0])
        #expect(await cloud.calls.count == 1)
    }

    @Test("deleting an uploaded memory queues a cloud delete; a 404 there counts as done")
    func deleteQueuesCloudDelete() async throws {
        let env = try services()
        let uploaded = try await drop(env)
        let cloud = FakeCloud()
        _ = try await env.queue.sync(using: cloud)
        let local = try await drop(env)

        let (_, queuedForUploaded) = try await env.memories.delete(uploaded.id.uuidString)
        #expect(queuedForUploaded)
        // Never tried: the upload is simply withdrawn, nothing to delete remotely.
        let (_, queuedForLocal) = try await env.memories.delete(local.id.uuidString.lowercased())
        #expect(!queuedForLocal)
        #expect(try await env.queue.items().map(\.operation) == [.delete])

        await cloud.failDeletes([.serverFailure(status: 500, message: "oops")])
        #expect(try await env.queue.sync(using: cloud).pending == 1)
        clock.advance(by: 30)
        let report = try await env.queue.sync(using: cloud)
        #expect(report.deleted == 1 && report.pending == 0)
        #expect(await cloud.calls.suffix(2) == [.delete(uploaded.id.uuidString.lowercased()), .delete(uploaded.id.uuidString.lowercased())])
        #expect(try await env.queue.state(of: uploaded.id) == .localOnly)
        #expect(try await env.store.all().isEmpty)
    }

    @Test("a memory whose upload was attempted may exist remotely, so deleting it queues a delete too")
    func attemptedUploadIsDeletedRemotely() async throws {
        let env = try services()
        let memory = try await drop(env)
        let cloud = FakeCloud()
        await cloud.failCreates([.unreachable(url: "http://cloud", reason: "timed out after the request was sent")])
        _ = try await env.queue.sync(using: cloud)
        let (_, queued) = try await env.memories.delete(memory.id.uuidString)
        #expect(queued)
        clock.advance(by: 30)
        let report = try await env.queue.sync(using: cloud)
        // The fake never stored it, so the server says 404: done all the same.
        #expect(report.deleted == 1 && report.pending == 0 && report.errors.isEmpty)
    }

    @Test("an invalid drop writes neither the memory nor a queue entry")
    func invalidDropWritesNothing() async throws {
        let env = try services()
        let cases: [(DropDraft, KilroyStoreError)] = [
            (DropDraft(latitude: 95, longitude: 0, imageData: TestImages.jpeg()), .invalidField(FieldIssue("lat", "must be between -90 and 90"))),
            (DropDraft(latitude: 0, longitude: -200, imageData: TestImages.jpeg()), .invalidField(FieldIssue("lon", "must be between -180 and 180"))),
            (
                DropDraft(latitude: 0, longitude: 0, imageData: TestImages.text),
                .invalidField(FieldIssue("image", "is not a JPEG, PNG or HEIC photo"))
            ),
            (
                DropDraft(latitude: 0, longitude: 0, imageData: TestImages.jpeg(), comment: String(repeating: "x", count: 501)),
                .invalidField(FieldIssue("comment", "must be at most 500 characters"))
            ),
        ]
        for (draft, expected) in cases {
            await #expect(throws: expected) { try await env.memories.drop(draft) }
        }
        #expect(try await env.store.all().isEmpty)
        #expect(try await env.queue.items().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("upload-queue.json").path))
    }

    @Test("a queue entry whose memory is gone is dropped at the next sync")
    func orphanEntryIsDropped() async throws {
        let env = try services()
        try await env.queue.enqueueUpload(UUID())
        let report = try await env.queue.sync(using: FakeCloud())
        #expect(report == SyncReport())
        #expect(try await env.queue.items().isEmpty)
    }
}
