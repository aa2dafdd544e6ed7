import Testing

@testable import Geo

/// Issue 13: `kilroy geohash encode --lon 180` landed in the −180 column (`.northEast` wrapped
/// 180 to −180, as python-geohash does) while pygeohash keeps 180 in the easternmost column.
///
/// Reference values from pygeohash 3.5.1 (`pygeohash.encode(lat, lon, precision)`,
/// `decode_exactly`, `get_adjacent(h, "right"/"left")`), run once by hand; not part of the suite.
@Suite("Regression: longitude 180 is encoded in the easternmost column, as pygeohash does")
struct GeohashEastEdgeTests {
    @Test(
        "pygeohash's hashes of points on the 180° meridian",
        arguments: [
            (0.0, 180.0, 12, "xbpbpbpbpbpb"), (0, 180, 1, "x"), (0, 180, 6, "xbpbpb"), (45, 180, 6, "zbpbpb"),
            (-45, 180, 5, "rbpbp"), (90, 180, 8, "zzzzzzzz"), (-90, 180, 8, "pbpbpbpb"), (52.37, 180, 9, "zcrczvxvr"),
            (-33.9, 180, 7, "rczzpux"), (89.99, 180, 4, "zzzz"),
            // Unchanged around it: −180 stays west, just short of 180 stays east.
            (0, -180, 6, "800000"), (0, 179.99999, 6, "xbpbpb"), (0, 0, 6, "s00000"), (90, 0, 6, "upbpbp"),
        ] as [(Double, Double, Int, String)]
    )
    func encodesLikePygeohash(latitude: Double, longitude: Double, precision: Int, expected: String) throws {
        let point = try Coordinate(latitude: latitude, longitude: longitude)
        #expect(try Geohash.encode(point, precision: precision) == expected)
        #expect(try Geohash.encode(point, precision: precision, boundary: .northEast) == expected)
    }

    @Test("the easternmost cells decode to an east edge of 180 and wrap east to column 0, as pygeohash says")
    func decodeAndNeighbours() throws {
        let cases: [(hash: String, latitude: Double, longitude: Double, east: String, west: String)] = [
            ("xbpbpb", 0.00274658203125, 179.9945068359375, "800000", "xbpbp8"),
            ("zzzzzzzz", 89.99991416931152, 179.99982833862305, "bpbpbpbp", "zzzzzzzx"),
            ("zbpbpb", 45.00274658203125, 179.9945068359375, "b00000", "zbpbp8"),
        ]
        for row in cases {
            let cell = try Geohash.decode(row.hash)
            #expect(cell.center.latitude == row.latitude && cell.center.longitude == row.longitude, "\(row.hash)")
            #expect(cell.bounds.east == 180, "\(row.hash)")
            let point = try Coordinate(latitude: row.latitude, longitude: 180)
            #expect(cell.bounds.contains(point))
            let neighbours = try Geohash.neighbors(row.hash)
            #expect(neighbours.east == row.east && neighbours.west == row.west, "\(row.hash)")
        }
    }

    @Test("a near query across the meridian finds points stored at 180 and at −180 from either side")
    func coversBothEnds() throws {
        let east = try Geohash.encode(try Coordinate(latitude: 10, longitude: 180), precision: 10)
        let west = try Geohash.encode(try Coordinate(latitude: 10, longitude: -180), precision: 10)
        for centre in [(10.0, 179.999), (10.0, -179.999), (10.0, 180.0), (10.0, -180.0)] {
            let ranges = try Geohash.coveringRanges(
                center: try Coordinate(latitude: centre.0, longitude: centre.1), radius: 500, storedPrecision: 10)
            for hash in [east, west] {
                #expect(ranges.contains { $0.start <= hash && hash < $0.end }, "\(centre) \(hash)")
            }
        }
        // A box whose western edge is exactly −180 holds the 180 meridian too.
        let box = BoundingBox(uncheckedSouth: 9, north: 11, west: -180, east: -179)
        #expect(box.contains(try Coordinate(latitude: 10, longitude: 180)))
        let ranges = try Geohash.coveringRanges(of: box, storedPrecision: 10)
        #expect(ranges.contains { $0.start <= east && east < $0.end })
    }
}
