import Foundation
import Geo
import KilroyCloud
import TestSupport
import Testing

/// Both stores answer near queries from a cache in each process's memory, learnt from the
/// database. Two stores that share only the database stand for two app-servers: every answer of
/// each must be exactly what brute force over the database gives, whichever of them wrote what,
/// through creations, deletions (with SQLite's rowid reuse), reports, hides and claims.
@Suite("Kilroy store contract: near answers across processes")
struct KilroyStoreNearCacheTests {
    @Test("two stores: every near answer is brute force over what either wrote", arguments: KilroyStoreBackend.available)
    func followEachOther(backend: KilroyStoreBackend) async throws {
        try await backend.withTwoStores { first, second async throws in
            let stores = [first.store, second.store]
            _ = try await first.store.insertImage(Fixture.image())
            let reporters = ["r1", "r2", "r3"].map(Fixture.device)
            let legacy = Fixture.device("legacy")
            // Reporting asks for a drop of one's own; these are far from the circle.
            for reporter in reporters { _ = try await first.store.createKilroy(Fixture.kilroy(owner: reporter, at: Fixture.coordinate(60, 2))) }
            var generator = SplitMix64(seed: 0xC0DE)
            var alive: [String: KilroyRecord] = [:]
            var lastCreated: String?
            let center = Fixture.coordinate(1, 2)
            func check(_ step: Int) async throws {
                for (index, store) in stores.enumerated() {
                    let radius = Double.random(in: 500...2_000, using: &generator)
                    let expected = alive.values.compactMap { record -> (id: String, distance: Double)? in
                        let distance = haversineDistance(from: center, to: record.coordinate)
                        return distance <= radius ? (record.id, distance) : nil
                    }
                    .sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.id < $1.id }
                    let answer = try await store.nearby(center: center, radius: radius, limit: 1_000) { _ in .include }
                    #expect(answer.kilroys.map(\.kilroy.id) == expected.map(\.id), "step \(step), store \(index)")
                    for near in answer.kilroys {
                        // The record as the database has it now, past any cache.
                        #expect(near.kilroy == (try await stores[1 - index].kilroy(id: near.kilroy.id)), "step \(step), store \(index)")
                    }
                }
            }
            for step in 0..<120 {
                let store = stores.randomElement(using: &generator) ?? first.store
                switch Int.random(in: 0..<10, using: &generator) {
                case 0..<2 where !alive.isEmpty:
                    // Mostly the newest kilroy: SQLite gives its rowid to the next insert.
                    let id =
                        Bool.random(using: &generator) ? lastCreated ?? "" : alive.keys.sorted().randomElement(using: &generator) ?? ""
                    guard let record = alive[id] else { continue }
                    #expect(try await store.deleteKilroy(id: id, owner: record.owner) == .deleted(orphanedImageID: nil))
                    alive[id] = nil
                case 2..<4 where !alive.isEmpty:
                    let id = alive.keys.sorted().randomElement(using: &generator) ?? ""
                    let reporter = reporters.randomElement(using: &generator) ?? reporters[0]
                    _ = try await store.reportKilroy(id: id, reporter: reporter, reason: nil, at: Fixture.epoch, hideThreshold: 2, policy: .off)
                    alive[id] = try await store.kilroy(id: id)
                default:
                    let owner = Bool.random(using: &generator) ? legacy : Fixture.alice
                    let record = Fixture.kilroy(
                        owner: owner,
                        at: Fixture.coordinate(
                            1 + Double.random(in: -0.01...0.01, using: &generator), 2 + Double.random(in: -0.01...0.01, using: &generator)))
                    _ = try await store.createKilroy(record)
                    alive[record.id] = record
                    lastCreated = record.id
                }
                if step % 4 == 0 { try await check(step) }
            }
            _ = try await second.store.claimLegacyDevice(legacy: legacy, by: Fixture.carol, at: Fixture.epoch)
            for (id, _) in alive { alive[id] = try await first.store.kilroy(id: id) }
            #expect(alive.values.contains { $0.owner == Fixture.carol })
            try await check(120)
        }
    }
}
