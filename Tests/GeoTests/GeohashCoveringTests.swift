import TestSupport
import Testing

@testable import Geo

@Suite("Geohash covering ranges")
struct GeohashCoveringTests {
    /// Ranges are well formed: start < end, sorted, neither overlapping nor touching.
    static func expectWellFormed(
        _ ranges: [GeohashRange], limit: Int, maximumLength: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(!ranges.isEmpty && ranges.count <= limit, "\(ranges)", sourceLocation: sourceLocation)
        for range in ranges {
            #expect(range.start < range.end, sourceLocation: sourceLocation)
            #expect(
                range.start.count <= maximumLength && range.end.count <= maximumLength,
                sourceLocation: sourceLocation)
        }
        for (earlier, later) in zip(ranges, ranges.dropFirst()) {
            #expect(earlier.end < later.start, "\(ranges)", sourceLocation: sourceLocation)
        }
    }

    @Test("a 1 km circle at the origin: four quadrant ranges, each holding its quadrant's points")
    func originFourQuadrants() throws {
        let origin = try Coordinate(latitude: 0, longitude: 0)
        let ranges = try Geohash.coveringRanges(center: origin, radius: 1_000)
        Self.expectWellFormed(ranges, limit: 4, maximumLength: 10)
        #expect(ranges.count == 4)
        for (latitude, longitude) in [(0.005, 0.005), (-0.005, 0.005), (0.005, -0.005), (-0.005, -0.005), (0.0, 0.0)] {
            let hash = try Geohash.encode(Coordinate(latitude: latitude, longitude: longitude), precision: 10)
            #expect(ranges.contains { $0.contains(hash) }, "\(hash)")
        }
        // Far away points are not in any range.
        let far = try Geohash.encode(Coordinate(latitude: 1, longitude: 1), precision: 10)
        #expect(!ranges.contains { $0.contains(far) })
    }

    @Test(
        "typical circles need at most 4 ranges no longer than the stored precision",
        arguments: [
            (51.5074, -0.1278, 5_000.0), (37.7853074, -122.4054274, 1_000.0), (35.6762, 139.6503, 50.0),
            (-33.8688, 151.2093, 25_000.0), (40.7128, -74.006, 100_000.0), (0.5, 179.9999, 10_000.0),
            (12.0, -180.0, 3.0), (-45.0, 90.0, 1.0), (0.0, 0.0, 0.0),
        ])
    func typicalCircles(latitude: Double, longitude: Double, radius: Double) throws {
        let center = try Coordinate(latitude: latitude, longitude: longitude)
        for storedPrecision in [10, 12, 6] {
            let ranges = try Geohash.coveringRanges(center: center, radius: radius, storedPrecision: storedPrecision)
            Self.expectWellFormed(ranges, limit: 4, maximumLength: storedPrecision)
            let hash = try Geohash.encode(center, precision: storedPrecision)
            #expect(ranges.contains { $0.contains(hash) })
        }
    }

    @Test("near the north pole the cover holds the whole circle, where GeoFire's bounds hold only the west")
    func northPoleFixed() throws {
        // §5.5's pole row: 1 km around (89.99, 0). The pole itself is 1.1 km away.
        let center = try Coordinate(latitude: 89.99, longitude: 0)
        let ranges = try Geohash.coveringRanges(center: center, radius: 1_000)
        Self.expectWellFormed(ranges, limit: 8, maximumLength: 10)
        let geoFire = try Geohash.geoFireQueryBounds(center: center, radius: 1_000)
        var missedByGeoFire = 0
        for bearing in stride(from: 0.0, to: 360, by: 15) {
            let point = try #require(destination(from: center, bearing: bearing, distance: 999))
            #expect(haversineDistance(from: center, to: point) <= 1_000)
            let hash = try Geohash.encode(point, precision: 10)
            #expect(ranges.contains { $0.contains(hash) }, "bearing \(bearing)")
            let geoFireHash = try Geohash.encode(point, precision: 10, boundary: .southWest)
            if !geoFire.contains(where: { $0.contains(geoFireHash) }) { missedByGeoFire += 1 }
        }
        #expect(missedByGeoFire > 0)  // the reference's limitation that the cover fixes
    }

    @Test("a circle holding the north pole covers the pole at every longitude")
    func circleAroundPole() throws {
        let center = try Coordinate(latitude: 89.995, longitude: 0)
        let ranges = try Geohash.coveringRanges(center: center, radius: 1_000)
        Self.expectWellFormed(ranges, limit: 8, maximumLength: 10)
        for longitude in stride(from: -180.0, through: 180.0, by: 15) {
            let pole = try Geohash.encode(Coordinate(latitude: 90, longitude: longitude), precision: 10)
            #expect(ranges.contains { $0.contains(pole) }, "lon \(longitude)")
        }
    }

    @Test("exactly at either pole every longitude nearby is covered", arguments: [90.0, -90.0])
    func exactlyAtPole(latitude: Double) throws {
        let center = try Coordinate(latitude: latitude, longitude: 33)
        let ranges = try Geohash.coveringRanges(center: center, radius: 10)
        Self.expectWellFormed(ranges, limit: 8, maximumLength: 10)
        for longitude in stride(from: -180.0, through: 180.0, by: 7.5) {
            let hash = try Geohash.encode(Coordinate(latitude: latitude, longitude: longitude), precision: 10)
            #expect(ranges.contains { $0.contains(hash) }, "lon \(longitude)")
        }
    }

    @Test("a radius of half the circumference or more covers everything with one range")
    func hugeRadius() throws {
        let ranges = try Geohash.coveringRanges(center: try Coordinate(latitude: 1, longitude: 2), radius: 21_000_000)
        #expect(ranges == [GeohashRange(start: "0", end: "~")])
        for hash in ["0", "00000", "zzzzzzzzzz", "7zzzz", "s0000"] {
            #expect(ranges[0].contains(hash))
        }
    }

    @Test("invalid radius or stored precision is rejected")
    func invalidInput() throws {
        let center = try Coordinate(latitude: 1, longitude: 2)
        #expect(throws: GeohashError.invalidRadius(-5)) { _ = try Geohash.coveringRanges(center: center, radius: -5) }
        #expect(throws: GeohashError.invalidRadius(.infinity)) {
            _ = try Geohash.coveringRanges(center: center, radius: .infinity)
        }
        #expect(throws: GeohashError.invalidPrecision(0)) {
            _ = try Geohash.coveringRanges(center: center, radius: 5, storedPrecision: 0)
        }
        #expect(throws: GeohashError.invalidPrecision(23)) {
            _ = try Geohash.coveringRanges(of: .world, storedPrecision: 23)
        }
    }

    @Test("a short stored precision caps the range length and still covers", arguments: [1, 2, 3])
    func shortStoredPrecision(storedPrecision: Int) throws {
        let center = try Coordinate(latitude: 48.85, longitude: 2.35)
        let ranges = try Geohash.coveringRanges(center: center, radius: 10, storedPrecision: storedPrecision)
        Self.expectWellFormed(ranges, limit: 4, maximumLength: storedPrecision)
        #expect(ranges.contains { $0.contains(try! Geohash.encode(center, precision: storedPrecision)) })
    }

    @Test("viewport boxes, edges often on cell edges: every point inside the box has its hash in a range")
    func boxCover() throws {
        var generator = SplitMix64(seed: 0xB0C5)
        var misses: [String] = []
        var checked = 0
        for round in 0..<600 {
            var south = Double.random(in: -90...90, using: &generator)
            var north = min(90, south + Double.random(in: 0...(round % 3 == 0 ? 30 : 0.5), using: &generator))
            var west = Double.random(in: -180...180, using: &generator)
            var east = round % 5 == 0 ? 180 : Double.random(in: -180...180, using: &generator)
            if round % 2 == 0 {
                // Snap the edges onto cell edges, where the boundary rule matters.
                let precision = Int.random(in: 1...8, using: &generator)
                let southWest = try Geohash.decode(
                    Geohash.encode(
                        Coordinate(latitude: south, longitude: west), precision: precision)
                ).bounds
                let northEast = try Geohash.decode(
                    Geohash.encode(
                        Coordinate(latitude: north, longitude: east), precision: precision)
                ).bounds
                south = southWest.south
                west = southWest.west
                north = max(south, northEast.south)
                east = northEast.west
            }
            let box = try BoundingBox(south: south, north: north, west: west, east: east)
            let ranges = try Geohash.coveringRanges(of: box)
            Self.expectWellFormed(ranges, limit: box.spansAllLongitudes ? 8 : 4, maximumLength: 10)
            for _ in 0..<50 {
                let latitude: Double =
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0: south
                    case 1: north
                    default: Double.random(in: south...north, using: &generator)
                    }
                let longitude: Double =
                    switch Int.random(in: 0..<4, using: &generator) {
                    case 0: west
                    case 1: east
                    case 2: Bool.random(using: &generator) ? 180 : -180
                    default: Double.random(in: -180...180, using: &generator)
                    }
                let point = try Coordinate(latitude: latitude, longitude: longitude)
                guard box.contains(point) else { continue }
                checked += 1
                let hash = try Geohash.encode(point, precision: 10)
                if !ranges.contains(where: { $0.contains(hash) }) {
                    misses.append("box \(box) point \(point) ranges \(ranges)")
                }
            }
        }
        #expect(checked > 10_000)
        #expect(misses.isEmpty, "\(misses.count) misses, first: \(misses.first ?? "")")
    }

    @Test("GeohashRange.contains is half-open and '~' ends after every hash")
    func rangeContains() {
        let range = GeohashRange(start: "9q8yy", end: "9q8z")
        #expect(range.contains("9q8yy"))
        #expect(range.contains("9q8yyzzzzz"))
        #expect(!range.contains("9q8z"))
        #expect(!range.contains("9q8yx"))
        #expect(GeohashRange(start: "zz", end: "~").contains("zzzzzzzzzzzz"))
        #expect(range.description == "[9q8yy, 9q8z)")
    }

    @Test(
        "precision(forRadius:) picks the longest precision whose equatorial cells are at least the radius",
        arguments: [
            (0.0, 22), (-3.0, 22), (0.01, 12), (1.0, 9), (5.0, 8), (100.0, 7), (200.0, 6), (1_000.0, 5),
            (4_000.0, 5), (10_000.0, 4), (100_000.0, 3), (600_000.0, 2), (5_000_000.0, 1), (1e9, 1),
            (Double.nan, 1), (Double.infinity, 1),
        ])
    func precisionForRadius(radius: Double, expected: Int) throws {
        let precision = Geohash.precision(forRadius: radius)
        #expect(precision == expected)
        let span = try Geohash.cellSpan(precision: precision)
        let metersPerDegree = Double.pi * earthMeanRadiusMeters / 180
        if radius.isFinite, radius > 0, precision > 1 {
            #expect(span.latitude * metersPerDegree >= radius && span.longitude * metersPerDegree >= radius)
            let finer = try Geohash.cellSpan(precision: precision + 1)
            #expect(min(finer.latitude, finer.longitude) * metersPerDegree < radius || precision == 22)
        }
    }
}
