import Testing

@testable import Geo

/// §5.1 and §5.2 of `Tests/Fixtures/vectors/formats-and-algorithms.json`.
@Suite("Geohash encoding")
struct GeohashEncodeTests {
    struct Point: Sendable, CustomTestStringConvertible {
        let id: String
        let latitude: Double
        let longitude: Double
        let hash: String
        var testDescription: String { "\(id) (\(latitude), \(longitude))" }
    }

    /// §5.1: python-geohash, pygeohash, geohash2 and geofire-common agree at every precision.
    static let points: [Point] = [
        Point(id: "G1", latitude: 57.64911, longitude: 10.40744, hash: "u4pruydqqvj8"),
        Point(id: "G2", latitude: 37.7853074, longitude: -122.4054274, hash: "9q8yywe56gcf"),
        Point(id: "G3", latitude: 38.98719, longitude: -77.250783, hash: "dqcjf17sy6cp"),
        Point(id: "G4", latitude: 29.3760648, longitude: 47.9818853, hash: "tj4p5gerfzqu"),
        Point(id: "G5", latitude: 78.216667, longitude: 15.55, hash: "umghcygjj782"),
        Point(id: "G6", latitude: -54.933333, longitude: -67.616667, hash: "4qpzmren1kwb"),
        Point(id: "G7", latitude: -54.0, longitude: -67.0, hash: "4w2kg3s54y7h"),
        Point(id: "G8", latitude: -33.8688, longitude: 151.2093, hash: "r3gx2f77bn44"),
        Point(id: "G9", latitude: 51.5074, longitude: -0.1278, hash: "gcpvj0duq533"),
        Point(id: "G10", latitude: 35.6762, longitude: 139.6503, hash: "xn76cydhzven"),
        Point(id: "G11", latitude: 89.9999, longitude: 12.3456, hash: "urbzbzvz3m6e"),
        Point(id: "G12", latitude: -89.9999, longitude: -123.4567, hash: "1200n8j8d6sk"),
        Point(id: "G13", latitude: 0.5, longitude: 179.9999, hash: "xbpfzgpbtwv2"),
        Point(id: "G14", latitude: 0.5, longitude: -179.9999, hash: "8004b500dqf8"),
        Point(id: "G15", latitude: 1e-06, longitude: 1e-06, hash: "s0000000000t"),
        Point(id: "G16", latitude: -1e-06, longitude: -1e-06, hash: "7zzzzzzzzzz6"),
        Point(id: "G17", latitude: -17.7134, longitude: 178.065, hash: "ruye5zqgznzm"),
        Point(id: "G18", latitude: 65.0, longitude: -179.5, hash: "b583g2uh6y5p"),
    ]

    @Test(
        "§5.1 points encode to the published hash's prefix at every precision, with either boundary rule",
        arguments: points, 1...12)
    func encodesPublishedPrefix(point: Point, precision: Int) throws {
        let coordinate = try Coordinate(latitude: point.latitude, longitude: point.longitude)
        let expected = String(point.hash.prefix(precision))
        #expect(try Geohash.encode(coordinate, precision: precision) == expected)
        #expect(try Geohash.encode(coordinate, precision: precision, boundary: .southWest) == expected)
    }

    @Test("the default precision is 12 characters")
    func defaultPrecision() throws {
        let london = try Coordinate(latitude: 51.5074, longitude: -0.1278)
        #expect(try Geohash.encode(london) == "gcpvj0duq533")
    }

    @Test("geofire-js precision-18 vector and Wikipedia's 11-character example")
    func longerPublishedHashes() throws {
        let washington = try Coordinate(latitude: 38.98719, longitude: -77.250783)
        #expect(try Geohash.encode(washington, precision: 18, boundary: .southWest) == "dqcjf17sy6cppp8vfn")
        #expect(try Geohash.encode(washington, precision: 18) == "dqcjf17sy6cppp8vfn")
        let jutland = try Coordinate(latitude: 57.64911, longitude: 10.40744)
        #expect(try Geohash.encode(jutland, precision: 11) == "u4pruydqqvj")
    }

