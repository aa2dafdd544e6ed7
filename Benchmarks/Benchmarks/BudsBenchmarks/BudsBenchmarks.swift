import Benchmark
import BudsCore
import DAGCBOR
import Foundation

/// Hot paths of the Buds journal, each against a named reference:
/// - receipts created per second (target ≥ 10,000/s on the 2-core CI machine),
/// - one timeline page of 50 out of 100,000 memories (target ≤ 2 ms),
/// - DAG-CBOR encode + decode of a session payload, compared with Python's cbor2 C extension
///   (`cbor2_reference.py` times the same payload).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        maxDuration: .seconds(10),
        maxIterations: 1_000
    )

    Benchmark(
        "Receipts: create 10,000 sessions in one transaction",
        configuration: .init(metrics: [.wallClock, .throughput], scalingFactor: .kilo, maxDuration: .seconds(30), maxIterations: 10)
    ) { benchmark in
        let directory = BenchmarkFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let journal = try BudsJournal.open(at: directory)
        let drafts = BenchmarkFixtures.drafts(count: 10_000)
        benchmark.startMeasurement()
        _ = try await journal.manager.createBatch(drafts)
        benchmark.stopMeasurement()
    }

    Benchmark(
        "Timeline: first page of 50 out of 100,000 memories",
        configuration: .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 2_000, setup: {
            _ = try await BenchmarkFixtures.largeJournal()
        })
    ) { benchmark in
        let journal = try await BenchmarkFixtures.largeJournal()
        benchmark.startMeasurement()
        let page = try await journal.repository.fetchPage(limit: 50)
        blackHole(page)
    }

    Benchmark(
        "Timeline: page of 50 at depth 50,000 out of 100,000 memories",
        configuration: .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 2_000, setup: {
            _ = try await BenchmarkFixtures.largeJournal()
        })
    ) { benchmark in
        let journal = try await BenchmarkFixtures.largeJournal()
        let cursor = try await BenchmarkFixtures.deepCursor()
        benchmark.startMeasurement()
        let page = try await journal.repository.fetchPage(before: cursor, limit: 50)
        blackHole(page)
    }

    Benchmark(
        "DAG-CBOR: encode + decode a session payload (x1000)",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .kilo)
    ) { benchmark in
        let payload = BenchmarkFixtures.payload
        let encoder = DAGCBOREncoder()
        let decoder = DAGCBORDecoder()
        for _ in benchmark.scaledIterations {
            let bytes = try encoder.encode(payload)
            blackHole(try decoder.decode(SessionPayload.self, from: bytes))
        }
    }
}
