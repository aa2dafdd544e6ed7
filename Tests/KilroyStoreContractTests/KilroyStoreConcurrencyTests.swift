import Foundation
import KilroyCloud
import ServerKit
import Testing

/// Decisions that must hold when several server processes share one database: each test runs
/// its requests concurrently through two stores that share only the database.
@Suite("Kilroy store contract: concurrency")
struct KilroyStoreConcurrencyTests {
    @Test("50 concurrent rate-token requests with burst 10 allow exactly 10", arguments: KilroyStoreBackend.available)
    func rateTokens(backend: KilroyStoreBackend) async throws {
        try await backend.withTwoStores { first, second async throws in
            let limit = RateLimit(burst: 10, perMinute: 0.001)
            let now = Fixture.epoch
            let decisions = try await withThrowingTaskGroup(of: RateDecision.self) { group in
                for index in 0..<50 {
                    let store = index.isMultiple(of: 2) ? first.store : second.store
                    group.addTask { try await store.takeRateToken(owner: Fixture.alice, action: .drop, limit: limit, at: now) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(decisions.filter { $0 == .allowed }.count == 10)
            #expect(decisions.count == 50)
        }
    }

    @Test("20 concurrent upload reservations with a quota of 5 allow exactly 5", arguments: KilroyStoreBackend.available)
    func uploadQuota(backend: KilroyStoreBackend) async throws {
        try await backend.withTwoStores { first, second async throws in
            let quota = UploadQuota(maximumCount: 5, maximumBytes: 1_000_000, window: 3_600)
            let allowed = try await withThrowingTaskGroup(of: UploadReservation.self) { group in
                for index in 0..<20 {
                    let store = index.isMultiple(of: 2) ? first.store : second.store
                    let date = Fixture.epoch.addingTimeInterval(Double(index))
                    group.addTask { try await store.reserveUpload(owner: Fixture.alice, byteCount: 10, at: date, quota: quota) }
                }
                return try await group.reduce(into: 0) { $0 += $1 == .allowed ? 1 : 0 }
            }
            #expect(allowed == 5)
        }
    }

    @Test(
        "concurrent creates of one kilroy: one is created, the others are replays, one drop counted",
        arguments: KilroyStoreBackend.available)
    func creates(backend: KilroyStoreBackend) async throws {
        try await backend.withTwoStores { first, second async throws in
            _ = try await first.store.insertImage(Fixture.image())
            let kilroy = Fixture.kilroy()
            let outcomes = try await withThrowingTaskGroup(of: KilroyCreation.self) { group in
                for index in 0..<10 {
                    let store = index.isMultiple(of: 2) ? first.store : second.store
                    group.addTask { try await store.createKilroy(kilroy) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 == .created(kilroy) }.count == 1)
            #expect(outcomes.filter { $0 == .replayed(kilroy) }.count == 9)
            #expect(try await second.store.dropCount(owner: Fixture.alice) == 1)
        }
    }

    @Test(
        "a kilroy created while its image is collected either keeps the image or finds it missing",
        arguments: KilroyStoreBackend.available)
    func createVersusCollection(backend: KilroyStoreBackend) async throws {
        try await backend.withTwoStores { first, second async throws in
            for round in 0..<10 {
                let image = Fixture.image("race-\(round)")
                _ = try await first.store.insertImage(image)
                let kilroy = Fixture.kilroy(image: image)
                async let created = first.store.createKilroy(kilroy)
                async let collected = second.store.deleteOrphanedImage(id: image.id, uploadedBefore: .distantFuture)
                let (creation, deleted) = try await (created, collected)
                // Exactly one of them happened, and a stored kilroy's image is always there.
                #expect((creation == .created(kilroy)) != deleted)
                if creation == .created(kilroy) { #expect(try await second.store.image(id: image.id) == image) }
            }
        }
    }
}
