import Foundation
import Geo
import Observation
import Testing

@testable import UmiLogCore

@MainActor
@Suite("MapViewModel")
struct MapViewModelTests {
    let clock = MapTestClock()
    let source: FakeMapSiteSource
    let redSea: MapBounds
    let bonaire: MapBounds
    let caribbean: MapBounds

    init() throws {
        source = FakeMapSiteSource([
            try MapFixtures.site("ras-mohammed", 27.73, 34.25, tags: [.sharks, .reef], status: .logged, name: "Ras Mohammed"),
            try MapFixtures.site("thistlegorm", 27.81, 33.92, tags: [.wreck, .advancedOnly], status: .wishlist, name: "SS Thistlegorm"),
            try MapFixtures.site("jackson-reef", 28.00, 34.47, tags: [.reef, .sharks], difficulty: .beginner, name: "Jackson Reef"),
            try MapFixtures.site("salt-pier", 12.08, -68.28, tags: [.macro, .night, .shoreEntry], status: .visited, name: "Salt Pier"),
            try MapFixtures.site("hilma-hooker", 12.10, -68.29, tags: [.wreck], name: "Hilma Hooker"),
        ])
        redSea = try MapFixtures.bounds(26, 32, 30, 36)
        bonaire = try MapFixtures.bounds(11.5, -69, 12.5, -67.5)
        caribbean = try MapFixtures.bounds(10, -90, 25, -60)
    }

    private func makeViewModel(zoom: Double = 6) -> MapViewModel {
        MapViewModel(source: source, clock: clock, zoom: zoom)
    }

    /// Reports `bounds`, lets the debounce pass and waits for the query.
    private func settle(_ model: MapViewModel, on bounds: MapBounds, zoom: Double = 6) async {
        model.viewportDidChange(bounds, zoom: zoom)
        clock.advance(by: .milliseconds(150))
        await model.pendingRefresh?.value
    }

    private func yieldABit() async {
        for _ in 0..<20 { await Task.yield() }
    }

    // MARK: Debounce

    @Test("three quick viewport changes make one query, for the last viewport")
    func threeQuickChangesOneQuery() async throws {
        let model = makeViewModel()
        model.viewportDidChange(caribbean, zoom: 3)
        model.viewportDidChange(redSea, zoom: 5)
        model.viewportDidChange(bonaire, zoom: 9)
        clock.advance(by: .milliseconds(150))
        await model.pendingRefresh?.value
        #expect(await source.queries == [bonaire])
        #expect(model.bounds == bonaire)
        #expect(model.zoom == 9)
        #expect(model.visibleSites.map(\.id) == ["hilma-hooker", "salt-pier"])
        #expect(model.loadState == .loaded)
    }

    @Test("nothing is queried before 150 ms have passed; the query runs at 150 ms")
    func queryWaitsForDebounce() async throws {
        let model = makeViewModel()
        model.viewportDidChange(redSea, zoom: 6)
        clock.advance(by: .milliseconds(149))
        await yieldABit()
        #expect(await source.queries.isEmpty)
        #expect(model.visibleSites.isEmpty)
        clock.advance(by: .milliseconds(1))
        await model.pendingRefresh?.value
        #expect(await source.queries == [redSea])
    }

    @Test("a change after the debounce has passed makes a second query")
    func changeAfterDebounceQueriesAgain() async throws {
        let model = makeViewModel()
        await settle(model, on: redSea)
        await settle(model, on: bonaire)
        #expect(await source.queries == [redSea, bonaire])
        #expect(model.visibleSites.map(\.id) == ["hilma-hooker", "salt-pier"])
    }

    @Test("a change while waiting restarts the wait")
    func changeRestartsWait() async throws {
        let model = makeViewModel()
        model.viewportDidChange(redSea, zoom: 6)
        clock.advance(by: .milliseconds(100))
        model.viewportDidChange(bonaire, zoom: 6)
        clock.advance(by: .milliseconds(100))
        await yieldABit()
        #expect(await source.queries.isEmpty)
        clock.advance(by: .milliseconds(50))
        await model.pendingRefresh?.value
        #expect(await source.queries == [bonaire])
    }

