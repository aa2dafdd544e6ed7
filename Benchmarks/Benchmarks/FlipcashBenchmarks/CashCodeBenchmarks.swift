import Benchmark
import FlipcashCore
import Foundation

/// Cash codes, target ≥ 200,000 encode + decode pairs per second: what giving a bill and scanning
/// it cost in the codec itself (Reed–Solomon RS(35, 22), the payload's bytes), without a camera.
/// - encode + decode of an undamaged code: the common scan (one iteration is 1,000 pairs, so
///   throughput reads as thousands of pairs per second);
/// - decode of a code with 6 damaged bytes: the worst case still corrected (1,000 per iteration);
/// - SVG render + scan of a bill picture: what the CLI's `bill` and `scan` do (one per iteration).
///
/// Registered by `let benchmarks` in FlipcashBenchmarks.swift, which calls `cashCodeBenchmarks()`.
func cashCodeBenchmarks() {
    Benchmark(
        "cash code: encode + decode",
        configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .kilo)
    ) { benchmark in
        let payloads = CashCodeFixture.payloads
        for index in benchmark.scaledIterations {
            blackHole(try CashCode.decode(CashCode.encode(payloads[index % payloads.count])))
        }
    }

    Benchmark(
        "cash code: decode with 6 damaged bytes",
        configuration: .init(metrics: [.wallClock, .throughput], scalingFactor: .kilo)
    ) { benchmark in
        let codes = CashCodeFixture.damagedCodes
        for index in benchmark.scaledIterations {
            blackHole(try CashCode.decode(codes[index % codes.count]))
        }
    }

    Benchmark(
        "cash code: SVG render + scan",
        configuration: .init(metrics: [.wallClock, .throughput], scalingFactor: .one, maxIterations: 500)
    ) { benchmark in
        let picture = try CashCodeSVG()
        let payloads = CashCodeFixture.payloads
        for index in benchmark.scaledIterations {
            blackHole(try CashCodeSVG.scan(picture.render(payloads[index % payloads.count])))
        }
    }
}

/// 256 bills of varied currencies, kinds and amounts with fixed nonces, so every run encodes the
/// same bytes; and their codes with 6 bytes damaged at spread-out places.
enum CashCodeFixture {
    static let payloads: [CashCodePayload] = (0..<256).compactMap { index in
        let nonce = (0..<10).map { UInt8(truncatingIfNeeded: index &* 37 &+ $0 &* 101 &+ 1) | ($0 == 9 ? 1 : 0) }
        return try? CashCodePayload(
            kind: index.isMultiple(of: 2) ? .multiCurrency : .cash,
            currency: CurrencyCode.allCases[index % CurrencyCode.allCases.count],
            wireAmount: UInt64(index + 1) * 1_234_567,
            nonce: nonce
        )
    }

    static let damagedCodes: [[UInt8]] = payloads.enumerated().map { index, payload in
        var code = CashCode.encode(payload)
        for damage in 0..<6 { code[(index + damage * 6) % code.count] ^= UInt8(truncatingIfNeeded: 0x5B &+ index &+ damage) | 1 }
        return code
    }
}
