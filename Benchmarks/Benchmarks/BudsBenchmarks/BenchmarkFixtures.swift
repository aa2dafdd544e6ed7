import BudsCore
import DAGCBOR
import Foundation
import Logging

/// Data the benchmarks share. The 100,000-memory journal is built once per process.
enum BenchmarkFixtures {
    /// The journal logs nothing here: a benchmark measures the journal, not the log handler.
    static let quiet = Logger(label: "bench") { _ in SwiftLogNoOpLogHandler() }

    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("buds-bench-\(UUID().uuidString)", isDirectory: true)
    }

    static let strains = ["Blue Dream", "OG Kush", "Sour Diesel", "Girl Scout Cookies", "Gelato", "Wedding Cake", "Pineapple Express"]
    static let effects = ["relaxed", "happy", "creative", "sleepy", "focused", "energized"]

    /// Realistic sessions: most fields filled, a few effects, times spread over years.
    static func drafts(count: Int, start: Date = Date(timeIntervalSince1970: 1_600_000_000)) -> [SessionDraft] {
        (0..<count).map { index in draft(index: index, start: start) }
    }

    /// One draft; the values are spelled out in typed steps because a single literal expression
    /// is too much for the type checker ("unable to type-check this expression in reasonable time").
    private static func draft(index: Int, start: Date) -> SessionDraft {
        let productType: ProductType = index % 4 == 0 ? .edible : .flower
        let thcPercent: Double = 18.5 + Double(index % 10)
        let sessionEffects: [String] = [effects[index % effects.count], effects[(index + 2) % effects.count]]
        let claimedTime: Date = start.addingTimeInterval(Double(index) * 1_800)
        let notes: String = "Session \(index): smooth, citrus, good for an evening walk."
        return SessionDraft(
            strainName: strains[index % strains.count], productType: productType,
            rating: index % 5 + 1, notes: notes,
            brand: "Cookies", thcPercent: thcPercent, cbdPercent: 0.5, amountGrams: 0.35,
            effects: sessionEffects,
            consumptionMethod: .vape, claimedTime: claimedTime
        )
    }

    /// The payload the DAG-CBOR benchmark and `cbor2_reference.py` both encode.
    static let payload = SessionPayload(
        claimedTimeMs: 1_763_587_800_000, productName: "Blue Dream", productType: "flower", rating: 4,
        notes: "Smooth, citrus notes; great for an evening walk.", brand: "Cookies", thcPercent: 23.5,
        cbdPercent: 0.8, amountGrams: 0.35, effects: ["relaxed", "creative", "happy"], consumptionMethod: "vape",
        locationCID: nil, imageCID: nil
    )

    private static let large = LargeJournal()

    static func largeJournal() async throws -> BudsServices {
        try await large.journal()
    }

    static func deepCursor() async throws -> TimelineCursor? {
        try await large.deepCursor()
    }
}
