import Benchmark
import BenchmarkSupport
import Foundation
import Geo
import Logging
import SQLiteStorage
import Storage
import UmiLogCore

/// UmiLog's hot paths against the seed's own targets ("Performance Notes (150 sites)" and the
/// benchmark table), on 100,000 generated sites and 10,000 dives:
/// cold open + first query (seed: cold start < 2 s; ours ≤ 200 ms), site search (seed < 200 ms;
/// ≤ 5 ms), viewport of ~50 sites (seed ~80 ms; ≤ 2 ms), one wizard save (seed < 100 ms; ≤ 5 ms),
/// seeding the shipped sites (seed ~800 ms for 150; ≤ 100 ms).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 2_000)

    Benchmark(
        "UmiLog: open the 100,000-site store and run the first query (history page + map viewport)",
        configuration: .init(maxIterations: 200, setup: { _ = try await DiveLogFixture.services() })
    ) { benchmark in
        let bounds = try MapBounds(south: 20, west: 35, north: 20 + DiveLogFixture.viewportSide, east: 35 + DiveLogFixture.viewportSide)
        benchmark.startMeasurement()
        let services = try await UmiLogServices.open(at: DiveLogFixture.directory, now: { DiveLogFixture.now }, logger: DiveLogFixture.quiet)
        let history = try await services.dives.history(DiveFilter(limit: 50))
        let sites = try await services.sites.fetchInBounds(bounds)
        benchmark.stopMeasurement()
        precondition(history.count == 50 && !sites.isEmpty, "the fixture must be loaded")
        blackHole((history, sites))
    }

    Benchmark(
        "UmiLog: site search (two-word prefix query), 100,000 sites",
        configuration: .init(setup: { _ = try await DiveLogFixture.services() })
    ) { benchmark in
        let sites = try await DiveLogFixture.services().sites
        let query = await Cycle.shared.nextQuery()
        benchmark.startMeasurement()
        let found = try await sites.search(query, limit: 50)
        benchmark.stopMeasurement()
        blackHole(found)
    }

    Benchmark(
        "UmiLog: map viewport of ~50 sites, 100,000 sites",
        configuration: .init(setup: { _ = try await DiveLogFixture.services() })
    ) { benchmark in
        let sites = try await DiveLogFixture.services().sites
        let bounds = try await Cycle.shared.nextViewport()
        benchmark.startMeasurement()
        let found = try await sites.fetchInBounds(bounds)
        benchmark.stopMeasurement()
        blackHole(found)
    }

    Benchmark(
        "UmiLog: one wizard save (dive + 3 sightings + list state + events)",
        configuration: .init(maxIterations: 1_000, setup: { _ = try await DiveLogFixture.services() })
    ) { benchmark in
        let services = try await DiveLogFixture.services()
        let draft = await Cycle.shared.nextDraft()
        benchmark.startMeasurement()
        let saved = try await services.saver.save(draft, at: DiveLogFixture.now)
        benchmark.stopMeasurement()
        blackHole(saved)
    }

    Benchmark(
        "UmiLog: seed the shipped dataset into a new store (decode JSON + insert sites and species)",
        configuration: .init(maxIterations: 200)
    ) { benchmark in
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("umilog-bench-seed-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try DatabaseOpener.openFile(at: directory.appendingPathComponent("umilog.sqlite"), migrator: UmiLogSchema.migrator)
        let seeder = DatasetSeeder(database: database, logger: DiveLogFixture.quiet)
        benchmark.startMeasurement()
        let dataset = try SeedDataset.bundled()
        let report = try await seeder.seed(dataset, at: DiveLogFixture.now)
        benchmark.stopMeasurement()
        precondition(report.inserted["sites"] == dataset.sites.count, "every site must be inserted")
    }

    Benchmark(
        "UmiLog reference: the same viewport as a scan of 100,000 sites in memory",
        configuration: .init(maxIterations: 200, setup: { _ = try await AllSites.all() })
    ) { benchmark in
        let all = try await AllSites.all()
        let bounds = try await Cycle.shared.nextViewport()
        benchmark.startMeasurement()
        let found = all.filter { site in site.coordinate.map(bounds.contains) ?? false }
        benchmark.stopMeasurement()
        blackHole(found)
    }

    pipelineBenchmarks()
}

/// Inputs cycled through, so no query is answered from the same warm result twice in a row.
actor Cycle {
    static let shared = Cycle()
    private var random = BenchmarkRandom(seed: 0xC0FFEE)

    func nextQuery() -> String {
        "\(DiveLogFixture.pick(DiveLogFixture.names, &random).prefix(4)) \(DiveLogFixture.pick(DiveLogFixture.kinds, &random).prefix(3))"
    }

    func nextViewport() throws -> MapBounds {
        let region = DiveLogFixture.regionCorners[Int.random(in: 0..<DiveLogFixture.regionCorners.count, using: &random)]
        let side = DiveLogFixture.viewportSide
        let south = region.south + random.uniform(0, 10 - side)
        let west = region.west + random.uniform(0, 10 - side)
        return try MapBounds(south: south, west: west, north: south + side, east: west + side)
    }

    func nextDraft() -> DiveDraft {
        DiveLogFixture.dive(Int.random(in: 0..<1_000, using: &random), species: ["chelonia-mydas", "rhincodon-typus", "mobula-alfredi"], &random)
    }
}

/// Every site, loaded once per process for the reference scan.
enum AllSites {
    private static let loaded = OnceValue { try await DiveLogFixture.services().sites.fetchAll() }

    static func all() async throws -> [DiveSite] { try await loaded.value() }
}
