import Foundation
import KilroyCloud
import Testing

/// Image leases: one holder at a time per image, across every process sharing the database, until
/// it gives the lease back or the lease expires.
@Suite("Kilroy store contract: image leases")
struct KilroyStoreImageLeaseTests {
    static let image = Fixture.image().id

    @Test("one holder at a time; renewing is allowed; release frees it; expiry frees it", arguments: KilroyStoreBackend.available)
    func oneHolder(backend: KilroyStoreBackend) async throws {
        try await backend.withStore { sut async throws in
            let now = Fixture.epoch
            let later = now.addingTimeInterval(60)
            #expect(try await sut.store.acquireImageLease(id: Self.image, holder: "first", at: now, until: later))
            #expect(try await !sut.store.acquireImageLease(id: Self.image, holder: "second", at: now, until: later))
            #expect(try await sut.store.acquireImageLease(id: Self.image, holder: "first", at: now, until: later))
            // Another image is another lease.
            #expect(try await sut.store.acquireImageLease(id: "other", holder: "second", at: now, until: later))
            // Only the holder can give it back.
            try await sut.store.releaseImageLease(id: Self.image, holder: "second")
            #expect(try await !sut.store.acquireImageLease(id: Self.image, holder: "second", at: now, until: later))
            try await sut.store.releaseImageLease(id: Self.image, holder: "first")
            #expect(try await sut.store.acquireImageLease(id: Self.image, holder: "second", at: now, until: later))
            // A holder that never gives it back loses it when it expires.
            #expect(try await !sut.store.acquireImageLease(id: Self.image, holder: "third", at: later.addingTimeInterval(-1), until: later))
            #expect(try await sut.store.acquireImageLease(id: Self.image, holder: "third", at: later, until: later.addingTimeInterval(60)))
        }
    }

    @Test("20 concurrent takers through two stores: exactly one holds the lease", arguments: KilroyStoreBackend.available)
    func concurrentTakers(backend: KilroyStoreBackend) async throws {
        try await backend.withTwoStores { first, second async throws in
            let now = Fixture.epoch
            let granted = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<20 {
                    let store = index.isMultiple(of: 2) ? first.store : second.store
                    group.addTask {
                        try await store.acquireImageLease(id: Self.image, holder: "holder-\(index)", at: now, until: now.addingTimeInterval(60))
                    }
                }
                return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            #expect(granted == 1)
        }
    }
}
