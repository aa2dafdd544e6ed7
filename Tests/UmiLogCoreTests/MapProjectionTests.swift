import Geo
import Testing

@testable import UmiLogCore

@Suite("MapProjection")
struct MapProjectionTests {
    @Test("the world is 256 px at zoom 0 and doubles with every zoom level")
    func worldSizeDoublesPerZoom() {
        #expect(MapProjection.worldSize(atZoom: 0) == 256)
        #expect(MapProjection.worldSize(atZoom: 1) == 512)
        #expect(MapProjection.worldSize(atZoom: 10) == 262_144)
        #expect(MapProjection.degreesPerPixel(atZoom: 0) == 360.0 / 256)
    }

    @Test("zoom and degrees per pixel are inverses", arguments: [0.0, 1.5, 5, 8, 12.25, 20])
    func zoomDegreesPerPixelRoundTrip(zoom: Double) {
        let degrees = MapProjection.degreesPerPixel(atZoom: zoom)
        #expect(abs(MapProjection.zoom(forDegreesPerPixel: degrees) - zoom) < 1e-9)
    }

    @Test("zooms outside 0…24 are clamped, and a zoom that is not a number counts as 0")
    func zoomIsClamped() {
        #expect(MapProjection.worldSize(atZoom: -3) == 256)
        #expect(MapProjection.worldSize(atZoom: 99) == MapProjection.worldSize(atZoom: 24))
        #expect(MapProjection.worldSize(atZoom: .nan) == 256)
        #expect(MapProjection.zoom(forDegreesPerPixel: 0) == 24)
    }

    @Test("null island is the middle of the world; the top-left corner is 85.05° N, 180° W")
    func pointsOfKnownCoordinates() throws {
        let middle = MapProjection.point(for: try MapFixtures.coordinate(0, 0), zoom: 0)
        #expect(abs(middle.x - 128) < 1e-9 && abs(middle.y - 128) < 1e-9)
        let corner = MapProjection.point(for: try MapFixtures.coordinate(MapProjection.maximumLatitude, -180), zoom: 0)
        #expect(abs(corner.x) < 1e-9 && abs(corner.y) < 1e-6)
        let east = MapProjection.point(for: try MapFixtures.coordinate(0, 180), zoom: 2)
        #expect(east.x == 1024)
        let pole = MapProjection.point(for: try MapFixtures.coordinate(90, 0), zoom: 0)
        #expect(abs(pole.y) < 1e-6)
    }

    @Test("coordinate(at:) inverts point(for:)", arguments: [(0.0, 0.0), (-17.8, 179.9), (51.5, -0.12), (-60, -120), (27.9, 34.3)])
    func inverseProjection(latitude: Double, longitude: Double) throws {
        for zoom in [0.0, 4, 9.5, 18] {
            let point = MapProjection.point(for: try MapFixtures.coordinate(latitude, longitude), zoom: zoom)
            let back = try MapProjection.coordinate(at: point, zoom: zoom)
            #expect(abs(back.latitude - latitude) < 1e-9)
            #expect(abs(back.longitude - longitude) < 1e-9)
        }
    }

    @Test("coordinate(at:) wraps x around the world and rejects points that are not finite")
    func inverseWrapsAndValidates() throws {
        let wrapped = try MapProjection.coordinate(at: MapPoint(x: 256 + 64, y: 128), zoom: 0)
        #expect(abs(wrapped.longitude - -90) < 1e-9)
        #expect(throws: GeoError.self) { try MapProjection.coordinate(at: MapPoint(x: .nan, y: 0), zoom: 0) }
        #expect(throws: GeoError.self) { try MapProjection.coordinate(at: MapPoint(x: 0, y: .infinity), zoom: 0) }
    }

    @Test("a box 45° wide at the equator fits a 256-px-wide view at zoom 3")
    func zoomToFitByWidth() throws {
        let box = try MapFixtures.bounds(-1, 0, 1, 45)
        #expect(abs(MapProjection.zoomToFit(box, in: MapSize(width: 256, height: 1_000)) - 3) < 1e-9)
    }

    @Test("the tighter of the two directions decides the zoom")
    func zoomToFitByHeight() throws {
        let box = try MapFixtures.bounds(-40, 0, 40, 1)
        let size = MapSize(width: 400, height: 300)
        let zoom = MapProjection.zoomToFit(box, in: size)
        let shown = MapProjection.bounds(center: box.center, zoom: zoom, size: size)
        #expect(abs(shown.north - 40) < 1e-6)
        #expect(abs(shown.south - -40) < 1e-6)
        #expect(shown.longitudeSpan > box.longitudeSpan)
    }

    @Test("a box across the antimeridian fits like the same box elsewhere")
    func zoomToFitAcrossAntimeridian() throws {
        let size = MapSize(width: 390, height: 844)
        let fiji = try MapFixtures.bounds(-19, 170, -15, -170)
        let elsewhere = try MapFixtures.bounds(-19, 10, -15, 30)
        #expect(abs(MapProjection.zoomToFit(fiji, in: size) - MapProjection.zoomToFit(elsewhere, in: size)) < 1e-12)
        #expect(MapProjection.zoomToFit(fiji, in: size) > 3)
    }

    @Test("a box of no extent gets the maximum zoom; a view of no extent the minimum")
    func zoomToFitDegenerate() throws {
        let point = try MapFixtures.bounds(10, 20, 10, 20)
        #expect(MapProjection.zoomToFit(point, in: MapSize(width: 100, height: 100)) == 24)
        #expect(MapProjection.zoomToFit(.world, in: MapSize(width: 0, height: 100)) == 0)
    }

    @Test("the view around a centre near 180° crosses the antimeridian")
    func boundsAcrossAntimeridian() throws {
        let center = try MapFixtures.coordinate(-17, 179)
        let bounds = MapProjection.bounds(center: center, zoom: 4, size: MapSize(width: 400, height: 400))
        #expect(bounds.crossesAntimeridian)
        #expect(bounds.contains(center))
        #expect(bounds.contains(try MapFixtures.coordinate(-17, -179)))
        #expect(abs(bounds.longitudeSpan - 400.0 / 4096 * 360) < 1e-9)
        #expect(abs(MapProjection.zoomToFit(bounds, in: MapSize(width: 400, height: 400)) - 4) < 1e-9)
    }

    @Test("a view wider than the world shows every longitude and stops at the Mercator limit")
    func boundsWiderThanWorld() throws {
        let bounds = MapProjection.bounds(center: try MapFixtures.coordinate(0, 30), zoom: 0, size: MapSize(width: 600, height: 600))
        #expect(bounds.west == -180 && bounds.east == 180)
        #expect(abs(bounds.north - MapProjection.maximumLatitude) < 1e-9)
        #expect(abs(bounds.south + MapProjection.maximumLatitude) < 1e-9)
    }

    @Test("a view of no width is one meridian, not the whole world")
    func boundsOfZeroWidth() throws {
        let bounds = MapProjection.bounds(center: try MapFixtures.coordinate(0, 180), zoom: 3, size: MapSize(width: 0, height: 10))
        #expect(bounds.longitudeSpan == 0)
    }

    @Test("the centre of a box across the antimeridian is on the antimeridian side")
    func centerAcrossAntimeridian() throws {
        let center = try MapFixtures.bounds(-20, 170, -10, -170).center
        #expect(abs(abs(center.longitude) - 180) < 1e-9)
        #expect(center.latitude == -15)
    }
}
