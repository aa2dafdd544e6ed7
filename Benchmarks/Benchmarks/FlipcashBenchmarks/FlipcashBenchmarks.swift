import Benchmark
import BenchmarkSupport
import FlipcashCore
import Foundation

/// Hot paths of Flipcash's core:
/// - the bonding-curve quote, `DiscreteBondingCurve.valueToTokens` (target ≥ 1,000,000/s), through
///   the `Decimal` API the app calls and through the `Fixed18` integer API underneath it;
/// - the cash code's encode + decode (`cashCodeBenchmarks()`, in CashCodeBenchmarks.swift);
/// - the ledger's apply rate (`ledgerBenchmarks()`, in LedgerBenchmarks.swift).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock],
        scalingFactor: .kilo,
        maxDuration: .seconds(10),
        maxIterations: 10_000
    )
    curveBenchmarks()
    cashCodeBenchmarks()
    ledgerBenchmarks()
}

/// One iteration is 1,000 quotes (`scalingFactor: .kilo`), so throughput reads as thousands of
/// quotes per second. Supplies and values are drawn once, outside the measured loop, from a
/// seeded generator: supplies across the whole curve (0 … 20,000,000 tokens, at quark
/// precision), values from $0.000001 to $1,000.
func curveBenchmarks() {
    let warmUp: Benchmark.BenchmarkSetupHook = { _ = CurveQuoteFixture.shared }

    Benchmark("bonding curve: valueToTokens", configuration: .init(setup: warmUp)) { benchmark in
        let fixture = CurveQuoteFixture.shared
        let curve = DiscreteBondingCurve.shared
        var index = 0
        for _ in benchmark.scaledIterations {
            blackHole(curve.valueToTokens(supply: fixture.decimalSupplies[index], value: fixture.decimalValues[index]))
            index = (index + 1) & CurveQuoteFixture.mask
        }
    }

    Benchmark("bonding curve: valueToTokens (Fixed18)", configuration: .init(setup: warmUp)) { benchmark in
        let fixture = CurveQuoteFixture.shared
        let curve = DiscreteBondingCurve.shared
        var index = 0
        for _ in benchmark.scaledIterations {
            blackHole(curve.valueToTokens(supply: fixture.fixedSupplies[index], value: fixture.fixedValues[index]))
            index = (index + 1) & CurveQuoteFixture.mask
        }
    }

    Benchmark("bonding curve: buy quote (quarks, 1% fee)", configuration: .init(setup: warmUp)) { benchmark in
        let fixture = CurveQuoteFixture.shared
        let curve = DiscreteBondingCurve.shared
        var index = 0
        for _ in benchmark.scaledIterations {
            blackHole(curve.buy(usdfQuarks: fixture.usdfQuarks[index], feeBps: 100, supplyQuarks: fixture.supplyQuarks[index]))
            index = (index + 1) & CurveQuoteFixture.mask
        }
    }
}

/// 4,096 random (supply, value) pairs, and the curve's tables built before any measurement.
struct CurveQuoteFixture: Sendable {
    static let count = 4_096
    static let mask = count - 1
    static let shared = CurveQuoteFixture()

    let supplyQuarks: [UInt64]
    let usdfQuarks: [UInt64]
    let decimalSupplies: [Decimal]
    let decimalValues: [Decimal]
    let fixedSupplies: [Fixed18]
    let fixedValues: [Fixed18]

    private init() {
        var random = BenchmarkRandom(seed: 0xC0_4E)
        supplyQuarks = (0..<Self.count).map { _ in
            UInt64.random(in: 0..<20_000_000 * DiscreteBondingCurve.quarksPerToken, using: &random)
        }
        usdfQuarks = (0..<Self.count).map { _ in UInt64.random(in: 1...1_000_000_000, using: &random) }
        fixedSupplies = supplyQuarks.map { Fixed18(units: UInt128($0) * 100_000_000) }
        fixedValues = usdfQuarks.map { Fixed18(units: UInt128($0) * 1_000_000_000_000) }
        decimalSupplies = fixedSupplies.map(\.decimal)
        decimalValues = fixedValues.map(\.decimal)
        _ = DiscreteBondingCurve.shared.spotPrice(supply: 0)  // builds the tables
    }
}
