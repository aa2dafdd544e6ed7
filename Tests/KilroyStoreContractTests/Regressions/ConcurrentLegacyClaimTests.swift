import Foundation
import KilroyCloud
import Testing

/// Regression: on PostgreSQL, a claim that raced the winning claim of the same legacy id could
/// answer `notFound` instead of `claimedByAnother`: it looked for the legacy id's data before
/// writing its claim row, and by the time it looked, the winner had already moved the data away.
/// The claim row is now written first, so every loser waits on it and sees the winner's claim.
@Suite("Regression: concurrent legacy claims")
struct ConcurrentLegacyClaimTests {
    @Test(
        "concurrent claims of one legacy id: exactly one claimant wins, every other is told so",
        arguments: KilroyStoreBackend.available)
    func claims(backend: KilroyStoreBackend) async throws {
        try await backend.withTwoStores { first, second async throws in
            _ = try await first.store.insertImage(Fixture.image())
            for round in 0..<5 {
                let legacy = Fixture.device("legacy-\(round)")
                _ = try await first.createKilroys([Fixture.kilroy(owner: legacy), Fixture.kilroy(owner: legacy)])
                let outcomes = try await withThrowingTaskGroup(of: LegacyClaimOutcome.self) { group in
                    for index in 0..<10 {
                        let store = index.isMultiple(of: 2) ? first.store : second.store
                        let claimant = Fixture.device("claimant-\(round)-\(index)")
                        group.addTask { try await store.claimLegacyDevice(legacy: legacy, by: claimant, at: Fixture.epoch) }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(outcomes.filter { $0 == .claimed(kilroyCount: 2) }.count == 1, "round \(round)")
                #expect(outcomes.filter { $0 == .claimedByAnother }.count == 9, "round \(round): \(outcomes)")
            }
        }
    }
}
