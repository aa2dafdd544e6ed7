import TestSupport
import Testing

@testable import Geo

@Suite("Initial bearing and destination")
struct BearingTests {
    @Test(
        "cardinal directions from the equator and across the antimeridian",
        arguments: [
            (0.0, 0.0, 0.0, 1.0, 90.0),  // due east
            (0.0, 0.0, 1.0, 0.0, 0.0),  // due north
            (0.0, 0.0, -1.0, 0.0, 180.0),  // due south
            (0.0, 0.0, 0.0, -1.0, 270.0),  // due west
            (0.0, 179.5, 0.0, -179.5, 90.0),  // east across the antimeridian
            (0.0, -179.5, 0.0, 179.5, 270.0),  // west across the antimeridian
            (10.0, 20.0, 90.0, 0.0, 0.0),  // towards the north pole
            (10.0, 20.0, -90.0, 0.0, 180.0),  // towards the south pole
        ])
    func cardinalDirections(
        fromLatitude: Double, fromLongitude: Double, toLatitude: Double, toLongitude: Double,
        expected: Double
    ) throws {
        let from = try Coordinate(latitude: fromLatitude, longitude: fromLongitude)
        let to = try Coordinate(latitude: toLatitude, longitude: toLongitude)
        #expect(abs(initialBearing(from: from, to: to) - expected) < 1e-9)
    }

    // Hand-computed with θ = atan2(sin Δλ · cos φ2, cos φ1 · sin φ2 − sin φ1 · cos φ2 · cos Δλ) in
    // Python's math module; Baghdad → Osaka is the textbook example (about 60° 9′ 45″).
    @Test(
        "known routes",
        arguments: [
            (51.5074, -0.1278, 40.7128, -74.0060, 288.3297015936049),  // London → New York
            (40.7128, -74.0060, 51.5074, -0.1278, 51.2126168241972),  // New York → London
            (45.7597, 4.8422, 48.8567, 2.3508, 332.29835740860955),  // Lyon → Paris
            (35.0, 45.0, 35.0, 135.0, 60.16243352168624),  // Baghdad → Osaka
            (37.7853074, -122.4054274, 78.216667, 15.55, 8.968387935004955),  // San Francisco → Svalbard
        ])
    func knownRoutes(
        fromLatitude: Double, fromLongitude: Double, toLatitude: Double, toLongitude: Double,
        expected: Double
    ) throws {
        let from = try Coordinate(latitude: fromLatitude, longitude: fromLongitude)
        let to = try Coordinate(latitude: toLatitude, longitude: toLongitude)
        #expect(abs(initialBearing(from: from, to: to) - expected) < 1e-9)
    }

    @Test("the same point gives 0, and results are always in 0..<360")
    func rangeOfResults() throws {
        let point = try Coordinate(latitude: 12, longitude: 34)
        #expect(initialBearing(from: point, to: point) == 0)
        var generator = SplitMix64(seed: 360)
        for _ in 0..<5_000 {
            let a = try Coordinate(
                latitude: .random(in: -90...90, using: &generator),
                longitude: .random(in: -180...180, using: &generator))
            let b = try Coordinate(
                latitude: .random(in: -90...90, using: &generator),
                longitude: .random(in: -180...180, using: &generator))
            let bearing = initialBearing(from: a, to: b)
            #expect(bearing >= 0 && bearing < 360)
        }
        #expect(normalizedBearing(-1e-18) == 0)
        #expect(normalizedBearing(-0.0).sign == .plus)
        #expect(normalizedBearing(720) == 0)
        #expect(normalizedBearing(-90) == 270)
    }

    @Test("travelling the bearing for the haversine distance arrives at the target")
    func destinationRoundTrip() throws {
        var generator = SplitMix64(seed: 2024)
        for _ in 0..<5_000 {
            let a = try Coordinate(
                latitude: .random(in: -89...89, using: &generator),
                longitude: .random(in: -180...180, using: &generator))
            let b = try Coordinate(
                latitude: .random(in: -89...89, using: &generator),
                longitude: .random(in: -180...180, using: &generator))
            let distance = haversineDistance(from: a, to: b)
            guard distance > 1, distance < 19_000_000 else { continue }
            let arrived = try #require(destination(from: a, bearing: initialBearing(from: a, to: b), distance: distance))
            #expect(haversineDistance(from: arrived, to: b) < 1e-3)
        }
    }

    @Test("destination: known steps, wrapping and non-finite input")
    func destinationCases() throws {
        let origin = try Coordinate(latitude: 0, longitude: 0)
        let oneDegree = earthMeanRadiusMeters * Double.pi / 180
        let east = try #require(destination(from: origin, bearing: 90, distance: oneDegree))
        #expect(abs(east.latitude) < 1e-12 && abs(east.longitude - 1) < 1e-12)
        let north = try #require(destination(from: origin, bearing: 0, distance: oneDegree))
        #expect(abs(north.latitude - 1) < 1e-12 && abs(north.longitude) < 1e-12)
        let nearDateLine = try Coordinate(latitude: 0, longitude: 179.5)
        let wrapped = try #require(destination(from: nearDateLine, bearing: 90, distance: oneDegree))
        #expect(abs(wrapped.longitude - -179.5) < 1e-9)
        #expect(destination(from: origin, bearing: .nan, distance: 1) == nil)
        #expect(destination(from: origin, bearing: 0, distance: .infinity) == nil)
    }
}
