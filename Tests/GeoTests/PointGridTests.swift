import Foundation
import TestSupport
import Testing

@testable import Geo

/// `PointGrid` must answer exactly what a brute-force scan with the same distance answers, in
/// the order nearest first, equal distances by id, whatever the cell size — at the poles, on
/// and across the antimeridian, on cell edges — and after points are removed or loaded twice.
@Suite("Point grid")
struct PointGridTests {
    typealias Query = NearQueryPropertyTests.Query

    /// The expected answer: every point within the radius, sorted as the grid promises.
    static func bruteForce(_ points: [Int64: Coordinate], _ query: Query) -> [PointGrid.Match] {
        points.compactMap { id, point in
            let distance = haversineDistance(from: query.center, to: point)
            return distance <= query.radius ? PointGrid.Match(id: id, distance: distance) : nil
        }
        .sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.id < $1.id }
    }

    @Test("40k points, 160 circles at poles, antimeridian and cell edges: grid == brute force", arguments: [0.005, 0.37, 1])
    func equalsBruteForce(cellDegrees: Double) throws {
        var generator = SplitMix64(seed: 0x6A1D)
        let queries = try NearQueryPropertyTests.queries(&generator)
        let coordinates = try NearQueryPropertyTests.points(around: queries, total: 40_000, &generator)
        var points: [Int64: Coordinate] = [:]
        var grid = PointGrid(cellDegrees: cellDegrees)
        // Ids out of order, so cells are filled by insertion in the middle too.
        for (number, point) in coordinates.enumerated().shuffled(using: &generator) {
            points[Int64(number)] = point
            grid.insert(id: Int64(number), at: point)
        }
        #expect(grid.count == points.count)
        var matched = 0
        for query in queries {
            let expected = Self.bruteForce(points, query)
            #expect(try grid.points(within: query.radius, of: query.center) == expected, "\(query.center) r \(query.radius)")
            matched += expected.count
        }
        #expect(matched > 10_000)
    }

    @Test("removed points are gone, a point inserted twice is held once, moving is remove + insert")
    func removeAndReinsert() throws {
        var generator = SplitMix64(seed: 0xD1E)
        let queries = try NearQueryPropertyTests.queries(&generator)
        let coordinates = try NearQueryPropertyTests.points(around: queries, total: 8_000, &generator)
        var points: [Int64: Coordinate] = [:]
        var grid = PointGrid()
        for (number, point) in coordinates.enumerated() {
            points[Int64(number)] = point
            grid.insert(id: Int64(number), at: point)
            grid.insert(id: Int64(number), at: point)
        }
        #expect(grid.count == coordinates.count)
        for id in points.keys.shuffled(using: &generator).prefix(3_000) {
            guard let old = points[id] else { continue }
            let removed = grid.remove(id: id, at: old)
            let removedAgain = grid.remove(id: id, at: old)
            #expect(removed)
            #expect(!removedAgain, "a second removal finds nothing")
            points[id] = nil
            if Bool.random(using: &generator), let moved = coordinates.randomElement(using: &generator) {
                grid.insert(id: id, at: moved)
                points[id] = moved
            }
        }
        #expect(grid.count == points.count)
        for query in queries {
            #expect(try grid.points(within: query.radius, of: query.center) == Self.bruteForce(points, query))
        }
    }

    @Test("points on the antimeridian are found from either side, by boxes that end exactly there")
    func antimeridian() throws {
        var grid = PointGrid()
        grid.insert(id: 1, at: try Coordinate(latitude: 10, longitude: 180))
        grid.insert(id: 2, at: try Coordinate(latitude: 10, longitude: -180))
        for longitude in [180.0, -180, 179.9999, -179.9999] {
            let found = try grid.points(within: 100, of: Coordinate(latitude: 10, longitude: longitude))
            #expect(Set(found.map(\.id)) == [1, 2], "from \(longitude)")
        }
        #expect(throws: GeoError.invalidRadius(-1)) { _ = try grid.points(within: -1, of: Coordinate(latitude: 0, longitude: 0)) }
        #expect(try grid.points(within: 0.001, of: Coordinate(latitude: 10, longitude: 180)).count == 2)
    }
}
