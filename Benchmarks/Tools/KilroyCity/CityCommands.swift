import Foundation
import Geo
import KilroyCityFixture
import KilroyCloud

/// What `kilroy-city` can be asked to do (see `main.swift`).
enum CityCommands {
    /// The near query every engine is asked: 500 m around a centre, the 100 nearest.
    static let radius = 500.0
    static let limit = 100

    /// Fills `directory/kilroy.sqlite`, the file `app-server --data directory` opens, unless a
    /// complete one is already there (`city-complete` is written last, so an interrupted fill is
    /// thrown away and redone).
    static func seed(directory: URL) async throws {
        let marker = directory.appendingPathComponent("city-complete")
        let database = directory.appendingPathComponent("kilroy.sqlite")
        if FileManager.default.fileExists(atPath: marker.path) {
            note("city already seeded in \(directory.path)")
            return
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: database.path + suffix)
        }
        let store = try SQLiteKilroyStore.open(at: database)
        let clock = ContinuousClock()
        let started = clock.now
        try await CityDrops.fill(store) { written in
            if written % 200_000 == 0 { note("seeded \(written) drops") }
        }
        try Data("\(CityDrops.dropCount) drops\n".utf8).write(to: marker)
        note("seeded \(CityDrops.dropCount) drops in \(clock.now - started)")
    }

    static func writeCentres(to file: URL) throws {
        let lines = try CityDrops.queryCentres().map { "\($0.latitude) \($0.longitude)\n" }
        try Data(lines.joined().utf8).write(to: file)
    }

    /// Credentials for load-test devices, from a seed of their own (not the drops' owners).
    static func printTokens(count: Int) throws {
        let tokens = try CityDrops.deviceTokens(count: count, seed: 0x10AD)
        print(tokens.map(\.text).joined(separator: "\n"))
    }

    /// Records the stores keep for near answers: `KILROY_RECENT_RECORDS=0` times them keeping
    /// none, so every row is read from the file or the database — what a query about a place no
    /// one asked about lately costs.
    static var recentRecords: Int {
        ProcessInfo.processInfo.environment["KILROY_RECENT_RECORDS"].flatMap { Int($0) } ?? SQLiteKilroyStore.defaultRecentRecords
    }

    /// Times `nearby` on the SQLite store in `directory` and prints one JSON line.
    static func near(directory: URL, rounds: Int) async throws {
        let marker = directory.appendingPathComponent("city-complete")
        guard FileManager.default.fileExists(atPath: marker.path) else { throw CityCommandError.notSeeded(directory.path) }
        let recent = recentRecords
        let store = try SQLiteKilroyStore.open(at: directory.appendingPathComponent("kilroy.sqlite"), recentRecords: recent)
        let centres = try CityDrops.queryCentres()
        let timing = try await NearTiming.measure(centres: centres, rounds: rounds) { centre in
            try await store.nearby(center: centre, radius: radius, limit: limit) { _ in .include }.kilroys.count
        }
        print(timing.json(engine: recent == 0 ? "sqlite-cold" : "sqlite"))
    }

    /// Times the store and the variants of ``NearExperiment`` on the city in `directory`, each
    /// variant first checked against the store's answers for every centre. The engines take
    /// turns query by query, so a machine busy with other work slows them all alike and the
    /// ratios hold even when the absolute figures do not. Prints one JSON line per engine.
    static func experiment(directory: URL, rounds: Int) async throws {
        let database = directory.appendingPathComponent("kilroy.sqlite")
        let store = try SQLiteKilroyStore.open(at: database)
        let centres = try CityDrops.queryCentres()
        var expected: [[String]] = []
        for centre in centres {
            expected.append(try await store.nearby(center: centre, radius: radius, limit: limit) { _ in .include }.kilroys.map(\.kilroy.id))
        }
        let probe = try NearExperiment(database: database, variant: .lean, radius: radius, limit: limit)
        note(try await probe.pool.read { db in try NearExperiment.stages(db, centres: centres, radius: radius) })
        // KILROY_EXPERIMENT=lean+mmap,replica runs only those (for a profiler).
        let chosen = ProcessInfo.processInfo.environment["KILROY_EXPERIMENT"].map { $0.split(separator: ",").map(String.init) }
        var engines: [(name: String, query: (Coordinate) async throws -> Int)] = []
        if chosen?.contains("store") ?? true {
            engines.append(
                ("store", { centre in try await store.nearby(center: centre, radius: radius, limit: limit) { _ in .include }.kilroys.count }))
        }
        let present = try await probe.pool.read { db in try Set(String.fetchAll(db, sql: "SELECT name FROM sqlite_master")) }
        for variant in NearExperiment.Variant.allCases where chosen?.contains(variant.rawValue) ?? true {
            if let index = variant.requiredIndex, !present.contains(index) {
                note("\(variant.rawValue) skipped: this file has no \(index)")
                continue
            }
            let experiment = try NearExperiment(database: database, variant: variant, radius: radius, limit: limit)
            for (index, centre) in centres.enumerated()
            where variant.loadsRows ? try await experiment.nearby(center: centre) != expected[index] : false {
                throw ExperimentError.differs(variant: variant.rawValue, centre: index)
            }
            engines.append((variant.rawValue, { centre in try await experiment.nearby(center: centre).count }))
        }
        let clock = ContinuousClock()
        var timings = Array(repeating: NearTiming(microseconds: [], results: 0), count: engines.count)
        for round in 0...rounds {
            for centre in centres {
                for (index, engine) in engines.enumerated() {
                    let started = clock.now
                    let count = try await engine.query(centre)
                    let elapsed = clock.now - started
                    // Round 0 warms every engine's pages and caches up.
                    guard round > 0 else { continue }
                    timings[index].microseconds.append(
                        Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
                    timings[index].results += count
                }
            }
        }
        for (index, engine) in engines.enumerated() {
            print(timings[index].json(engine: "experiment:\(engine.name)"))
        }
    }

    static func note(_ message: String) {
        FileHandle.standardError.write(Data("kilroy-city: \(message)\n".utf8))
    }
}

