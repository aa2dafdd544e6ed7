import Benchmark
import BenchmarkSupport
import Foundation
import UmiLogPipeline
import UmiLogSynthetic

/// The dataset pipeline (`umilog pipeline IN OUT`) on 1,000,000 generated raw records, from the
/// JSON Lines file to the written tiles, manifest, attribution and report: the target is
/// ≤ 30 s on the reference machine (2 cores). The input is generated once and kept on disk
/// (package-benchmark runs every benchmark in its own process); generating it is not measured.
/// Reference: the seed's `optimize_dataset.py` ran the same stages on 1,161 sites.
func pipelineBenchmarks() {
    Benchmark(
        "UmiLog pipeline: 1,000,000 raw records, file to tiles (all seven stages)",
        configuration: .init(
            metrics: [.wallClock, .cpuTotal, .peakMemoryResident], timeUnits: .milliseconds, warmupIterations: 0,
            maxDuration: .seconds(120), maxIterations: 3, setup: { _ = try await PipelineFixture.input() }
        )
    ) { benchmark in
        let input = try await PipelineFixture.input()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("umilog-bench-pipeline-out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        var options = PipelineOptions()
        options.generatedAt = PipelineFixture.generatedAt
        benchmark.startMeasurement()
        let report = try SitePipeline(options: options, logger: DiveLogFixture.quiet).run(input: input, output: output)
        benchmark.stopMeasurement()
        precondition(report.inputLines == PipelineFixture.count && report.tiling.kept > 0, "the whole input must go through")
        blackHole(report)
    }
}

/// The 1,000,000-line input of ``pipelineBenchmarks()``: `SyntheticSiteRecords` (planted
/// duplicates, non-dive places, invalid lines, restricted licences, dives and sightings),
/// written to a temporary file once per machine.
enum PipelineFixture {
    static let count = 1_000_000
    static let seed: UInt64 = 0x5EED
    static let generatedAt = Date(timeIntervalSince1970: 1_795_428_000)
    static let url = FileManager.default.temporaryDirectory.appendingPathComponent("umilog-bench-pipeline-1m-\(seed).jsonl")

    static func input() async throws -> URL {
        try await written.value()
    }

    private static let written = OnceValue { () async throws -> URL in
        if !FileManager.default.fileExists(atPath: url.path) {
            // Written aside and renamed, so an interrupted run never leaves a partial input behind.
            let partial = url.appendingPathExtension("partial")
            try? FileManager.default.removeItem(at: partial)
            try SyntheticSiteRecords.generate(count: count, seed: seed).write(to: partial)
            try FileManager.default.moveItem(at: partial, to: url)
        }
        return url
    }
}
