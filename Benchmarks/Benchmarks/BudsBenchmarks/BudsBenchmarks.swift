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
        // One iteration is one batch of 10,000 receipts, with no inner loop, so the scaling factor
        // stays `.one`: wall clock is the time for the whole batch, in ms rather than rounded to
        // whole seconds. `.throughput` (iterations per second) rounds below 1/s to 0 and is never
        // recorded for a batch this slow, so receipts per second is recorded as its own metric,
        // 10,000 / the batch's wall-clock time. A batch takes seconds: 10 iterations at most,
        // within 3 minutes, give a median and a p90 worth reading.
        configuration: .init(
            metrics: [.wallClock, BudsMetrics.receiptsPerSecond], timeUnits: .milliseconds, scalingFactor: .one,
            maxDuration: .seconds(180), maxIterations: 10
        )
    ) { benchmark in
        let directory = BenchmarkFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let journal = try BudsServices.open(at: directory, logger: BenchmarkFixtures.quiet)
        let drafts = BenchmarkFixtures.drafts(count: 10_000)
        let clock = ContinuousClock()
        benchmark.startMeasurement()
        let started = clock.now
        _ = try await journal.manager.createBatch(drafts)
        let elapsed = clock.now - started
        benchmark.stopMeasurement()
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        benchmark.measurement(BudsMetrics.receiptsPerSecond, Int((Double(drafts.count) / seconds).rounded()))
    }

    Benchmark(
        "Timeline: first page of 50 out of 100,000 memories",
        configuration: .init(
            metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 2_000,
            setup: {
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
        configuration: .init(
            metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 2_000,
            setup: {
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

/// Metrics the benchmark tool has no name for.
enum BudsMetrics {
    /// Receipts created per second of wall-clock time, over one batch.
    static let receiptsPerSecond = BenchmarkMetric.custom("Receipts per second", polarity: .prefersLarger, useScalingFactor: false)
}
