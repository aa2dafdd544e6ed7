import Foundation
import Geo
public import Observation
import Validation

/// The map screen without its pixels: which sites are in the viewport, how they are filtered and
/// clustered at the current zoom, what is selected, and where the camera should go.
///
/// The map view reports every camera move through ``viewportDidChange(_:zoom:)``. Moves come many
/// times a second while the diver pans, so the view model waits until the camera has rested for
/// ``defaultDebounce`` (150 ms, the seed's value) before it queries the store, and a newer move
/// cancels the wait and any query still running. A query whose answer holds the same set of site
/// ids as before changes nothing, so the list under the map does not flicker on small pans.
///
/// ``filteredSites`` is always derived from ``visibleSites`` and the two filters; ``annotations``
/// (pins and clusters) is recomputed whenever any of them or the zoom changes. The camera only
/// moves on an explicit ``cameraRequest``, never as a side effect of a state update.
///
/// Nothing is loaded until the map reports its first viewport or ``refresh()`` is called; on
/// launch, ``centerOnAllSites()`` frames the whole dataset.
@MainActor
@Observable
public final class MapViewModel {
    /// How long the camera must rest before the viewport is queried.
    public nonisolated static let defaultDebounce: Duration = .milliseconds(150)

    /// The viewport last queried: the latest one the camera rested on.
    public private(set) var bounds: MapBounds
    /// The zoom that goes with ``bounds``; clusters are made for it.
    public private(set) var zoom: Double {
        didSet { updateAnnotations() }
    }
    /// Every site in ``bounds`` whatever the filters, each once, sorted by name (then id).
    public private(set) var visibleSites: [MapSite] = [] {
        didSet { updateAnnotations() }
    }
    /// Increases by one every time ``visibleSites`` changes, so a view (or a test) can tell that
    /// a refresh changed nothing.
    public private(set) var visibleSitesRevision = 0
    /// The "My map" status chip.
    public var statusFilter: StatusFilter = .all {
        didSet { if statusFilter != oldValue { updateAnnotations() } }
    }
    /// The "Explore" chip.
    public var exploreFilter: ExploreFilter = .all {
        didSet { if exploreFilter != oldValue { updateAnnotations() } }
    }
    /// The pins and clusters to draw: ``filteredSites`` clustered at ``zoom``.
    public private(set) var annotations: [MapAnnotation] = []
    /// The site whose card is open.
    public private(set) var selectedSite: MapSite?
    /// Where the last viewport query stands.
    public private(set) var loadState: MapLoadState = .idle
    /// The latest camera move the view should make; see ``MapCameraRequest``.
    public private(set) var cameraRequest: MapCameraRequest?

    /// The sites in view that pass both filters, in the order of ``visibleSites``.
    public var filteredSites: [MapSite] {
        visibleSites.filter { statusFilter.matches($0.status) && exploreFilter.matches($0.site) }
    }

    /// How many sites the bottom sheet's "In view" count shows: those in view that pass the
    /// filters.
    public var inViewCount: Int { filteredSites.count }

    /// "1 site in view", "12 sites in view".
    public var inViewText: String {
        Wording.counted(inViewCount, "site") + " in view"
    }

    @ObservationIgnored private let source: any MapSiteSource
    @ObservationIgnored private let clock: any Clock<Duration>
    @ObservationIgnored private let debounce: Duration
    @ObservationIgnored private let clusterer: SiteClusterer
    @ObservationIgnored private let centering: MapCentering
    /// The viewport reported last and not yet queried.
    @ObservationIgnored private var pendingViewport: (bounds: MapBounds, zoom: Double)?
    /// The debounce wait and the query after it; internal so tests can await it.
    @ObservationIgnored var pendingRefresh: Task<Void, Never>?
    /// Numbers queries so that an answer overtaken by a newer query is dropped.
    @ObservationIgnored private var queryGeneration = 0
    @ObservationIgnored private var cameraRequestCount = 0

    /// - Parameters:
    ///   - source: Answers viewport queries (the site repository).
    ///   - clock: Times the debounce; tests pass a clock they advance by hand.
    ///   - debounce: How long the camera must rest before a query.
    ///   - clusterer: The clustering rule.
    ///   - centering: The rule of ``centerOnSites(_:)``.
    ///   - bounds: The viewport before the map reports one.
    ///   - zoom: The zoom before the map reports one.
    public init(
        source: any MapSiteSource, clock: any Clock<Duration> = ContinuousClock(),
        debounce: Duration = MapViewModel.defaultDebounce, clusterer: SiteClusterer = SiteClusterer(),
        centering: MapCentering = .initialRegion, bounds: MapBounds = .world, zoom: Double = 1
    ) {
        self.source = source
        self.clock = clock
        self.debounce = debounce
        self.clusterer = clusterer
        self.centering = centering
        self.bounds = bounds
        self.zoom = MapProjection.clampedZoom(zoom)
    }

    // MARK: - Viewport

    /// The camera moved. Schedules a query of the new viewport after the debounce, replacing any
    /// query still waiting or running.
    public func viewportDidChange(_ bounds: MapBounds, zoom: Double) {
        pendingViewport = (bounds, MapProjection.clampedZoom(zoom))
        pendingRefresh?.cancel()
        // Opening the existential clock for the generic helper needs a local, not the property.
        let clock = clock
        pendingRefresh = scheduleRefresh(on: clock)
    }