    struct LadderRow: Sendable, CustomTestStringConvertible {
        let precision: Int
        let london: String
        let sydney: String
        let height: Double
        let width: Double
        var testDescription: String { "precision \(precision)" }
    }

    static let ladder: [LadderRow] = [
        LadderRow(precision: 1, london: "g", sydney: "r", height: 45.0, width: 45.0),
        LadderRow(precision: 2, london: "gc", sydney: "r3", height: 5.625, width: 11.25),
        LadderRow(precision: 3, london: "gcp", sydney: "r3g", height: 1.40625, width: 1.40625),
        LadderRow(precision: 4, london: "gcpv", sydney: "r3gx", height: 0.17578125, width: 0.3515625),
        LadderRow(precision: 5, london: "gcpvj", sydney: "r3gx2", height: 0.0439453125, width: 0.0439453125),
        LadderRow(precision: 6, london: "gcpvj0", sydney: "r3gx2f", height: 0.0054931640625, width: 0.010986328125),
        LadderRow(
            precision: 7, london: "gcpvj0d", sydney: "r3gx2f7",
            height: 0.001373291015625, width: 0.001373291015625),
        LadderRow(
            precision: 8, london: "gcpvj0du", sydney: "r3gx2f77",
            height: 0.000171661376953125, width: 0.00034332275390625),
        LadderRow(
            precision: 9, london: "gcpvj0duq", sydney: "r3gx2f77b",
            height: 4.291534423828125e-05, width: 4.291534423828125e-05),
        LadderRow(
            precision: 10, london: "gcpvj0duq5", sydney: "r3gx2f77bn",
            height: 5.364418029785156e-06, width: 1.0728836059570312e-05),
        LadderRow(
            precision: 11, london: "gcpvj0duq53", sydney: "r3gx2f77bn4",
            height: 1.341104507446289e-06, width: 1.341104507446289e-06),
        LadderRow(
            precision: 12, london: "gcpvj0duq533", sydney: "r3gx2f77bn44",
            height: 1.6763806343078613e-07, width: 3.3527612686157227e-07),
    ]

    @Test("§5.1 precision ladder: hashes and exact cell sizes", arguments: ladder)
    func ladderRow(row: LadderRow) throws {
        let london = try Coordinate(latitude: 51.5074, longitude: -0.1278)
        let sydney = try Coordinate(latitude: -33.8688, longitude: 151.2093)
        #expect(try Geohash.encode(london, precision: row.precision) == row.london)
        #expect(try Geohash.encode(sydney, precision: row.precision) == row.sydney)
        let span = try Geohash.cellSpan(precision: row.precision)
        #expect(span.latitude == row.height)
        #expect(span.longitude == row.width)
        let cell = try Geohash.decode(row.london)
        #expect(cell.bounds.north - cell.bounds.south == row.height)
        #expect(cell.bounds.east - cell.bounds.west == row.width)
    }

    struct BoundaryRow: Sendable, CustomTestStringConvertible {
        let latitude: Double
        let longitude: Double
        let pygeohash: String
        let geoFire: String
        var testDescription: String { "(\(latitude), \(longitude))" }
    }

