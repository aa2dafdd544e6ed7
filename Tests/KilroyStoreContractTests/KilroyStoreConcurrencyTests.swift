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

    @Test(
        "10 concurrent reports with threshold 5: five count, in turn, the fifth hides, the rest find nothing",
        arguments: KilroyStoreBackend.available)
    func reports(backend: KilroyStoreBackend) async throws {
        try await backend.withTwoStores { first, second async throws in
            _ = try await first.store.insertImage(Fixture.image())
            let target = Fixture.kilroy(owner: Fixture.alice)
            let reporters = (0..<10).map { Fixture.device("reporter-\($0)") }
            _ = try await first.createKilroys([target] + reporters.map { Fixture.kilroy(owner: $0, at: Fixture.coordinate(-40, 2)) })
            let outcomes = try await withThrowingTaskGroup(of: KilroyReporting.self) { group in
                for (index, reporter) in reporters.enumerated() {
                    let store = index.isMultiple(of: 2) ? first.store : second.store
                    group.addTask {
                        try await store.reportKilroy(
                            id: target.id, reporter: reporter, reason: nil, at: Fixture.epoch, hideThreshold: 5, policy: .off)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            // Each report saw the ones before it: the counts are 1...5, the 5th hides the kilroy, and
            // the reporters after it can no longer see it.
            let counted = outcomes.compactMap { outcome -> (Int, Bool)? in
                if case .counted(let count, let hidden) = outcome { return (count, hidden) }
                return nil
            }
            #expect(counted.map(\.0).sorted() == Array(1...5))
            #expect(counted.allSatisfy { $0.1 == ($0.0 == 5) })
            #expect(outcomes.filter { $0 == .notFound }.count == 5)
            let stored = try await second.store.kilroy(id: target.id)
            #expect(stored?.reportCount == 5)
            #expect(stored?.isHidden == true)
        }
    }

    @Test(
        "two kilroys sharing an image deleted at once: exactly one deletion orphans the image",
        arguments: KilroyStoreBackend.available)
    func deletions(backend: KilroyStoreBackend) async throws {
        try await backend.withTwoStores { first, second async throws in
            for round in 0..<5 {
                let image = Fixture.image("shared-\(round)")
                _ = try await first.store.insertImage(image)
                let one = Fixture.kilroy(image: image)
                let two = Fixture.kilroy(image: image)
                _ = try await first.createKilroys([one, two])
                async let deletedOne = first.store.deleteKilroy(id: one.id, owner: Fixture.alice)
                async let deletedTwo = second.store.deleteKilroy(id: two.id, owner: Fixture.alice)
                let outcomes = try await [deletedOne, deletedTwo]
                #expect(outcomes.filter { $0 == .deleted(orphanedImageID: image.id) }.count == 1, "round \(round): \(outcomes)")
                #expect(outcomes.filter { $0 == .deleted(orphanedImageID: nil) }.count == 1, "round \(round): \(outcomes)")
                #expect(try await first.store.image(id: image.id) == nil)
            }
        }
    }
}
