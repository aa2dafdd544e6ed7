#if KILROY_BENCH_POSTGRES
import Foundation
import GRDB
import Geo
import KilroyCityFixture
import KilroyCloud
import KilroyCloudPostgres
import Logging
import PostgresNIO
import PostgresStorage

/// A local experiment for the PostgreSQL store's near query, on the benchmark's schema: shapes
/// proposed for `PostgresKilroyStore+Near.swift` (i15-postgres's file), each checked to return
/// the store's kilroys in the store's order for every centre, timed interleaved with the store.
enum PostgresNearExperiment {
    /// The store today: a repeatable-read transaction (BEGIN, SET TRANSACTION), candidates by
    /// `ST_DWithin` on the geography index, exact filter and sort in Swift, the rows by
    /// `id = ANY(…)`, COMMIT.
    /// `one-statement`: the same candidates with all 12 columns in one statement outside any
    /// explicit transaction (one statement reads one snapshot), filter and sort in Swift.
    /// `box+one-statement`: candidates by a latitude/longitude box on a GiST index of
    /// `(position::geometry)` (made here if missing), all columns, one statement.
    static func run(rounds: Int) async throws {
        guard let text = ProcessInfo.processInfo.environment["BENCH_POSTGRES_URL"] else { throw PostgresBenchError.noURL }
        let url = try PostgresConnectionURL(text)
        let logger = Logger(label: "kilroy-city") { _ in SwiftLogNoOpLogHandler() }
        let client = PostgresClient(configuration: url.configuration, backgroundLogger: logger)
        let schema = try PostgresSchemaName(PostgresCommands.benchmarkSchema)
        let kilroys = schema.qualified("kilroys")
        let radius = CityCommands.radius
        let limit = CityCommands.limit
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            let store = try await PostgresKilroyStore.open(client: client, schema: schema.rawValue, logger: logger)
            try await client.query(
                "CREATE INDEX IF NOT EXISTS bench_kilroys_geometry ON \(unescaped: kilroys) USING GIST ((position::geometry))",
                logger: logger)
            let columns =
                "id, owner, latitude, longitude, image_id, place_name, place_address, comment, created_at, received_at, report_count, hidden"

            /// Exact filter and order in Swift; only the `limit` rows kept are decoded whole.
            func nearest(_ rows: PostgresRowSequence, center: Coordinate) async throws -> [String] {
                var found: [(row: PostgresRow, id: String, distance: Double)] = []
                for try await row in rows {
                    let cells = row.makeRandomAccess()
                    let coordinate = try Coordinate(latitude: try cells[1].decode(Double.self), longitude: try cells[2].decode(Double.self))
                    let distance = haversineDistance(from: center, to: coordinate)
                    if distance <= radius { found.append((row, try cells[0].decode(String.self), distance)) }
                }
                found.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.id < $1.id }
                return try found.prefix(limit).map { entry in
                    let cells = entry.row.makeRandomAccess()
                    let owner = try cells[4].decode(Data.self)
                    guard let digest = DeviceDigest.fromDatabaseValue(owner.databaseValue) else { throw ExperimentError.corrupt(entry.id) }
                    let record = KilroyRecord(
                        id: try cells[3].decode(String.self), owner: digest,
                        coordinate: try Coordinate(latitude: try cells[5].decode(Double.self), longitude: try cells[6].decode(Double.self)),
                        imageID: try cells[7].decode(String.self), placeName: try cells[8].decode(String?.self),
                        placeAddress: try cells[9].decode(String?.self), comment: try cells[10].decode(String?.self),
                        createdAt: Date(timeIntervalSince1970: try cells[11].decode(Double.self)),
                        receivedAt: Date(timeIntervalSince1970: try cells[12].decode(Double.self)),
                        reportCount: try cells[13].decode(Int.self), isHidden: try cells[14].decode(Bool.self))
                    return record.id
                }
            }
            let oneStatement: (Coordinate) async throws -> [String] = { center in
                let rows = try await client.query(
                    """
                    SELECT id, latitude, longitude, \(unescaped: columns) FROM \(unescaped: kilroys)
                    WHERE ST_DWithin(position, ST_MakePoint(\(center.longitude), \(center.latitude))::geography, \(radius * (1 + 1e-6) + 1), false)
                    """, logger: logger)
                return try await nearest(rows, center: center)
            }
            let boxStatement: (Coordinate) async throws -> [String] = { center in
                let box = NearExperiment.BoundingBox(center: center, radius: radius)
                let rows = try await client.query(
                    """
                    SELECT id, latitude, longitude, \(unescaped: columns) FROM \(unescaped: kilroys)
                    WHERE position::geometry && ST_MakeEnvelope(\(box.west), \(box.south), \(box.east), \(box.north), 4326)
                    """, logger: logger)
                return try await nearest(rows, center: center)
            }
            let engines: [(name: String, query: (Coordinate) async throws -> [String])] = [
                ("store", { try await store.nearby(center: $0, radius: radius, limit: limit) { _ in .include }.kilroys.map(\.kilroy.id) }),
                ("one-statement", oneStatement),
                ("box+one-statement", boxStatement),
            ]
            let centres = try CityDrops.queryCentres()
            for centre in centres {
                let expected = try await engines[0].query(centre)
                for engine in engines.dropFirst() where try await engine.query(centre) != expected {
                    throw ExperimentError.differs(variant: engine.name, centre: 0)
                }
            }
            let clock = ContinuousClock()
            var timings = Array(repeating: NearTiming(microseconds: [], results: 0), count: engines.count)
            for _ in 0..<rounds {
                for centre in centres {
                    for (index, engine) in engines.enumerated() {
                        let started = clock.now
                        let count = try await engine.query(centre).count
                        let elapsed = clock.now - started
                        timings[index].microseconds.append(
                            Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
                        timings[index].results += count
                    }
                }
            }
            for (index, engine) in engines.enumerated() {
                print(timings[index].json(engine: "postgres-experiment:\(engine.name)"))
            }
            try await client.query("DROP INDEX IF EXISTS \(unescaped: schema.qualified("bench_kilroys_geometry"))", logger: logger)
        }
    }
}
#endif
