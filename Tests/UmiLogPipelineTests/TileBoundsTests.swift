import Geo
import Testing
import UmiLogCore

@testable import UmiLogPipeline

@Suite("Tile bounds")
struct TileBoundsTests {
    private func bounds(_ points: [(Double, Double)]) throws -> (south: Double, west: Double, north: Double, east: Double, center: Coordinate) {
        let result = try TileBounds.bounds(of: points.map { try Coordinate(latitude: $0.0, longitude: $0.1) })
        return (result.bounds.south, result.bounds.west, result.bounds.north, result.bounds.east, result.center)
    }

    @Test("sites on both sides of the antimeridian give a box that crosses it, not the whole world")
    func crossesAntimeridian() throws {
        let box = try bounds([(-20, 170), (-10, 179.5), (5, -175), (-15, -160)])
        #expect(box.south == -20 && box.north == 5)
        #expect(box.west == 170 && box.east == -160)
        #expect(abs(box.center.longitude - (-175)) < 1e-9)
        #expect(box.center.latitude == -7.5)
    }

    @Test("ordinary sets give their min/max box; one site gives a point")
    func ordinary() throws {
        let box = try bounds([(27, 33), (29, 35), (20, 38)])
        #expect((box.south, box.west, box.north, box.east) == (20, 33, 29, 38))
        let point = try bounds([(1, 2)])
        #expect((point.south, point.west, point.north, point.east) == (1, 2, 1, 2))
    }
}
