import Foundation
import Geo
import KilroyCityFixture
import KilroyCloud

/// The city's 1,000,000 drops (``CityDrops``) in the server's SQLite store, built on first use
/// and kept on disk.
///
/// package-benchmark runs every benchmark in a process of its own, and building the store takes
/// a minute or more on the 2-core machine, so the database is kept in
/// `<temporary directory>/kilroy-bench-city-1m/<build key>/` and reopened by the next process.
/// The build key names the benchmark executable (size and modification time): rebuilding the
/// benchmarks builds a fresh store and removes the stale one. A store is used only once
/// `complete` is written beside it, so an interrupted build is thrown away.
actor CityFixture {
    private var built: SQLiteKilroyStore?

    func store() async throws -> SQLiteKilroyStore {
        if let built { return built }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kilroy-bench-city-1m", isDirectory: true)
        let directory = root.appendingPathComponent(Self.buildKey(), isDirectory: true)
        let marker = directory.appendingPathComponent("complete")
        let database = directory.appendingPathComponent("kilroy.sqlite")
        let store: SQLiteKilroyStore
        if FileManager.default.fileExists(atPath: marker.path) {
            store = try SQLiteKilroyStore.open(at: database)
        } else {
            try? FileManager.default.removeItem(at: root)
            store = try SQLiteKilroyStore.open(at: database)
            try await CityDrops.fill(store)
            try Data("\(CityDrops.dropCount) drops\n".utf8).write(to: marker)
        }
        built = store
        return store
    }

    /// Size and modification time of the running benchmark executable.
    private static func buildKey() -> String {
        let path = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let attributes = (try? FileManager.default.attributesOfItem(atPath: path)) ?? [:]
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(size)-\(Int64(modified))"
    }
}

/// Query centres cycled through by the near-query benchmarks, 500 m inside the square's edge.
actor CentreCycle {
    private var centres: [Coordinate] = []
    private var next = 0

    func take() throws -> Coordinate {
        if centres.isEmpty { centres = try CityDrops.queryCentres() }
        defer { next = (next + 1) % centres.count }
        return centres[next]
    }
}

/// The fixture's coordinates in memory, generated once per process.
actor CoordinateCache {
    private var cached: [Coordinate]?

    func value() throws -> [Coordinate] {
        if let cached { return cached }
        let coordinates = try CityDrops.coordinates()
        cached = coordinates
        return coordinates
    }
}
