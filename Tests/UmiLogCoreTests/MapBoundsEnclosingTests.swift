import Geo
import Testing

@testable import UmiLogCore

@Suite("MapBounds.enclosing")
struct MapBoundsEnclosingTests {
    @Test("no coordinates have no box")
    func empty() {
        #expect(MapBounds.enclosing([Coordinate]()) == nil)
    }

    @Test("ordinary points get their min/max box")
    func ordinary() throws {
        let box = try #require(MapBounds.enclosing([MapFixtures.coordinate(10, 20), MapFixtures.coordinate(-5, 40), MapFixtures.coordinate(3, 30)]))
        #expect(box == (try MapFixtures.bounds(-5, 20, 10, 40)))
    }

    @Test("points either side of the antimeridian get the narrow box across it")
    func acrossAntimeridian() throws {
        let box = try #require(
            MapBounds.enclosing([MapFixtures.coordinate(-17, 179), MapFixtures.coordinate(-18, -179), MapFixtures.coordinate(-16, 178)]))
        #expect(box.crossesAntimeridian)
        #expect(box.west == 178 && box.east == -179)
        #expect(box.longitudeSpan == 3)
    }

    @Test("when both ways round are as wide, the box does not cross the antimeridian")
    func tieKeepsNonCrossing() throws {
        let box = try #require(MapBounds.enclosing([MapFixtures.coordinate(0, -90), MapFixtures.coordinate(0, 90)]))
        #expect(box.west == -90 && box.east == 90)
    }

    @Test("180° and −180° are one meridian")
    func antimeridianEdges() throws {
        let same = try #require(MapBounds.enclosing([MapFixtures.coordinate(0, 180), MapFixtures.coordinate(1, -180)]))
        #expect(same.longitudeSpan == 0)
        let westOf = try #require(MapBounds.enclosing([MapFixtures.coordinate(0, 180), MapFixtures.coordinate(1, -10)]))
        #expect(westOf.west == -180 && westOf.east == -10)
        let eastOf = try #require(MapBounds.enclosing([MapFixtures.coordinate(0, -180), MapFixtures.coordinate(1, 10)]))
        #expect(eastOf.west == 10 && eastOf.east == 180)
    }
}