    /// Queries the current viewport now and replaces ``visibleSites`` if the set of site ids
    /// differs (a site that merely changed is not picked up: see ``reload()``).
    public func refresh() async {
        await query(replacing: .whenIDsDiffer)
    }

    /// Queries the current viewport now and replaces ``visibleSites`` if anything about the sites
    /// differs, for after the store changed under the map (an import, a sync).
    public func reload() async {
        await query(replacing: .whenContentDiffers)
    }

    /// Records a list change the diver made elsewhere (wishlist toggle, dive logged) on the site
    /// in view, so filters and pin colours follow at once without a query.
    public func siteStatusDidChange(siteID: String, status: SiteStatus?) {
        if selectedSite?.id == siteID { selectedSite?.status = status }
        guard let index = visibleSites.firstIndex(where: { $0.id == siteID }), visibleSites[index].status != status else {
            return
        }
        visibleSites[index].status = status
        visibleSitesRevision += 1
    }

    // MARK: - Camera

    /// Asks the map to show every site (padding 15 %, at least 5° × 8°; the world when there are
    /// none) and returns that region.
    @discardableResult
    public func centerOnSites(_ sites: [DiveSite]) -> MapBounds {
        let region = centering.region(for: sites)
        requestCamera(region)
        return region
    }

    /// Centres on every site the store has, for the map's first appearance.
    public func centerOnAllSites() async {
        do {
            let sites = try await source.sites(in: .world)
            centerOnSites(sites.map(\.site))
        } catch {
            loadState = .failed(message: Self.message(for: error))
        }
    }

    /// A cluster was tapped: asks the map to zoom to its members (padded, at least about 1 km
    /// across) so they split apart, and returns that region.
    @discardableResult
    public func didTapCluster(_ cluster: SiteCluster) -> MapBounds {
        let region = MapCentering.clusterExpansion.region(fitting: cluster.bounds)
        requestCamera(region)
        return region
    }

    // MARK: - Selection

    /// Opens the card of the site in view with `id`. Returns `false`, changing nothing, when no
    /// such site is in view.
    @discardableResult
    public func selectSite(id: String) -> Bool {
        guard let site = visibleSites.first(where: { $0.id == id }) else { return false }
        selectedSite = site
        return true
    }

    /// Closes the site card.
    public func clearSelection() {
        selectedSite = nil
    }

    // MARK: - Private

    private enum ReplacementRule {
        case whenIDsDiffer
        case whenContentDiffers
    }

    /// Fixes the deadline now, not when the task starts, so the wait is exactly `debounce` from
    /// the call however late the task runs.
    private func scheduleRefresh(on clock: some Clock<Duration>) -> Task<Void, Never> {
        let deadline = clock.now.advanced(by: debounce)
        return Task { [weak self] in
            do {
                try await clock.sleep(until: deadline, tolerance: nil)
            } catch {
                return
            }
            guard !Task.isCancelled else { return }
            await self?.queryPendingViewport()
        }
    }

    private func queryPendingViewport() async {
        guard let viewport = pendingViewport else { return }
        pendingViewport = nil
        if bounds != viewport.bounds { bounds = viewport.bounds }
        if zoom != viewport.zoom { zoom = viewport.zoom }
        await query(replacing: .whenIDsDiffer)
    }

    private func query(replacing rule: ReplacementRule) async {
        queryGeneration += 1
        let generation = queryGeneration
        loadState = .loading
        do {
            let sites = try await source.sites(in: bounds)
            guard generation == queryGeneration else { return }
            try Task.checkCancellation()
            replaceVisibleSites(with: sites, rule: rule)
            loadState = .loaded
        } catch {
            guard generation == queryGeneration else { return }
            if error is CancellationError || Task.isCancelled {
                loadState = .idle
            } else {
                loadState = .failed(message: Self.message(for: error))
            }
        }
    }

    private func replaceVisibleSites(with sites: [MapSite], rule: ReplacementRule) {
        var seen = Set<String>()
        let sites = sites.filter { seen.insert($0.id).inserted }.sorted(by: Self.listOrder)
        switch rule {
        case .whenIDsDiffer:
            guard seen != Set(visibleSites.map(\.id)) else { return }
        case .whenContentDiffers:
            guard sites != visibleSites else { return }
        }
        visibleSites = sites
        visibleSitesRevision += 1
        if let selected = selectedSite, let fresh = sites.first(where: { $0.id == selected.id }), fresh != selected {
            selectedSite = fresh
        }
    }

    private func updateAnnotations() {
        annotations = clusterer.annotations(for: filteredSites, zoom: zoom)
    }

    private func requestCamera(_ bounds: MapBounds) {
        cameraRequestCount += 1
        cameraRequest = MapCameraRequest(id: cameraRequestCount, bounds: bounds)
    }

    private static func listOrder(_ lhs: MapSite, _ rhs: MapSite) -> Bool {
        let left = lhs.site.name.lowercased()
        let right = rhs.site.name.lowercased()
        return left == right ? lhs.id < rhs.id : left < right
    }

    private static func message(for error: any Error) -> String {
        (error as? any LocalizedError)?.errorDescription ?? "The dive sites for this area could not be loaded."
    }
}
