import Foundation
import ServerKit
import Testing
import UmiLogCloud

/// The sync store contract, part 4: sealed blobs' names, storage use and rate buckets, on every
/// backend.
@Suite("Sync store contract: blobs, storage use and rate limits")
struct SyncStoreContractBlobTests {
    @Test("a blob name keeps its first CID; sizes count toward the quota with sealed changes", arguments: SyncStoreBackend.available)
    func blobs(backend: SyncStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let alice = try await subject.account()
            let bob = try await subject.account()
            try await subject.push([Sync.change(size: 100)], to: alice)
            #expect(
                try await store.recordBlob(accountID: alice.id, name: "photo-1", cid: "bafy1", size: 400, at: Sync.epoch, quotaBytes: 1000)
                    == .created)
            #expect(
                try await store.recordBlob(accountID: alice.id, name: "photo-1", cid: "bafy2", size: 9, at: Sync.at(1), quotaBytes: 1000)
                    == .alreadyStored(cid: "bafy1"))
            #expect(
                try await store.recordBlob(accountID: alice.id, name: "photo-2", cid: "bafy3", size: 501, at: Sync.epoch, quotaBytes: 1000)
                    == .quotaExceeded)
            #expect(
                try await store.recordBlob(accountID: alice.id, name: "photo-2", cid: "bafy3", size: 500, at: Sync.epoch, quotaBytes: 1000)
                    == .created)
            #expect(try await store.usedBytes(accountID: alice.id) == 1000)
            #expect(try await store.blobCID(accountID: alice.id, name: "photo-1") == "bafy1")
            #expect(try await store.blobCID(accountID: alice.id, name: "photo-3") == nil)
            // Names are per account.
            #expect(try await store.blobCID(accountID: bob.id, name: "photo-1") == nil)
            #expect(
                try await store.recordBlob(accountID: bob.id, name: "photo-1", cid: "bafy9", size: 5, at: Sync.epoch, quotaBytes: 1000) == .created)
            #expect(try await store.usedBytes(accountID: bob.id) == 5)
            // Blobs use the same quota as changes.
            let outcome = try await store.append(
                [Sync.change(size: 1)], accountID: alice.id, deviceID: alice.device, at: Sync.epoch, quotaBytes: 1000)
            #expect(outcome == .quotaExceeded)
            await #expect(throws: SyncStoreError.noSuchAccount) {
                _ = try await store.recordBlob(accountID: UUID(), name: "x", cid: "bafy", size: 1, at: Sync.epoch, quotaBytes: 1000)
            }
        }
    }

    @Test("rate tokens: a burst, then limited with a retry-after, refilled with time, per key", arguments: SyncStoreBackend.available)
    func rateTokens(backend: SyncStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let limit = RateLimit(burst: 3, perMinute: 6)
            for _ in 0..<3 { #expect(try await store.takeRateToken(key: "pull:a", limit: limit, at: Sync.epoch) == .allowed) }
            #expect(try await store.takeRateToken(key: "pull:a", limit: limit, at: Sync.epoch) == .limited(retryAfterSeconds: 10))
            #expect(try await store.takeRateToken(key: "pull:a", limit: limit, at: Sync.at(4)) == .limited(retryAfterSeconds: 6))
            #expect(try await store.takeRateToken(key: "pull:b", limit: limit, at: Sync.epoch) == .allowed)
            // Long enough later the bucket is full again, never more than the burst.
            for _ in 0..<3 { #expect(try await store.takeRateToken(key: "pull:a", limit: limit, at: Sync.at(600)) == .allowed) }
            #expect(try await store.takeRateToken(key: "pull:a", limit: limit, at: Sync.at(600)) == .limited(retryAfterSeconds: 10))
        }
    }

    @Test("the store answers a health check and names its backend", arguments: SyncStoreBackend.available)
    func health(backend: SyncStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            try await subject.store.checkHealth()
            #expect(subject.store.backendName == backend.rawValue)
        }
    }
}
