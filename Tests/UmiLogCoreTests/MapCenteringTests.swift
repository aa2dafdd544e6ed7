import Geo
import Testing

@testable import UmiLogCore

@Suite("MapCentering")
struct MapCenteringTests {
    let centering = MapCentering.initialRegion

    private func expectClose(
        _ actual: MapBounds, _ south: Double, _ west: Double, _ north: Double, _ east: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let tolerance = 1e-9
        #expect(abs(actual.south - south) < tolerance, "south \(actual.south)", sourceLocation: sourceLocation)
        #expect(abs(actual.west - west) < tolerance, "west \(actual.west)", sourceLocation: sourceLocation)
        #expect(abs(actual.north - north) < tolerance, "north \(actual.north)", sourceLocation: sourceLocation)
        #expect(abs(actual.east - east) < tolerance, "east \(actual.east)", sourceLocation: sourceLocation)
    }

    @Test("the sites' box grows by 15 % of its span on every side")
    func padding() throws {
        let region = centering.region(for: [try MapFixtures.coordinate(10, 20), try MapFixtures.coordinate(20, 40)])
        expectClose(region, 8.5, 17, 21.5, 43)
    }

    @Test("a tight group is widened about its centre to 5° × 8°")
    func minimumSpans() throws {
        let region = centering.region(for: [try MapFixtures.coordinate(10, 20), try MapFixtures.coordinate(10.5, 20.5)])
        expectClose(region, 7.75, 16.25, 12.75, 24.25)
    }

    @Test("a wide but flat group keeps its padded width and gets the minimum height")
    func oneMinimumOnly() throws {
        let region = centering.region(for: [try MapFixtures.coordinate(0, -10), try MapFixtures.coordinate(1, 10)])
        expectClose(region, -2, -13, 3, 13)
    }

    @Test("one site gets a 5° × 8° region centred on it")
    func oneSite() throws {
        let region = centering.region(for: [try MapFixtures.coordinate(-8.3, 115.5)])
        expectClose(region, -10.8, 111.5, -5.8, 119.5)
    }

    @Test("no sites show the whole world")
    func noSites() {
        #expect(centering.region(for: [Coordinate]()) == .world)
        #expect(centering.region(for: [DiveSite]()) == .world)
    }

    @Test("sites either side of the antimeridian get the narrow region across it")
    func acrossAntimeridian() throws {
        let sites = [try MapFixtures.coordinate(-17, 179), try MapFixtures.coordinate(-18, -179)]
        let region = centering.region(for: sites)
        #expect(region.crossesAntimeridian)
        expectClose(region, -20, 176, -15, -176)
        for site in sites { #expect(region.contains(site)) }
    }

    @Test("a wide group across the antimeridian is padded across it")
    func wideAcrossAntimeridian() throws {
        let region = centering.region(for: [try MapFixtures.coordinate(-10, 170), try MapFixtures.coordinate(-20, -170)])
        #expect(region.crossesAntimeridian)
        expectClose(region, -21.5, 167, -8.5, -167)
    }

    @Test("a region pushed past a pole slides back and keeps its span")
    func nearPole() throws {
        let north = centering.region(for: [try MapFixtures.coordinate(89, 0)])
        expectClose(north, 85, -4, 90, 4)
        let south = centering.region(for: [try MapFixtures.coordinate(-90, 0)])
        expectClose(south, -90, -4, -85, 4)
    }

    @Test("pole to pole is clamped to valid latitudes")
    func poleToPole() throws {
        let region = centering.region(for: [try MapFixtures.coordinate(-80, 0), try MapFixtures.coordinate(80, 1)])
        #expect(region.south == -90 && region.north == 90)
    }

    @Test("sites all round the world show every longitude")
    func allRoundTheWorld() throws {
        let coordinates = try stride(from: -180.0, to: 180, by: 45).map { try MapFixtures.coordinate(0, $0) }
        let region = centering.region(for: coordinates)
        #expect(region.west == -180 && region.east == 180)
    }

    @Test("cluster expansion pads by 15 % with a minimum of 0.01°")
    func clusterExpansion() throws {
        let box = try MapFixtures.bounds(12.0, -68.3, 12.1, -68.2)
        let region = MapCentering.clusterExpansion.region(fitting: box)
        expectClose(region, 11.985, -68.315, 12.115, -68.185)
        let onePoint = MapCentering.clusterExpansion.region(fitting: try MapFixtures.bounds(12, -68, 12, -68))
        #expect(abs(onePoint.latitudeSpan - 0.01) < 1e-12 && abs(onePoint.longitudeSpan - 0.01) < 1e-12)
    }

    @Test("property: the region holds every site and meets the minimum spans")
    func holdsEverySite() throws {
        for seed in UInt64(1)...20 {
            var random = MapTestRandom(seed: seed)
            let count = Int.random(in: 1...12, using: &random)
            let centre = (Double.random(in: -70...70, using: &random), Double.random(in: -180...180, using: &random))
            let spread = Double.random(in: 0...30, using: &random)
            let coordinates = try (0..<count).map { _ in
                try MapFixtures.coordinate(
                    min(90, max(-90, centre.0 + Double.random(in: -spread...spread, using: &random))),
                    MapProjection.wrappedWest(centre.1 + Double.random(in: -spread...spread, using: &random))
                )
            }
            let region = centering.region(for: coordinates)
            for coordinate in coordinates { #expect(region.contains(coordinate), "seed \(seed)") }
            #expect(region.latitudeSpan >= 5 - 1e-9)
            #expect(region.longitudeSpan >= 8 - 1e-9)
            #expect(region.longitudeSpan <= 2 * spread * 1.3 + 8)
        }
    }
}
