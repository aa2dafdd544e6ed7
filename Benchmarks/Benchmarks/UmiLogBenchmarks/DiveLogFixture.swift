import BenchmarkSupport
import Foundation
import Geo
import Logging
import UmiLogCore

/// A store as a heavy user's would look after loading a large open dataset: 100,000 sites in
/// ten 10° × 10° regions (100 sites per square degree, so a 0.71° square viewport holds about
/// 50), the shipped species, and 10,000 dives with 3 sightings each. Built once and kept on
/// disk, because package-benchmark runs every benchmark in its own process.
enum DiveLogFixture {
    static let siteCount = 100_000
    static let diveCount = 10_000
    /// Viewport side in degrees for about 50 sites at this density.
    static let viewportSide = (50.0 / 100.0).squareRoot()
    static let now = Date(timeIntervalSince1970: 1_795_428_000)
    /// Benchmarks measure the work, not the log lines, so the libraries get a logger that drops them.
    static let quiet = Logger(label: "bench") { _ in SwiftLogNoOpLogHandler() }

    /// South-west corners of the ten regions (each 10° × 10°, away from poles and antimeridian).
    static let regionCorners: [(name: String, south: Double, west: Double)] = [
        ("Red Sea", 15, 32), ("Caribbean", 10, -85), ("Southeast Asia", -10, 115), ("Pacific", -20, 160),
        ("Mediterranean", 33, 0), ("Indian Ocean", -10, 60), ("Atlantic", 20, -30), ("Australia & New Zealand", -40, 140),
        ("Americas Pacific", -5, -95), ("Arctic & North Atlantic", 55, -25),
    ]

    static let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("umilog-bench-100k", isDirectory: true)

    static func services() async throws -> UmiLogServices {
        try await opened.value()
    }

    private static let opened = OnceValue { try await DiveLogFixture.build() }

    private static func build() async throws -> UmiLogServices {
        let marker = directory.appendingPathComponent("complete")
        if FileManager.default.fileExists(atPath: marker.path) {
            return try await UmiLogServices.open(at: directory, now: { now }, logger: quiet)
        }
        try? FileManager.default.removeItem(at: directory)
        let services = try await UmiLogServices.open(at: directory, now: { now }, logger: quiet)
        var random = BenchmarkRandom(seed: 0xD1FE)
        var batch: [DiveSite] = []
        for index in 0..<siteCount {
            batch.append(try site(index, &random))
            if batch.count == 10_000 {
                try await services.sites.insert(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        try await services.sites.insert(batch)
        let species = try await services.species.fetchAll().map(\.id)
        for index in 0..<diveCount {
            let draft = dive(index, species: species, &random)
            try await services.saver.save(draft, at: now)
        }
        guard FileManager.default.createFile(atPath: marker.path, contents: Data()) else {
            throw CocoaError(.fileWriteUnknown)
        }
        return services
    }

    static func site(_ index: Int, _ random: inout BenchmarkRandom) throws -> DiveSite {
        let region = regionCorners[index % regionCorners.count]
        let tags = Array(Set((0..<4).map { _ in SiteTag.allCases[Int.random(in: 0..<SiteTag.allCases.count, using: &random)] }))
        let name = "\(pick(prefixes, &random)) \(pick(names, &random)) \(pick(kinds, &random))"
        return DiveSite(
            id: "gen-\(index)", name: name,
            coordinate: try Coordinate(latitude: region.south + random.uniform(0, 10), longitude: region.west + random.uniform(0, 10)),
            region: region.name, area: pick(names, &random), country: pick(countries, &random),
            maxDepthMeters: Double(Int.random(in: 10...60, using: &random)), typicalDepthMeters: 12, tags: tags,
            entry: Bool.random(using: &random) ? .boat : .shore, difficulty: .intermediate,
            description: "A \(pick(adjectives, &random)) \(pick(kinds, &random).lowercased()) with \(pick(life, &random)).",
            source: "benchmark", license: "CC0-1.0"
        )
    }

    static func dive(_ index: Int, species: [String], _ random: inout BenchmarkRandom) -> DiveDraft {
        DiveDraft(
            siteID: "gen-\(Int.random(in: 0..<siteCount, using: &random))",
            startTime: now.addingTimeInterval(-Double(index) * 86_400 / 3), maxDepthMeters: Double(Int.random(in: 5...40, using: &random)),
            bottomTimeSeconds: 60 * Int.random(in: 20...70, using: &random), waterTemperatureCelsius: 26, oxygenPercent: 32,
            buddy: "Sam", tags: ["fun"],
            sightings: (0..<3).map { _ in SightingDraft(speciesID: species[Int.random(in: 0..<species.count, using: &random)]) }
        )
    }

    static func pick(_ words: [String], _ random: inout BenchmarkRandom) -> String {
        words[Int.random(in: 0..<words.count, using: &random)]
    }

    static let prefixes = ["North", "South", "East", "West", "Big", "Little", "Old", "Blue", "Coral", "Hidden", "Outer", "Inner"]
    static let names = [
        "Marlin", "Tuna", "Garden", "Lagoon", "Anchor", "Pelican", "Mango", "Sunset", "Turtle", "Dragon", "Crystal", "Barracuda",
        "Napoleon", "Manta", "Orca", "Fig", "Palm", "Lobster", "Sponge", "Harbour", "Lighthouse", "Pinnacle", "Saddle", "Canyon",
    ]
    static let kinds = ["Reef", "Wall", "Wreck", "Bommie", "Point", "Pass", "Cave", "Shoal", "Rock", "Bay", "Corner", "Thila"]
    static let countries = ["Egypt", "Indonesia", "Philippines", "Mexico", "Belize", "Australia", "Fiji", "Spain", "Malta", "Maldives"]
    static let adjectives = ["sloping", "steep", "sheltered", "current-swept", "shallow", "colourful", "remote"]
    static let life = ["reef sharks", "turtles", "soft corals", "schooling jacks", "nudibranchs", "mantas", "frogfish"]
}