    @Test("an answer overtaken by a newer viewport is dropped")
    func staleAnswerIsDropped() async throws {
        let model = makeViewModel()
        await source.holdNextQuery()
        model.viewportDidChange(redSea, zoom: 6)
        let first = try #require(model.pendingRefresh)
        clock.advance(by: .milliseconds(150))
        var waited = 0
        while await !source.isHoldingQuery, waited < 10_000 {
            await Task.yield()
            waited += 1
        }
        #expect(await source.isHoldingQuery)
        await settle(model, on: bonaire)
        #expect(model.visibleSites.map(\.id) == ["hilma-hooker", "salt-pier"])
        await source.release()
        await first.value
        #expect(model.visibleSites.map(\.id) == ["hilma-hooker", "salt-pier"])
        #expect(model.bounds == bonaire)
        #expect(model.loadState == .loaded)
    }

    // MARK: Replacing visible sites

    @Test("a refresh that finds the same set of sites changes nothing")
    func sameIDsNoUpdate() async throws {
        let model = makeViewModel()
        await settle(model, on: redSea)
        #expect(model.visibleSitesRevision == 1)
        let before = model.visibleSites

        let changed = MapTestFlag()
        withObservationTracking {
            _ = model.visibleSites
        } onChange: {
            changed.raise()
        }
        // A small pan: same three sites.
        await settle(model, on: try MapFixtures.bounds(26.5, 32.5, 29.5, 35.5))
        #expect(await source.queries.count == 2)
        #expect(model.visibleSitesRevision == 1)
        #expect(model.visibleSites == before)
        #expect(!changed.isRaised)
    }

    @Test("a refresh that finds a different set replaces the sites and bumps the revision")
    func differentIDsUpdate() async throws {
        let model = makeViewModel()
        await settle(model, on: redSea)
        await settle(model, on: try MapFixtures.bounds(27.5, 34, 28.5, 35))
        #expect(model.visibleSitesRevision == 2)
        #expect(model.visibleSites.map(\.id) == ["jackson-reef", "ras-mohammed"])
    }

    @Test("visible sites are sorted by name, each once, whatever the store returns")
    func sortedAndUnique() async throws {
        let duplicate = try MapFixtures.site("thistlegorm", 27.81, 33.92, name: "SS Thistlegorm")
        await source.setSites(await source.sites + [duplicate])
        let model = makeViewModel()
        await settle(model, on: redSea)
        #expect(model.visibleSites.map(\.site.name) == ["Jackson Reef", "Ras Mohammed", "SS Thistlegorm"])
    }

    @Test("refresh ignores a changed status under the same ids; reload picks it up")
    func reloadPicksUpContentChanges() async throws {
        let model = makeViewModel()
        await settle(model, on: redSea)
        let updated = try MapFixtures.site(
            "jackson-reef", 28.00, 34.47, tags: [.reef, .sharks], difficulty: .beginner, status: .wishlist, name: "Jackson Reef")
        await source.setSites(await source.sites.map { $0.id == "jackson-reef" ? updated : $0 })
        await model.refresh()
        #expect(model.visibleSites.first { $0.id == "jackson-reef" }?.status == nil)
        await model.reload()
        #expect(model.visibleSites.first { $0.id == "jackson-reef" }?.status == .wishlist)
        #expect(model.visibleSitesRevision == 2)
        await model.reload()
        #expect(model.visibleSitesRevision == 2)
    }

    @Test("a failed query keeps the sites shown and says why")
    func failureKeepsSites() async throws {
        let model = makeViewModel()
        await settle(model, on: redSea)
        await source.fail(with: FakeMapSiteSource.Failure())
        await settle(model, on: bonaire)
        #expect(model.loadState == .failed(message: "The site store is unavailable."))
        #expect(model.visibleSites.count == 3)
        await source.fail(with: nil)
        await model.refresh()
        #expect(model.loadState == .loaded)
        #expect(model.visibleSites.map(\.id) == ["hilma-hooker", "salt-pier"])
    }

    // MARK: Filters and clusters

