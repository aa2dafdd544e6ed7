import Geo
import Testing

@testable import UmiLogCore

@Suite("SiteClusterer")
struct SiteClustererTests {
    let clusterer = SiteClusterer()

    /// The middle of a column of the clusterer's grid at `zoom`, well away from the antimeridian.
    private func columnCentre(zoom: Double, column: Int = 10, row: Int = 10) -> MapPoint {
        let world = MapProjection.worldSize(atZoom: zoom)
        let columns = (world / (2 * clusterer.radius(atZoom: zoom))).rounded()
        let side = world / columns
        return MapPoint(x: Double(column) * side, y: (Double(row) + 0.5) * side)
    }

    @Test(
        "radius is 40 px up to zoom 5, 25 px from zoom 8, linear in between",
        arguments: [
            (0.0, 40.0), (4, 40), (5, 40), (5.5, 37.5), (6.5, 32.5), (8, 25), (9, 25), (20, 25),
        ])
    func radiusRule(zoom: Double, radius: Double) {
        #expect(abs(clusterer.radius(atZoom: zoom) - radius) < 1e-12)
    }

    @Test(
        "two sites 60 px apart merge only where the radius is over 30 px",
        arguments: [
            (4.0, true), (5, true), (8, false), (9, false),
        ])
    func sixtyPixelsApart(zoom: Double, merges: Bool) throws {
        let centre = columnCentre(zoom: zoom)
        let sites = [
            try MapFixtures.site("a", atPixel: MapPoint(x: centre.x - 30, y: centre.y), zoom: zoom),
            try MapFixtures.site("b", atPixel: MapPoint(x: centre.x + 30, y: centre.y), zoom: zoom),
        ]
        let annotations = clusterer.annotations(for: sites, zoom: zoom)
        #expect(annotations.count == (merges ? 1 : 2))
    }

    @Test("two sites 40 px apart merge at every zoom", arguments: [4.0, 5, 8, 9])
    func fortyPixelsApart(zoom: Double) throws {
        let centre = columnCentre(zoom: zoom)
        let sites = [
            try MapFixtures.site("a", atPixel: MapPoint(x: centre.x - 20, y: centre.y), zoom: zoom),
            try MapFixtures.site("b", atPixel: MapPoint(x: centre.x + 20, y: centre.y), zoom: zoom),
        ]
        let annotations = clusterer.annotations(for: sites, zoom: zoom)
        #expect(annotations.count == 1)
        guard case .cluster(let cluster) = annotations.first else {
            Issue.record("expected a cluster")
            return
        }
        #expect(cluster.memberIDs == ["a", "b"])
        #expect(cluster.count == 2)
    }

    @Test("sites that cluster at a low zoom split into pins when zoomed in")
    func zoomingInSplits() throws {
        let sites = [try MapFixtures.site("a", 12.1, -68.30), try MapFixtures.site("b", 12.2, -68.25), try MapFixtures.site("c", 12.15, -68.35)]
        #expect(clusterer.annotations(for: sites, zoom: 4).count == 1)
        let close = clusterer.annotations(for: sites, zoom: 12)
        #expect(close.count == 3)
        for annotation in close {
            guard case .pin = annotation else {
                Issue.record("expected only pins at zoom 12")
                return
            }
        }
    }

    @Test("a lone site is a pin, never a cluster of one")
    func loneSiteIsPin() throws {
        let site = try MapFixtures.site("alone", -8.3, 115.5)
        #expect(clusterer.annotations(for: [site], zoom: 2) == [.pin(site)])
        #expect(clusterer.annotations(for: [], zoom: 2).isEmpty)
    }

