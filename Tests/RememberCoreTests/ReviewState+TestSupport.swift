import Foundation
import RememberCore
import TestSupport

extension Date {
    /// A fixed instant for tests: 2023-11-14 22:13:20 UTC.
    static let reviewTestEpoch = Date(timeIntervalSince1970: 1_700_000_000)

    /// ``reviewTestEpoch`` moved by `days` days of 86,400 s and `hours` hours.
    static func reviewTest(days: Double, hours: Double = 0) -> Date {
        reviewTestEpoch.addingTimeInterval(days * 86_400 + hours * 3_600)
    }
}

extension ReviewState {
    /// A state with the given SM-2 interval and ease, as if last reviewed at the test epoch.
    static func sm2(intervalDays: Int, easeFactor: Double, repetitions: Int = 1, lapses: Int = 0) -> ReviewState {
        ReviewState(
            intervalDays: intervalDays,
            easeFactor: easeFactor,
            repetitions: repetitions,
            lapses: lapses,
            dueDate: .reviewTestEpoch,
            lastReviewed: .reviewTestEpoch
        )
    }

    /// A random state, often corrupt (negative, huge, NaN or infinite fields), for property tests.
    static func random(using random: inout SplitMix64) -> ReviewState {
        let oddDoubles: [Double] = [.nan, .infinity, -.infinity, 0, -1, 1e308, -1e308, 1e-300]
        func double(_ range: ClosedRange<Double>) -> Double {
            Int.random(in: 0..<5, using: &random) == 0
                ? oddDoubles.randomElement(using: &random) ?? 0
                : Double.random(in: range, using: &random)
        }
        func int(_ range: ClosedRange<Int>) -> Int {
            Int.random(in: 0..<5, using: &random) == 0
                ? [Int.min, -1, 0, Int.max].randomElement(using: &random) ?? 0
                : Int.random(in: range, using: &random)
        }
        let hasMemory = Bool.random(using: &random)
        return ReviewState(
            intervalDays: int(1...40_000),
            easeFactor: double(1...3.5),
            repetitions: int(0...50),
            lapses: int(0...50),
            dueDate: .reviewTest(days: Double.random(in: -100...100, using: &random)),
            lastReviewed: Bool.random(using: &random) ? .reviewTest(days: Double.random(in: -1_000...0, using: &random)) : nil,
            stability: hasMemory ? double(0...50_000) : nil,
            difficulty: hasMemory ? double(-5...15) : nil
        )
    }
}
