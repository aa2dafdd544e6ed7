public import BenchmarkSupport
public import CloudWire
public import Foundation
public import Geo
import KilroyAPI
public import KilroyCloud
import Storage

/// The "city": 1,000,000 drops spread uniformly over a 50 km × 50 km square centred on Paris,
/// drawn from fixed seeds so that every store (SQLite, PostgreSQL), the Redis reference and the
/// load test's server hold exactly the same points, and every near query uses the same centres.
public enum CityDrops {
    public static let dropCount = 1_000_000
    public static let centre = (latitude: 48.8566, longitude: 2.3522)
    /// Half the side of the square, metres.
    public static let halfSide = 25_000.0
    /// Devices that own the drops, as the server keys them: the digests of 5,000 credentials.
    public static let deviceCount = 5_000
    /// Drops written per transaction while filling a store.
    public static let batchSize = 50_000

    /// The drops' coordinates, regenerated from the seed.
    public static func coordinates() throws -> [Coordinate] {
        var random = BenchmarkRandom(seed: 0xC17E)
        return try (0..<dropCount).map { _ in try randomPoint(&random) }
    }

    /// `count` query centres, at least 500 m inside the square's edge so that every circle of
    /// 500 m lies in the city (≈ 314 drops in each).
    public static func queryCentres(count: Int = 1_000) throws -> [Coordinate] {
        var random = BenchmarkRandom(seed: 0x5EED)
        return try (0..<count).map { _ in try randomPoint(&random, margin: 500) }
    }

    /// A uniform point of the square (flat-earth offsets from the centre: at 50 km the error is
    /// far below anything a near query can notice, and the points only need to be the same
    /// everywhere, not exact).
    public static func randomPoint(_ random: inout BenchmarkRandom, margin: Double = 0) throws -> Coordinate {
        let metresPerDegreeLatitude = earthMeanRadiusMeters * Double.pi / 180
        let metresPerDegreeLongitude = metresPerDegreeLatitude * cos(centre.latitude * Double.pi / 180)
        let north = random.uniform(-halfSide + margin, halfSide - margin)
        let east = random.uniform(-halfSide + margin, halfSide - margin)
        return try Coordinate(
            latitude: centre.latitude + north / metresPerDegreeLatitude,
            longitude: centre.longitude + east / metresPerDegreeLongitude)
    }

    /// The photo every city drop points at (its record only: near queries never read the bytes).
    public static func image(owner: DeviceDigest) -> StoredImageRecord {
        StoredImageRecord(
            id: BlobStore.cid(for: Data("city".utf8)), format: .jpeg, byteCount: 4, uploader: owner,
            uploadedAt: Date(timeIntervalSince1970: 1_700_000_000))
    }

    /// The drops with indexes in `range`, as records ready for a store's batch insert. Ids are
    /// UUID-shaped and encode the index, so a drop can be found again by its number.
    public static func records(
        _ range: Range<Int>, coordinates: [Coordinate], owners: [DeviceDigest], imageID: String
    ) -> [KilroyRecord] {
        let created = Date(timeIntervalSince1970: 1_700_000_000)
        return range.map { index in
            KilroyRecord(
                id: String(format: "%08X-0000-4000-8000-%012X", index, index), owner: owners[index % deviceCount],
                coordinate: coordinates[index], imageID: imageID, placeName: "Place \(index % 977)", placeAddress: nil,
                comment: index % 3 == 0 ? "A memory left here, number \(index)." : nil,
                createdAt: created.addingTimeInterval(Double(index)), receivedAt: created.addingTimeInterval(Double(index)))
        }
    }

    /// Writes every drop into `store` (empty), `batchSize` per transaction; `progress` gets the
    /// count written so far after each batch.
    public static func fill(_ store: SQLiteKilroyStore, progress: (Int) -> Void = { _ in }) async throws {
        try await fill(insertImage: { try await store.insertImage($0) }, createKilroys: { try await store.createKilroys($0) }, progress: progress)
    }

    /// ``fill(_:progress:)`` for any store with a batch insert (the PostgreSQL store's too).
    public static func fill(
        insertImage: (StoredImageRecord) async throws -> Bool, createKilroys: ([KilroyRecord]) async throws -> [KilroyCreation],
        progress: (Int) -> Void = { _ in }
    ) async throws {
        let owners = try deviceDigests()
        let image = image(owner: owners[0])
        _ = try await insertImage(image)
        let coordinates = try coordinates()
        for batchStart in stride(from: 0, to: dropCount, by: batchSize) {
            let end = min(batchStart + batchSize, dropCount)
            let outcomes = try await createKilroys(records(batchStart..<end, coordinates: coordinates, owners: owners, imageID: image.id))
            for outcome in outcomes {
                guard case .created = outcome else { throw CityFixtureError.notCreated }
            }
            progress(end)
        }
    }

    /// The digests of ``deviceCount`` credentials drawn from a fixed seed, so every build of a
    /// store has the same owners (stores keep only digests, never the credentials).
    public static func deviceDigests() throws -> [DeviceDigest] {
        try deviceTokens(count: deviceCount, seed: 0xD1_6E57).map(DeviceDigest.init(token:))
    }

    /// `count` device credentials from `seed`.
    public static func deviceTokens(count: Int, seed: UInt64) throws -> [DeviceToken] {
        var random = BenchmarkRandom(seed: seed)
        return try (0..<count).map { _ in
            let bytes = (0..<DeviceToken.byteCount).map { _ in UInt8.random(in: .min ... .max, using: &random) }
            guard let token = DeviceToken(bytes: bytes) else { throw CityFixtureError.tokenShape }
            return token
        }
    }
}

/// The only way the fixture's own generation can go wrong.
public enum CityFixtureError: LocalizedError {
    case tokenShape
    case notCreated

    public var errorDescription: String? {
        switch self {
        case .tokenShape: "DeviceToken refused 32 random bytes: its byte count changed."
        case .notCreated: "A city drop was not created: fill an empty store."
        }
    }
}