    @Test("a cluster's centre is the mean of its members and its bounds hold them all")
    func centreAndBounds() throws {
        let sites = [try MapFixtures.site("x", 10, 20), try MapFixtures.site("y", 10.4, 20.2), try MapFixtures.site("z", 10.2, 20.7)]
        let annotations = clusterer.annotations(for: sites, zoom: 3)
        guard annotations.count == 1, case .cluster(let cluster) = annotations[0] else {
            Issue.record("expected one cluster, got \(annotations)")
            return
        }
        #expect(abs(cluster.center.latitude - 10.2) < 1e-9)
        #expect(abs(cluster.center.longitude - 20.3) < 1e-9)
        #expect(cluster.bounds == (try MapFixtures.bounds(10, 20, 10.4, 20.7)))
        #expect(cluster.id == "cluster:x")
        #expect(cluster.accessibilityLabel == "3 sites in this cluster")
        #expect(annotations[0].siteIDs == ["x", "y", "z"])
        #expect(annotations[0].coordinate == cluster.center)
    }

    @Test("sites either side of the antimeridian form one cluster centred on it", arguments: [0.0, 3, 6, 9])
    func clusterAcrossAntimeridian(zoom: Double) throws {
        let sites = [try MapFixtures.site("fiji-east", -16.80, -179.99), try MapFixtures.site("fiji-west", -16.82, 179.99)]
        let annotations = clusterer.annotations(for: sites, zoom: zoom)
        guard annotations.count == 1, case .cluster(let cluster) = annotations[0] else {
            Issue.record("expected one cluster at zoom \(zoom), got \(annotations)")
            return
        }
        #expect(abs(abs(cluster.center.longitude) - 180) < 1e-9)
        #expect(abs(cluster.center.latitude - -16.81) < 1e-9)
        #expect(cluster.bounds.crossesAntimeridian)
        #expect(cluster.bounds.west == 179.99 && cluster.bounds.east == -179.99)
        #expect(abs(cluster.bounds.longitudeSpan - 0.02) < 1e-9)
        for site in sites { #expect(cluster.bounds.contains(site.coordinate)) }
    }

    @Test("annotations run top to bottom, and do not depend on the input order")
    func deterministicOrder() throws {
        let sites = try MapFixtures.randomSites(count: 120, seed: 7)
        var random = MapTestRandom(seed: 99)
        for zoom in [1.0, 4.5, 7, 10] {
            let annotations = clusterer.annotations(for: sites, zoom: zoom)
            #expect(clusterer.annotations(for: sites.shuffled(using: &random), zoom: zoom) == annotations)
            #expect(clusterer.annotations(for: sites.reversed(), zoom: zoom) == annotations)
            let rows = annotations.map { annotation -> Double in
                let members = sites.filter { annotation.siteIDs.contains($0.id) }
                return members.map { MapProjection.point(for: $0.coordinate, zoom: zoom).y }.min() ?? 0
            }
            let side =
                MapProjection.worldSize(atZoom: zoom) / (MapProjection.worldSize(atZoom: zoom) / (2 * clusterer.radius(atZoom: zoom))).rounded()
            let rowIndices = rows.map { ($0 / side).rounded(.down) }
            #expect(rowIndices == rowIndices.sorted())
        }
    }

    @Test("property: at every zoom each site is in exactly one pin or cluster")
    func everySiteExactlyOnce() throws {
        for seed in UInt64(1)...4 {
            let sites = try MapFixtures.randomSites(count: 300, seed: seed)
            let byID = Dictionary(uniqueKeysWithValues: sites.map { ($0.id, $0) })
            for zoom in stride(from: 0.0, through: 20, by: 0.75) {
                let annotations = clusterer.annotations(for: sites, zoom: zoom)
                let ids = annotations.flatMap(\.siteIDs)
                #expect(ids.count == sites.count, "zoom \(zoom)")
                #expect(Set(ids) == Set(sites.map(\.id)), "zoom \(zoom)")
                #expect(Set(annotations.map(\.id)).count == annotations.count, "annotation ids are unique")
                for annotation in annotations {
                    switch annotation {
                    case .pin(let site):
                        #expect(byID[site.id] == site)
                    case .cluster(let cluster):
                        #expect(cluster.count >= 2)
                        #expect(cluster.bounds.contains(cluster.center))
                        for id in cluster.memberIDs {
                            let member = try #require(byID[id])
                            #expect(cluster.bounds.contains(member.coordinate))
                        }
                        // Members share one grid cell, at most a third of the world wide.
                        #expect(cluster.bounds.longitudeSpan < 180)
                    }
                }
            }
        }
    }
}