    /// §5.2, precision 6: `.northEast` reproduces pygeohash 3.5.1 (half-open cells, longitude 180
    /// kept in the easternmost column, not wrapped to −180 as python-geohash 0.9.2 does),
    /// `.southWest` reproduces geohash2 / geofire-common / geofire-objc.
    static let boundaryRows: [BoundaryRow] = [
        BoundaryRow(latitude: 0, longitude: 0, pygeohash: "s00000", geoFire: "7zzzzz"),
        BoundaryRow(latitude: 0, longitude: -180, pygeohash: "800000", geoFire: "2pbpbp"),
        BoundaryRow(latitude: 0, longitude: 180, pygeohash: "xbpbpb", geoFire: "rzzzzz"),
        BoundaryRow(latitude: 90, longitude: 0, pygeohash: "upbpbp", geoFire: "gzzzzz"),
        BoundaryRow(latitude: -90, longitude: 0, pygeohash: "h00000", geoFire: "5bpbpb"),
        BoundaryRow(latitude: 90, longitude: 180, pygeohash: "zzzzzz", geoFire: "zzzzzz"),
        BoundaryRow(latitude: -90, longitude: -180, pygeohash: "000000", geoFire: "000000"),
        BoundaryRow(latitude: 45, longitude: 90, pygeohash: "y00000", geoFire: "tzzzzz"),
        BoundaryRow(latitude: 0, longitude: 90, pygeohash: "w00000", geoFire: "mzzzzz"),
        BoundaryRow(latitude: -45, longitude: -90, pygeohash: "600000", geoFire: "1zzzzz"),
    ]

    @Test("§5.2 edge points: northEast matches pygeohash, southWest matches GeoFire", arguments: boundaryRows)
    func boundaryPoints(row: BoundaryRow) throws {
        let point = try Coordinate(latitude: row.latitude, longitude: row.longitude)
        #expect(try Geohash.encode(point, precision: 6) == row.pygeohash)
        #expect(try Geohash.encode(point, precision: 6, boundary: .northEast) == row.pygeohash)
        #expect(try Geohash.encode(point, precision: 6, boundary: .southWest) == row.geoFire)
    }

    @Test(
        "§5.2 geofire-objc precision-10 edge vectors with southWest",
        arguments: [
            (0.0, 0.0, "7zzzzzzzzz"), (0.0, 180.0, "rzzzzzzzzz"), (-90.0, 0.0, "5bpbpbpbpb"),
            (-90.0, -180.0, "0000000000"), (-90.0, 180.0, "pbpbpbpbpb"), (90.0, 0.0, "gzzzzzzzzz"),
            (90.0, -180.0, "bpbpbpbpbp"), (90.0, 180.0, "zzzzzzzzzz"),
        ])
    func geoFireObjcEdges(latitude: Double, longitude: Double, expected: String) throws {
        let point = try Coordinate(latitude: latitude, longitude: longitude)
        #expect(try Geohash.encode(point, precision: 10, boundary: .southWest) == expected)
    }

    @Test("a point on an edge lies inside the decoded cell of its northEast hash, on the south/west edge")
    func edgePointsOwnTheirNorthEastCell() throws {
        for row in Self.boundaryRows {
            let point = try Coordinate(latitude: row.latitude, longitude: row.longitude)
            let cell = try Geohash.decode(try Geohash.encode(point, precision: 6))
            #expect(cell.bounds.contains(point), "\(row)")
            if row.latitude < 90 { #expect(cell.bounds.south == row.latitude, "\(row)") }
        }
    }

    @Test("precisions outside 1…22 are rejected", arguments: [0, -1, 23, 100, Int.min, Int.max])
    func invalidPrecisionThrows(precision: Int) throws {
        let point = try Coordinate(latitude: 1, longitude: 2)
        #expect(throws: GeohashError.invalidPrecision(precision)) {
            _ = try Geohash.encode(point, precision: precision)
        }
        #expect(throws: GeohashError.invalidPrecision(precision)) {
            _ = try Geohash.cellSpan(precision: precision)
        }
    }

    @Test("precision 22 is accepted and extends precision 12")
    func maximumPrecision() throws {
        let point = try Coordinate(latitude: 57.64911, longitude: 10.40744)
        let long = try Geohash.encode(point, precision: 22)
        #expect(long.count == 22)
        #expect(long.hasPrefix("u4pruydqqvj8"))
        #expect(try Geohash.decode(long).bounds.contains(point))
    }
}
