import Foundation
import TestSupport
import Testing

@testable import Geo

@Suite("Bounding boxes")
struct BoundingBoxTests {
    static let oneDegree = earthMeanRadiusMeters * Double.pi / 180

    @Test("edges are validated")
    func validation() throws {
        let box = try BoundingBox(south: -10, north: 10, west: 170, east: -170)
        #expect(box.crossesAntimeridian)
        #expect(throws: GeoError.invalidLatitude(91)) { _ = try BoundingBox(south: 0, north: 91, west: 0, east: 1) }
        #expect(throws: GeoError.invalidLongitude(-181)) { _ = try BoundingBox(south: 0, north: 1, west: -181, east: 1) }
        #expect(throws: GeoError.invertedLatitudes(south: 5, north: 4)) {
            _ = try BoundingBox(south: 5, north: 4, west: 0, east: 1)
        }
        #expect(throws: GeoError.self) { _ = try BoundingBox(south: .nan, north: 1, west: 0, east: 1) }
        #expect(
            GeoError.invertedLatitudes(south: 5, north: 4).errorDescription
                == "The box's south edge 5.0 lies north of its north edge 4.0: swap them.")
        #expect(
            GeoError.invalidRadius(-2).errorDescription
                == "Radius -2.0 m is invalid: it must be a finite number of metres, zero or more.")
    }

    @Test(
        "contains: edges belong to the box; outside points do not",
        arguments: [
            (0.0, 0.0, true), (-10.0, -20.0, true), (10.0, 20.0, true), (10.000001, 0.0, false),
            (0.0, 20.000001, false), (-10.5, 0.0, false), (5.0, -25.0, false),
        ])
    func containsPlainBox(latitude: Double, longitude: Double, inside: Bool) throws {
        let box = try BoundingBox(south: -10, north: 10, west: -20, east: 20)
        #expect(box.contains(try Coordinate(latitude: latitude, longitude: longitude)) == inside)
    }

    @Test(
        "contains across the antimeridian, with 180 and -180 as one meridian",
        arguments: [
            (0.0, 175.0, true), (0.0, -175.0, true), (0.0, 180.0, true), (0.0, -180.0, true),
            (0.0, 0.0, false), (0.0, 169.0, false), (0.0, -169.0, false),
        ])
    func containsAcrossAntimeridian(latitude: Double, longitude: Double, inside: Bool) throws {
        let box = try BoundingBox(south: -5, north: 5, west: 170, east: -170)
        #expect(box.contains(try Coordinate(latitude: latitude, longitude: longitude)) == inside)
    }

    @Test("a box ending at 180 holds -180 and one starting at -180 holds 180")
    func containsOtherEndOfTheLine() throws {
        let eastEnd = try BoundingBox(south: 0, north: 1, west: 170, east: 180)
        #expect(eastEnd.contains(try Coordinate(latitude: 0.5, longitude: -180)))
        let westEnd = try BoundingBox(south: 0, north: 1, west: -180, east: -170)
        #expect(westEnd.contains(try Coordinate(latitude: 0.5, longitude: 180)))
        #expect(!westEnd.contains(try Coordinate(latitude: 0.5, longitude: 179.9)))
    }

    @Test("intersects: overlap, disjoint, across the antimeridian, touching at 180/-180")
    func intersects() throws {
        let a = try BoundingBox(south: 0, north: 10, west: 0, east: 10)
        #expect(a.intersects(try BoundingBox(south: 5, north: 15, west: 5, east: 15)))
        #expect(a.intersects(try BoundingBox(south: 10, north: 15, west: 10, east: 15)))  // corner touch
        #expect(!a.intersects(try BoundingBox(south: 11, north: 15, west: 0, east: 10)))
        #expect(!a.intersects(try BoundingBox(south: 0, north: 10, west: 11, east: 20)))
        let crossing = try BoundingBox(south: -5, north: 5, west: 170, east: -170)
        #expect(crossing.intersects(try BoundingBox(south: 0, north: 1, west: -175, east: -160)))
        #expect(crossing.intersects(try BoundingBox(south: 0, north: 1, west: 160, east: 171)))
        #expect(!crossing.intersects(try BoundingBox(south: 0, north: 1, west: -169, east: 169)))
        #expect(crossing.intersects(try BoundingBox(south: 0, north: 1, west: 175, east: -175)))
        let eastEnd = try BoundingBox(south: 0, north: 1, west: 170, east: 180)
        #expect(eastEnd.intersects(try BoundingBox(south: 0, north: 1, west: -180, east: -170)))
        #expect(BoundingBox.world.intersects(a))
    }

    @Test("the box of a small circle on the equator is ±radius in both directions")
    func equatorCircle() throws {
        let box = try BoundingBox(center: try Coordinate(latitude: 0, longitude: 0), radius: Self.oneDegree)
        #expect(abs(box.south + 1) < 1e-6 && abs(box.north - 1) < 1e-6)
        #expect(abs(box.west + 1) < 1e-6 && abs(box.east - 1) < 1e-6)
        #expect(box.north > 1 && box.east > 1)  // the margin is outward
        #expect(!box.crossesAntimeridian && !box.spansAllLongitudes)
    }

    @Test("at 60° the box is wider: asin(sin δ / cos φ)")
    func widerAtHighLatitude() throws {
        let box = try BoundingBox(center: try Coordinate(latitude: 60, longitude: 10), radius: Self.oneDegree)
        let expected = asin(sin(Double.pi / 180) / cos(Double.pi / 3)) * 180 / Double.pi
        #expect(abs(box.east - 10 - expected) < 1e-6)
        #expect(abs(10 - box.west - expected) < 1e-6)
        #expect(abs(box.north - 61) < 1e-6 && abs(box.south - 59) < 1e-6)
    }

    @Test(
        "a circle that reaches a pole spans all longitudes up to that pole",
        arguments: [
            (89.5, 10.0, 100_000.0, true), (90.0, 0.0, 0.0, true), (90.0, 123.0, 5.0, true),
            (-89.9, -170.0, 20_000.0, false), (-90.0, 0.0, 1.0, false),
        ])
    func poleInsideCircle(latitude: Double, longitude: Double, radius: Double, north: Bool) throws {
        let box = try BoundingBox(center: try Coordinate(latitude: latitude, longitude: longitude), radius: radius)
        #expect(box.spansAllLongitudes)
        #expect(box.west == -180 && box.east == 180)
        if north {
            #expect(box.north == 90)
            #expect(box.south <= latitude - radius / Self.oneDegree)
        } else {
            #expect(box.south == -90)
            #expect(box.north >= latitude + radius / Self.oneDegree)
        }
    }

    @Test("a circle near but not reaching a pole keeps a longitude span")
    func nearPoleButNotReaching() throws {
        let box = try BoundingBox(center: try Coordinate(latitude: 80, longitude: 0), radius: 100_000)
        #expect(!box.spansAllLongitudes)
        #expect(box.north < 90)
        #expect(box.east > 5 && box.east < 6)  // asin(sin 0.899° / cos 80°) ≈ 5.18°
    }

    @Test("a circle across the antimeridian wraps", arguments: [179.9, 180.0, -180.0, -179.95])
    func antimeridianWraps(longitude: Double) throws {
        let box = try BoundingBox(center: try Coordinate(latitude: 10, longitude: longitude), radius: 50_000)
        #expect(box.crossesAntimeridian)
        #expect(box.west > 179 && box.east < -179)
        for probe in [179.95, 180.0, -180.0, -179.95] {
            #expect(box.contains(try Coordinate(latitude: 10, longitude: probe)))
        }
        #expect(!box.contains(try Coordinate(latitude: 10, longitude: 0)))
    }

    @Test("a zero radius still holds the points haversine puts at distance zero (the rounding margin)")
    func zeroRadiusMargin() throws {
        let origin = try Coordinate(latitude: 0, longitude: 0)
        let box = try BoundingBox(center: origin, radius: 0)
        for point in [
            try Coordinate(latitude: Double.leastNonzeroMagnitude, longitude: 0),
            try Coordinate(latitude: 0, longitude: -1e-200),
        ] {
            #expect(haversineDistance(from: origin, to: point) == 0)
            #expect(box.contains(point))
        }
        #expect(box.north - box.south < 1e-9)
        #expect(!box.contains(try Coordinate(latitude: 1e-6, longitude: 0)))
    }

    @Test("half the circumference or more is the whole world")
    func hugeRadius() throws {
        let center = try Coordinate(latitude: 12, longitude: 34)
        #expect(try BoundingBox(center: center, radius: Double.pi * earthMeanRadiusMeters) == .world)
        #expect(try BoundingBox(center: center, radius: 1e12) == .world)
    }

    @Test("negative or non-finite radii are rejected", arguments: [-1.0, -.infinity, .infinity, .nan])
    func invalidRadius(radius: Double) throws {
        let center = try Coordinate(latitude: 1, longitude: 2)
        #expect {
            _ = try BoundingBox(center: center, radius: radius)
        } throws: { error in
            guard case GeoError.invalidRadius(let value) = error else { return false }
            return value.isNaN ? radius.isNaN : value == radius
        }
    }

    @Test("every point within the radius is inside the circle's box (random circles, points on and inside the circle)")
    func holdsEveryPointOfTheCircle() throws {
        var generator = SplitMix64(seed: 0xB0B)
        for round in 0..<2_000 {
            let latitude: Double =
                switch round % 4 {
                case 0: .random(in: -90...90, using: &generator)
                case 1: (Bool.random(using: &generator) ? 1 : -1) * .random(in: 85...90, using: &generator)
                default: .random(in: -60...60, using: &generator)
                }
            let longitude: Double =
                round % 4 == 3
                ? (Bool.random(using: &generator) ? 1 : -1) * .random(in: 179...180, using: &generator)
                : .random(in: -180...180, using: &generator)
            let center = try Coordinate(latitude: latitude, longitude: longitude)
            let radius = exp(Double.random(in: 0...log(5_000_000), using: &generator))
            let box = try BoundingBox(center: center, radius: radius)
            for _ in 0..<20 {
                let fraction = Bool.random(using: &generator) ? 1 : Double.random(in: 0...1, using: &generator)
                let bearing = Double.random(in: 0..<360, using: &generator)
                guard let point = destination(from: center, bearing: bearing, distance: radius * fraction),
                    haversineDistance(from: center, to: point) <= radius
                else { continue }
                #expect(box.contains(point), "center \(center) radius \(radius) point \(point) box \(box)")
            }
        }
    }
}
