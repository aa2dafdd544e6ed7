import Testing

@testable import Geo

/// §5.5 of `Tests/Fixtures/vectors/formats-and-algorithms.json`: geofire-common 6.0.0
/// `geohashQueryBounds` and its helpers.
@Suite("GeoFire query bounds")
struct GeoFireQueryBoundsTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let latitude: Double
        let longitude: Double
        let radius: Double
        let queryBits: Int
        let precision: Int
        let ranges: [[String]]
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(
            name: "London (docs example)", latitude: 51.5074, longitude: 0.1278, radius: 50_000,
            queryBits: 15, precision: 3, ranges: [["u10", "u11"], ["gcp", "gcq"]]),
        Row(
            name: "San Francisco 1 km", latitude: 37.7853074, longitude: -122.4054274, radius: 1_000,
            queryBits: 27, precision: 6,
            ranges: [["9q8yys", "9q8yy~"], ["9q8yyh", "9q8yys"], ["9q8zn8", "9q8znh"], ["9q8zn0", "9q8zn8"]]),
        Row(
            name: "London 5 km", latitude: 51.5074, longitude: -0.1278, radius: 5_000,
            queryBits: 22, precision: 5,
            ranges: [["gcpvh", "gcpvs"], ["gcpv0", "gcpv8"], ["gcpus", "gcpu~"], ["gcpu8", "gcpuh"]]),
        Row(
            name: "antimeridian", latitude: 0.5, longitude: 179.9999, radius: 10_000,
            queryBits: 20, precision: 4,
            ranges: [["xbpf", "xbpg"], ["8004", "8005"], ["xbpg", "xbph"], ["8005", "8006"]]),
        Row(
            name: "Tokyo 50 m", latitude: 35.6762, longitude: 139.6503, radius: 50,
            queryBits: 36, precision: 8,
            ranges: [
                ["xn76cydh", "xn76cyd~"], ["xn76cy9h", "xn76cy9~"], ["xn76cyd0", "xn76cydh"],
                ["xn76cy90", "xn76cy9h"],
            ]),
        Row(
            name: "Sydney 25 km", latitude: -33.8688, longitude: 151.2093, radius: 25_000,
            queryBits: 18, precision: 4,
            ranges: [["r3gw", "r3g~"], ["r3gn", "r3gs"], ["r658", "r65d"], ["r650", "r654"]]),
        Row(
            name: "New York 100 km", latitude: 40.7128, longitude: -74.006, radius: 100_000,
            queryBits: 14, precision: 3,
            ranges: [["dr4", "dr6"], ["drh", "drk"], ["dr6", "dr8"], ["drk", "drn"]]),
        Row(
            name: "origin, four quadrants", latitude: 0, longitude: 0, radius: 1_000,
            queryBits: 28, precision: 6,
            ranges: [["7zzzzw", "7zzzz~"], ["kpbpbn", "kpbpbs"], ["ebpbp8", "ebpbpd"], ["s00000", "s00004"]]),
        Row(
            name: "near the north pole (reference covers only the west)", latitude: 89.99, longitude: 0,
            radius: 1_000, queryBits: 1, precision: 1, ranges: [["0", "h"]]),
    ]

    @Test("§5.5 rows: query bits, precision and the exact ranges in order", arguments: rows)
    func matchesReference(row: Row) throws {
        let center = try Coordinate(latitude: row.latitude, longitude: row.longitude)
        #expect(GeoFire.queryBits(center: center, radius: row.radius) == row.queryBits)
        #expect((row.queryBits + 4) / 5 == row.precision)
        let ranges = try Geohash.geoFireQueryBounds(center: center, radius: row.radius)
        #expect(ranges.map { [$0.start, $0.end] } == row.ranges)
    }

    @Test("the docs example's stored hash is u10j4bth3g (GeoFire encoding)")
    func docsExampleHash() throws {
        let center = try Coordinate(latitude: 51.5074, longitude: 0.1278)
        #expect(try Geohash.encode(center, precision: 10, boundary: .southWest) == "u10j4bth3g")
    }

    @Test(
        "boundingBoxBits helper vectors",
        arguments: [
            (35.0, 1_000.0, 28), (35.645, 1_000.0, 27), (36.0, 1_000.0, 27), (0.0, 1_000.0, 28),
            (0.0, 8_000.0, 22), (45.0, 1_000.0, 27), (75.0, 1_000.0, 25), (75.0, 2_000.0, 23), (90.0, 1_000.0, 1),
        ])
    func boundingBoxBits(latitude: Double, radius: Double, bits: Int) throws {
        let center = try Coordinate(latitude: latitude, longitude: 0)
        #expect(GeoFire.boundingBoxBits(center: center, radius: radius) == bits)
    }

    @Test(
        "geohashQuery helper vectors",
        arguments: [
            ("64m9yn96mx", 6, "60", "6h"), ("64m9yn96mx", 1, "0", "h"), ("64m9yn96mx", 10, "64", "65"),
            ("6409yn96mx", 11, "640", "64h"), ("64m9yn96mx", 11, "64h", "64~"), ("6", 10, "6", "6~"),
            ("64z178", 12, "64s", "64~"), ("64z178", 15, "64z", "64~"),
        ])
    func geohashQuery(hash: String, bits: Int, start: String, end: String) {
        #expect(GeoFire.query(hash: hash, bits: bits) == GeohashRange(start: start, end: end))
    }

    @Test(
        "metersToLongitudeDegrees helper vectors",
        arguments: [
            (1_000.0, 0.0, 0.008983152841195214), (1_000.0, 89.995, 102.59420781877371),
            (1_000.0, 90.0, 360.0), (0.0, 90.0, 0.0),
        ])
    func metersToLongitudeDegrees(distance: Double, latitude: Double, degrees: Double) {
        #expect(GeoFire.metersToLongitudeDegrees(distance, latitude: latitude) == degrees)
    }

    @Test(
        "wrapLongitude helper vectors",
        arguments: [
            (182.0, -178.0), (540.0, -180.0), (-540.0, 180.0), (810.0, 90.0), (-182.0, 178.0), (180.0, 180.0), (-12.5, -12.5),
        ])
    func wrapLongitude(input: Double, expected: Double) {
        #expect(GeoFire.wrapLongitude(input) == expected)
    }

    @Test("a negative or non-finite radius is rejected", arguments: [-1.0, .nan, .infinity])
    func invalidRadius(radius: Double) throws {
        let center = try Coordinate(latitude: 1, longitude: 2)
        #expect {
            _ = try Geohash.geoFireQueryBounds(center: center, radius: radius)
        } throws: { error in
            guard case GeohashError.invalidRadius(let value) = error else { return false }
            return value.isNaN ? radius.isNaN : value == radius
        }
    }
}
