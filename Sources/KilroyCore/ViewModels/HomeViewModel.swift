import Foundation
import Geo
public import Observation

/// The home screen: where the user is, what is near (local memories and cloud kilroys), and the
/// tap when they come back to a memory.
///
/// Fed location fixes by the platform (CoreLocation on iOS, a GPX replay in the CLI). Each fix
/// goes through a ``GeofenceMonitor``; every approach asks ``Haptics`` for `approachTap()` once.
/// The nearby list is refreshed on the first fix and whenever the user has moved more than
/// `refreshDistance` metres since the last refresh, as the seed's `checkForNearbyMemories`.
@MainActor
@Observable
public final class HomeViewModel {
    /// What is near, nearest first.
    public private(set) var nearby: [NearbyItem] = []
    /// Approaches since the view model was created, oldest first.
    public private(set) var approaches: [ApproachEvent] = []
    /// The last fix.
    public private(set) var location: LocationUpdate?
    /// A store failure to show, if the last operation had one.
    public private(set) var errorMessage: String?
    /// Why cloud kilroys are missing from `nearby`, if the cloud failed.
    public private(set) var cloudMessage: String?
    /// Metres around the user that `nearby` covers.
    public var searchRadius: Double

    private let store: MemoryStore
    private let nearbyService: NearbyService
    private let haptics: any Haptics
    private let refreshDistance: Double
    private var monitor: GeofenceMonitor
    private var memoriesLoaded = false
    private var lastRefresh: Coordinate?

    public init(
        store: MemoryStore, nearbyService: NearbyService, haptics: any Haptics, searchRadius: Double = 1_000,
        refreshDistance: Double = 50, geofence: GeofenceMonitor.Configuration = .init()
    ) {
        self.store = store
        self.nearbyService = nearbyService
        self.haptics = haptics
        self.searchRadius = searchRadius
        self.refreshDistance = refreshDistance
        monitor = GeofenceMonitor(configuration: geofence)
    }

    /// The regions the geofence monitor watches now (at most 20).
    public var monitoredRegions: [MonitoredRegion] { monitor.monitoredRegions }

    /// Re-reads the memories the geofences watch (call after a drop or delete).
    public func reloadMemories() async {
        do {
            let memories = try await store.all()
            monitor.replaceTargets(memories.map(GeofenceTarget.init(memory:)))
            memoriesLoaded = true
            errorMessage = nil
        } catch {
            errorMessage = error.errorDescription
        }
    }

    /// Handles one fix: checks the geofences (tapping once per approach) and refreshes the
    /// nearby list when the user has moved far enough. Returns the approaches of this fix.
    @discardableResult
    public func locationDidUpdate(_ update: LocationUpdate) async -> [ApproachEvent] {
        if !memoriesLoaded { await reloadMemories() }
        location = update
        let events = monitor.update(update)
        for event in events {
            approaches.append(event)
            haptics.approachTap()
        }
        let moved = lastRefresh.map { haversineDistance(from: $0, to: update.coordinate) } ?? .infinity
        if moved > refreshDistance {
            await refreshNearby()
        }
        return events
    }

    /// Reloads the nearby list around the last fix.
    public func refreshNearby() async {
        guard let center = location?.coordinate else { return }
        do {
            let result = try await nearbyService.nearby(center, radius: searchRadius)
            nearby = result.items
            cloudMessage = result.cloudError?.errorDescription
            lastRefresh = center
            errorMessage = nil
        } catch {
            errorMessage = error.errorDescription
        }
    }
}
