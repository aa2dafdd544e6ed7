import BudsCore
import DAGCBOR
import Foundation

/// Data the benchmarks share. The 100,000-memory journal is built once per process.
enum BenchmarkFixtures {
    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("buds-bench-\(UUID().uuidString)", isDirectory: true)
    }

    static let strains = ["Blue Dream", "OG Kush", "Sour Diesel", "Girl Scout Cookies", "Gelato", "Wedding Cake", "Pineapple Express"]
    static let effects = ["relaxed", "happy", "creative", "sleepy", "focused", "energized"]

    /// Realistic sessions: most fields filled, a few effects, times spread over years.
    static func drafts(count: Int, start: Date = Date(timeIntervalSince1970: 1_600_000_000)) -> [SessionDraft] {
        (0..<count).map { index in
            SessionDraft(
                strainName: strains[index % strains.count], productType: index % 4 == 0 ? .edible : .flower,
                rating: index % 5 + 1, notes: "Session \(index): smooth, citrus, good for an evening walk.",
                brand: "Cookies", thcPercent: 18.5 + Double(index % 10), cbdPercent: 0.5, amountGrams: 0.35,
                effects: [effects[index % effects.count], effects[(index + 2) % effects.count]],
                consumptionMethod: .vape, claimedTime: start.addingTimeInterval(Double(index) * 1_800)
            )
        }
    }

    /// The payload the DAG-CBOR benchmark and `cbor2_reference.py` both encode.
    static let payload = SessionPayload(
        claimedTimeMs: 1_763_587_800_000, productName: "Blue Dream", productType: "flower", rating: 4,
        notes: "Smooth, citrus notes; great for an evening walk.", brand: "Cookies", thcPercent: 23.5,
        cbdPercent: 0.8, amountGrams: 0.35, effects: ["relaxed", "creative", "happy"], consumptionMethod: "vape",
        locationCID: nil, imageCID: nil
    )

    private static let large = LargeJournal()

    static func largeJournal() async throws -> BudsJournal {
        try await large.journal()
    }

    static func deepCursor() async throws -> TimelineCursor? {
        try await large.deepCursor()
    }
}

/// Builds the 100,000-memory journal on first use.
private actor LargeJournal {
    private var built: BudsJournal?
    private var cursor: TimelineCursor?

    func journal() async throws -> BudsJournal {
        if let built { return built }
        let journal = try BudsJournal.open(at: BenchmarkFixtures.temporaryDirectory())
        for batch in 0..<10 {
            let start = Date(timeIntervalSince1970: 1_500_000_000 + Double(batch) * 10_000 * 1_800)
            _ = try await journal.manager.createBatch(BenchmarkFixtures.drafts(count: 10_000, start: start))
        }
        var next: TimelineCursor?
        for _ in 0..<1_000 {
            next = try await journal.repository.fetchPage(before: next, limit: 50).next
        }
        cursor = next
        built = journal
        return journal
    }

    func deepCursor() async throws -> TimelineCursor? {
        _ = try await journal()
        return cursor
    }
}
