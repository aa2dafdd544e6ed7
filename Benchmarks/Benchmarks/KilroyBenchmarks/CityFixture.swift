import BenchmarkSupport
import Foundation
import Geo
import KilroyAPI
import KilroyCloud
import Storage

/// 1,000,000 drops spread uniformly over a 50 km × 50 km square centred on Paris, in the
/// server's SQLite store, built on first use and kept on disk.
///
/// package-benchmark runs every benchmark in a process of its own, and building the store takes
/// a minute or more on the 2-core machine, so the database is kept in
/// `<temporary directory>/kilroy-bench-city-1m/<build key>/` and reopened by the next process.
/// The build key names the benchmark executable (size and modification time): rebuilding the
/// benchmarks builds a fresh store and removes the stale one. A store is used only once
/// `complete` is written beside it, so an interrupted build is thrown away.
actor CityFixture {
    static let dropCount = 1_000_000
    static let centre = (latitude: 48.8566, longitude: 2.3522)
    /// Half the side of the square, metres.
    static let halfSide = 25_000.0

    private var built: SQLiteKilroyStore?

    /// The same drops' coordinates, regenerated from the seed (for the brute-force reference).
    static func coordinates() throws -> [Coordinate] {
        var random = BenchmarkRandom(seed: 0xC17E)
        return try (0..<dropCount).map { _ in try randomPoint(&random) }
    }

    /// A uniform point of the square.
    static func randomPoint(_ random: inout BenchmarkRandom, margin: Double = 0) throws -> Coordinate {
        let metresPerDegreeLatitude = earthMeanRadiusMeters * Double.pi / 180
        let metresPerDegreeLongitude = metresPerDegreeLatitude * cos(centre.latitude * Double.pi / 180)
        let north = random.uniform(-halfSide + margin, halfSide - margin)
        let east = random.uniform(-halfSide + margin, halfSide - margin)
        return try Coordinate(
            latitude: centre.latitude + north / metresPerDegreeLatitude,
            longitude: centre.longitude + east / metresPerDegreeLongitude)
    }

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
            try await Self.fill(store)
            try Data("\(Self.dropCount) drops\n".utf8).write(to: marker)
        }
        built = store
        return store
    }

    /// Devices that own the drops, as the server keys them: the digests of 5,000 credentials.
    static let deviceCount = 5_000

    private static func fill(_ store: SQLiteKilroyStore) async throws {
        let owners = try deviceDigests()
        let image = StoredImageRecord(
            id: BlobStore.cid(for: Data("city".utf8)), format: .jpeg, byteCount: 4, uploader: owners[0],
            uploadedAt: Date(timeIntervalSince1970: 1_700_000_000))
        _ = try await store.insertImage(image)
        let coordinates = try coordinates()
        let created = Date(timeIntervalSince1970: 1_700_000_000)
        for batchStart in stride(from: 0, to: dropCount, by: 50_000) {
            let records = (batchStart..<min(batchStart + 50_000, dropCount)).map { index in
                KilroyRecord(
                    id: String(format: "%08X-0000-4000-8000-%012X", index, index), owner: owners[index % deviceCount],
                    coordinate: coordinates[index], imageID: image.id, placeName: "Place \(index % 977)", placeAddress: nil,
                    comment: index % 3 == 0 ? "A memory left here, number \(index)." : nil,
                    createdAt: created.addingTimeInterval(Double(index)), receivedAt: created.addingTimeInterval(Double(index)))
            }
            _ = try await store.createKilroys(records)
        }
    }

    /// The digests of ``deviceCount`` credentials drawn from a fixed seed, so every build of the
    /// store has the same owners (the store keeps only digests, never the credentials).
    private static func deviceDigests() throws -> [DeviceDigest] {
        var random = BenchmarkRandom(seed: 0xD1_6E57)
        return try (0..<deviceCount).map { _ in
            let bytes = (0..<DeviceToken.byteCount).map { _ in UInt8.random(in: .min ... .max, using: &random) }
            guard let token = DeviceToken(bytes: bytes) else { throw FixtureError.unexpected("a device token of 32 bytes") }
            return DeviceDigest(token: token)
        }
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
        if centres.isEmpty {
            var random = BenchmarkRandom(seed: 0x5EED)
            centres = try (0..<1_000).map { _ in try CityFixture.randomPoint(&random, margin: 500) }
        }
        defer { next = (next + 1) % centres.count }
        return centres[next]
    }
}

/// The fixture's coordinates in memory, generated once per process.
actor CoordinateCache {
    private var cached: [Coordinate]?

    func value() throws -> [Coordinate] {
        if let cached { return cached }
        let coordinates = try CityFixture.coordinates()
        cached = coordinates
        return coordinates
    }
}