    @Test("filtered sites follow the status and explore filters, and so do the annotations")
    func filters() async throws {
        let model = makeViewModel(zoom: 14)
        await settle(model, on: .world, zoom: 14)
        #expect(model.filteredSites.count == 5)
        #expect(model.inViewText == "5 sites in view")

        model.statusFilter = .wishlist
        #expect(model.filteredSites.map(\.id) == ["thistlegorm"])
        #expect(model.annotations.map(\.id) == ["thistlegorm"])
        #expect(model.inViewText == "1 site in view")

        model.statusFilter = .visited
        #expect(Set(model.filteredSites.map(\.id)) == ["ras-mohammed", "salt-pier"])

        model.statusFilter = .notYetDived
        #expect(Set(model.filteredSites.map(\.id)) == ["thistlegorm", "jackson-reef", "hilma-hooker"])

        model.exploreFilter = .wrecks
        #expect(Set(model.filteredSites.map(\.id)) == ["thistlegorm", "hilma-hooker"])
        #expect(Set(model.annotations.flatMap(\.siteIDs)) == ["thistlegorm", "hilma-hooker"])

        model.statusFilter = .logged
        #expect(model.filteredSites.isEmpty)
        #expect(model.annotations.isEmpty)
        #expect(model.inViewCount == 0)

        model.statusFilter = .all
        model.exploreFilter = .beginnerFriendly
        #expect(model.filteredSites.map(\.id) == ["jackson-reef"])
        // Filters never query the store again.
        #expect(await source.queries.count == 1)
    }

    @Test("zooming re-clusters the same sites without replacing them")
    func zoomReclusters() async throws {
        let model = makeViewModel()
        await settle(model, on: .world, zoom: 2)
        #expect(model.annotations.count == 2)
        #expect(model.annotations.allSatisfy { $0.siteIDs.count > 1 })
        await settle(model, on: .world, zoom: 12)
        #expect(model.visibleSitesRevision == 1)
        #expect(model.annotations.count == 5)
    }

    @Test("a status change made elsewhere updates filters and the selected site at once")
    func statusChange() async throws {
        let model = makeViewModel()
        await settle(model, on: redSea)
        #expect(model.selectSite(id: "jackson-reef"))
        model.statusFilter = .wishlist
        #expect(model.filteredSites.map(\.id) == ["thistlegorm"])
        model.siteStatusDidChange(siteID: "jackson-reef", status: .wishlist)
        #expect(model.filteredSites.map(\.id) == ["jackson-reef", "thistlegorm"])
        #expect(model.selectedSite?.status == .wishlist)
        #expect(model.visibleSitesRevision == 2)
        model.siteStatusDidChange(siteID: "jackson-reef", status: .wishlist)
        model.siteStatusDidChange(siteID: "not-in-view", status: .logged)
        #expect(model.visibleSitesRevision == 2)
    }

    // MARK: Camera and selection

    @Test("centring on sites asks the camera for the padded region, once per call")
    func centerOnSites() throws {
        let model = makeViewModel()
        let sites = [try MapFixtures.site("a", 10, 20).site, try MapFixtures.site("b", 20, 40).site]
        let region = model.centerOnSites(sites)
        #expect(region == MapCentering.initialRegion.region(for: sites))
        #expect(model.cameraRequest == MapCameraRequest(id: 1, bounds: region))
        model.centerOnSites(sites)
        #expect(model.cameraRequest?.id == 2)
        #expect(model.centerOnSites([]) == .world)
    }

    @Test("centring on all sites asks the store for the world")
    func centerOnAllSites() async throws {
        let model = makeViewModel()
        await model.centerOnAllSites()
        #expect(await source.queries == [.world])
        let region = try #require(model.cameraRequest?.bounds)
        for site in await source.sites { #expect(region.contains(site.coordinate)) }
    }

    @Test("tapping a cluster returns the region that splits it")
    func clusterTap() async throws {
        let model = makeViewModel()
        await settle(model, on: bonaire, zoom: 6)
        guard model.annotations.count == 1, case .cluster(let cluster) = model.annotations[0] else {
            Issue.record("expected Bonaire's two sites to cluster at zoom 6, got \(model.annotations)")
            return
        }
        let region = model.didTapCluster(cluster)
        #expect(model.cameraRequest?.bounds == region)
        for site in model.visibleSites { #expect(region.contains(site.coordinate)) }
        let zoom = MapProjection.zoomToFit(region, in: MapSize(width: 390, height: 844))
        #expect(zoom > 6)
        #expect(SiteClusterer().annotations(for: model.visibleSites, zoom: zoom).count == 2)
    }

    @Test("selecting a site in view opens it; an unknown id changes nothing")
    func selection() async throws {
        let model = makeViewModel()
        await settle(model, on: redSea)
        #expect(model.selectSite(id: "thistlegorm"))
        #expect(model.selectedSite?.id == "thistlegorm")
        #expect(!model.selectSite(id: "salt-pier"))
        #expect(model.selectedSite?.id == "thistlegorm")
        model.clearSelection()
        #expect(model.selectedSite == nil)
    }
}
