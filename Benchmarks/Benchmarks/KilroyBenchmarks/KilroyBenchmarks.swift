import Benchmark
import Foundation
import Geo
import KilroyAPI
import KilroyCloud
import OpenAPIRuntime
import OpenAPIURLSession

/// Hot paths of the Kilroy cloud, each against a named reference:
/// - a near query (radius 500 m, up to 100 results) over 1,000,000 drops in a 50 km × 50 km
///   city, in the server's SQLite store (target p50 ≤ 5 ms), against the same query as a
///   brute-force haversine scan of the 1,000,000 coordinates held in memory;
/// - kilroys created per second through HTTP on loopback: the real server (Hummingbird +
///   the generated OpenAPI layer + SQLite) and the generated client over URLSession.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput],
        maxDuration: .seconds(10),
        maxIterations: 2_000
    )

    Benchmark(
        "Kilroy: near query, radius 500 m, in 1,000,000 drops (SQLite store)",
        configuration: .init(
            metrics: [.wallClock, KilroyMetrics.resultsPerQuery],
            setup: {
                _ = try await KilroyFixtures.city.store()
            })
    ) { benchmark in
        let store = try await KilroyFixtures.city.store()
        let centre = try await KilroyFixtures.centres.take()
        benchmark.startMeasurement()
        let result = try await store.nearby(center: centre, radius: 500, limit: 100) { _ in .include }
        benchmark.stopMeasurement()
        benchmark.measurement(KilroyMetrics.resultsPerQuery, result.kilroys.count)
        blackHole(result)
    }

    Benchmark(
        "Kilroy reference: the same query as a brute-force scan of 1,000,000 coordinates in memory",
        configuration: .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 200)
    ) { benchmark in
        let coordinates = try await KilroyFixtures.coordinates.value()
        let centre = try await KilroyFixtures.centres.take()
        benchmark.startMeasurement()
        var found: [(index: Int, distance: Double)] = []
        for (index, coordinate) in coordinates.enumerated() {
            let distance = haversineDistance(from: centre, to: coordinate)
            if distance <= 500 { found.append((index, distance)) }
        }
        found.sort { $0.distance < $1.distance }
        blackHole(found.prefix(100).map(\.index))
    }

    Benchmark(
        "Kilroy: create 200 drops through HTTP on loopback (8 concurrent clients)",
        configuration: .init(
            metrics: [.wallClock, KilroyMetrics.dropsPerSecond], timeUnits: .milliseconds,
            maxDuration: .seconds(60), maxIterations: 30,
            setup: { _ = try await KilroyFixtures.http.imageID() }
        )
    ) { benchmark in
        let client = try await KilroyFixtures.http.client()
        let imageID = try await KilroyFixtures.http.imageID()
        let clock = ContinuousClock()
        benchmark.startMeasurement()
        let started = clock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for index in 0..<25 {
                        try await HTTPFixture.createDrop(client: client, imageID: imageID, worker: worker, index: index)
                    }
                }
            }
            try await group.waitForAll()
        }
        let elapsed = clock.now - started
        benchmark.stopMeasurement()
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        benchmark.measurement(KilroyMetrics.dropsPerSecond, Int((200 / seconds).rounded()))
    }
}

/// Metrics the benchmark tool has no name for.
enum KilroyMetrics {
    static let dropsPerSecond = BenchmarkMetric.custom("Drops per second", polarity: .prefersLarger, useScalingFactor: false)
    static let resultsPerQuery = BenchmarkMetric.custom("Results per query", polarity: .prefersLarger, useScalingFactor: false)
}

/// Fixtures shared by the iterations of one benchmark process.
enum KilroyFixtures {
    static let city = CityFixture()
    static let centres = CentreCycle()
    static let coordinates = CoordinateCache()
    static let http = HTTPFixture()
}
