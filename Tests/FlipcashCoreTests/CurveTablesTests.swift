import Foundation
import TestSupport
import Testing

@testable import FlipcashCore

@Suite("Discrete curve tables: built by our own code, exact, and close to Flipcash's")
struct CurveTablesTests {
    let tables = CurveTables.shared

    @Test("each table has 210,001 entries; the constants match the reference")
    func sizesAndConstants() {
        #expect(tables.price.count == 210_001)
        #expect(tables.cumulative.count == 210_001)
        #expect(DiscreteBondingCurve.tableSize == 210_001)
        #expect(DiscreteBondingCurve.quarksPerToken == 10_000_000_000)
        #expect(DiscreteBondingCurve.stepSize == 100)
        #expect(DiscreteBondingCurve.maxSupply == 21_000_000)
        #expect(DiscreteBondingCurve.tablePrecision == 18)
        #expect(Fixed18.scale == DiscreteBondingCurve.tablePrecision)
    }

    @Test("CUM[0] = 0 and CUM[i+1] − CUM[i] = 100·PRICE[i] exactly, for every i")
    func cumulativeIsTheExactSumOfPrices() {
        #expect(tables.cumulative[0] == 0)
        var mismatches = 0
        for step in 0..<(tables.price.count - 1)
        where tables.cumulative[step + 1] - tables.cumulative[step] != 100 * tables.price[step] {
            mismatches += 1
        }
        #expect(mismatches == 0)
    }

    @Test("prices and cumulative values strictly increase")
    func monotone() {
        var decreasing = 0
        for step in 1..<tables.price.count
        where tables.price[step] <= tables.price[step - 1] || tables.cumulative[step] <= tables.cumulative[step - 1] {
            decreasing += 1
        }
        #expect(decreasing == 0)
    }

    @Test("every 26,250 steps the price is an exact power of ten: $0.01 … $1,000,000")
    func decadeAnchorsAreExact() {
        var expected: UInt128 = 10_000_000_000_000_000  // 0.01 in 10⁻¹⁸ units
        for decade in 0...8 {
            #expect(tables.price[decade * 26_250] == expected, "decade \(decade)")
            expected *= 10
        }
    }

    @Test("entries equal an independent 256-bit series evaluation (sampled), and none needed one")
    func entriesMatchIndependentComputation() {
        var random = SplitMix64(seed: 0xC0FF_EE01)
        var steps = [1, 2, 3, 4, 2_100, 26_249, 26_251, 105_001, 209_999]
        steps += (0..<12).map { _ in Int.random(in: 0..<210_000, using: &random) }
        for step in steps {
            #expect(CurveTableBuilder.exactPriceUnits(step: step) == tables.price[step], "step \(step)")
        }
        // No running value came within the error bound of a rounding boundary: every entry was
        // decided by the recurrence (its rounding is provably correct, see CurveTableBuilder).
        #expect(CurveTableBuilder.build().recomputedSteps.isEmpty)
    }

    /// Section E, "Tables" and "More table entries", read in place.
    @Test("the listed table entries agree with the shipped Flipcash tables within 1e-9 relative")
    func listedEntries() throws {
        let scaled = try CurveTestSupport.table(after: "**Tables**")
        #expect(scaled.count == 5)
        for row in scaled {
            let step = try #require(Int(row[0]))
            let price = try CurveTestSupport.decimal(row[2]) / Decimal(string: "1e18")!
            let cumulative = try CurveTestSupport.decimal(row[3]) / Decimal(string: "1e18")!
            #expect(CurveTestSupport.isClose(CurveTestSupport.curve.price(atStep: step)?.decimal, price), "PRICE[\(step)]")
            #expect(CurveTestSupport.isClose(CurveTestSupport.curve.cumulativeValue(atStep: step)?.decimal, cumulative), "CUM[\(step)]")
            #expect(try CurveTestSupport.decimal(row[1]) == Decimal(step * 100))
        }
        let more = try CurveTestSupport.table(after: "More table entries")
        #expect(more.count == 7)
        for row in more {
            let step = try #require(Int(row[0]))
            let price = try CurveTestSupport.decimal(row[2])
            let cumulative = try CurveTestSupport.decimal(row[3]) / Decimal(string: "1e18")!
            #expect(CurveTestSupport.isClose(CurveTestSupport.curve.price(atStep: step)?.decimal, price), "PRICE[\(step)]")
            #expect(CurveTestSupport.isClose(CurveTestSupport.curve.cumulativeValue(atStep: step)?.decimal, cumulative), "CUM[\(step)]")
        }
    }

    @Test("CUM[210,000] is within 1e-9 of the program's SCALED_MAX_CUMULATIVE_VALUE; the exact top price is $1,000,000")
    func topOfTheCurve() throws {
        let programMaximum = try CurveTestSupport.decimal("1,139,973,004,315.0323425817169395")
        #expect(CurveTestSupport.isClose(CurveTestSupport.curve.cumulativeValue(atStep: 210_000)?.decimal, programMaximum))
        #expect(CurveTestSupport.curve.price(atStep: 210_000)?.decimal == 1_000_000)
        #expect(CurveTestSupport.curve.price(atStep: 210_001) == nil)
        #expect(CurveTestSupport.curve.cumulativeValue(atStep: -1) == nil)
    }
}