/// Per-query wall-clock times of a near query over the centres, after one untimed warm-up pass
/// (the first queries of a process read the file's pages; later ones find them cached, as a
/// running server does).
struct NearTiming {
    var microseconds: [Double]
    var results: Int

    static func measure(centres: [Coordinate], rounds: Int, query: (Coordinate) async throws -> Int) async throws -> NearTiming {
        for centre in centres { _ = try await query(centre) }
        let clock = ContinuousClock()
        var timing = NearTiming(microseconds: [], results: 0)
        timing.microseconds.reserveCapacity(centres.count * rounds)
        for _ in 0..<rounds {
            for centre in centres {
                let started = clock.now
                let count = try await query(centre)
                let elapsed = clock.now - started
                timing.microseconds.append(
                    Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
                timing.results += count
            }
        }
        return timing
    }

    func percentile(_ fraction: Double) -> Double {
        let sorted = microseconds.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.down)))]
    }

    func json(engine: String) -> String {
        let meanResults = microseconds.isEmpty ? 0 : Double(results) / Double(microseconds.count)
        func figure(_ value: Double) -> String { String(format: "%.1f", value) }
        return #"{"engine":"\#(engine)","queries":\#(microseconds.count),"p50_us":\#(figure(percentile(0.5))),"#
            + #""p90_us":\#(figure(percentile(0.9))),"p99_us":\#(figure(percentile(0.99))),"mean_results":\#(figure(meanResults))}"#
    }
}

enum CityCommandError: LocalizedError {
    case usage(String)
    case notSeeded(String)
    case noPostgres

    var errorDescription: String? {
        switch self {
        case .usage(let text): text
        case .notSeeded(let path): "\(path) holds no complete city: run `kilroy-city seed \(path)` first."
        case .noPostgres: "this build has no PostgreSQL store (the main package exports no KilroyCloudPostgres product yet)."
        }
    }
}
