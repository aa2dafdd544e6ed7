import Testing

@testable import Geo

/// Vectors from §7.1 of `Tests/Fixtures/vectors/formats-and-algorithms.json`, column
/// "km, R = 6371.0088 (haversine 2.9.0)".
@Suite("Haversine distance")
struct HaversineTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let name: String
        let from: (Double, Double)
        let to: (Double, Double)
        let kilometres: Double
        var testDescription: String { name }
    }

    static let vectors: [Vector] = [
        Vector(
            name: "Lyon → Paris", from: (45.7597, 4.8422), to: (48.8567, 2.3508),
            kilometres: 392.2172595594006),
        Vector(
            name: "London → New York", from: (51.5074, -0.1278), to: (40.7128, -74.0060),
            kilometres: 5570.229873656523),
        Vector(
            name: "San Francisco → Svalbard", from: (37.7853074, -122.4054274), to: (78.216667, 15.55),
            kilometres: 6818.315961219932),
        Vector(
            name: "across the antimeridian", from: (0.0, 179.5), to: (0.0, -179.5),
            kilometres: 111.19508023353322),
        Vector(
            name: "pole to pole", from: (90.0, 0.0), to: (-90.0, 0.0),
            kilometres: 20015.114442035923),
        Vector(
            name: "short, 0.001° of latitude", from: (52.0, 13.0), to: (52.001, 13.0),
            kilometres: 0.11119508023324305),
    ]

    @Test("matches the haversine 2.9.0 vectors to a relative 1e-9", arguments: vectors)
    func matchesVectors(vector: Vector) throws {
        let from = try Coordinate(latitude: vector.from.0, longitude: vector.from.1)
        let to = try Coordinate(latitude: vector.to.0, longitude: vector.to.1)
        let expected = vector.kilometres * 1000
        let metres = haversineDistance(from: from, to: to)
        #expect(abs(metres - expected) / expected < 1e-9)
        let reverse = haversineDistance(from: to, to: from)
        #expect(abs(reverse - expected) / expected < 1e-9)
    }

    @Test("distance from a point to itself is zero")
    func zeroDistance() throws {
        let point = try Coordinate(latitude: 12.34, longitude: 56.78)
        #expect(haversineDistance(from: point, to: point) == 0)
    }

    @Test("antipodal points are half the circumference apart, never NaN")
    func antipodal() throws {
        let a = try Coordinate(latitude: 0, longitude: 0)
        let b = try Coordinate(latitude: 0, longitude: 180)
        let distance = haversineDistance(from: a, to: b)
        #expect(!distance.isNaN)
        #expect(abs(distance - Double.pi * earthMeanRadiusMeters) < 1e-6)
    }

    @Test("the radius is the IUGG mean radius in metres")
    func radius() {
        #expect(earthMeanRadiusMeters == 6_371_008.8)
    }
}
