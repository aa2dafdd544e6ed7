public import Foundation
import Geo

/// Decides when the user *approaches* a memory, the way the app does it with iOS region
/// monitoring, as pure, deterministic logic fed with location fixes (no timers, no system API).
///
/// **One tap per visit.** A memory fires one ``ApproachEvent`` when a fix falls within its
/// radius, and re-arms only after a fix farther than `radius + exitMargin(radius)` metres, where
/// the margin is `max(5 m, radius / 2)` (15 m for the seed's 10 m geofence). GPS wobble at the edge
/// therefore never makes it tap again and again.
///
/// **At most 20 regions, like iOS.** The monitor watches the 19 memories nearest the user plus
/// one *refresh region* centred on the user. Its radius is the distance to the 20th-nearest
/// memory minus that memory's re-arm distance (`radius + exitMargin`, 15 m for the seed's
/// geofence; in general the smallest such value over the memories not watched), so while the
/// user stays in the refresh region they can neither enter an unwatched memory nor come near
/// enough for its state to matter; with 19 memories or fewer it is
/// ``Configuration/defaultRefreshRadius``. When a fix falls outside the refresh region the
/// monitor re-plans around that fix before checking the memories. Only watched regions are
/// checked, as on iOS. The result equals checking every memory on every fix, except when more
/// than 19 memories lie within their re-arm distance of the user at once (then the farthest of
/// them wait until they are among the 19 nearest).
///
/// The first fix counts as arriving: memories known before it that contain it fire at once.
/// Memories added later (``replaceTargets(_:)``) that already contain the user's last position
/// do not fire until the user has left and come back, so dropping a memory does not tap you.
public struct GeofenceMonitor: Sendable {
    /// The monitor's limits.
    public struct Configuration: Hashable, Sendable {
        /// Regions the system can watch at once (iOS: 20), the refresh region included; at least 2.
        public let maximumRegions: Int
        /// Refresh-region radius in metres when every memory is watched.
        public let defaultRefreshRadius: Double

        public init(maximumRegions: Int = 20, defaultRefreshRadius: Double = 1_000) {
            self.maximumRegions = max(2, maximumRegions)
            self.defaultRefreshRadius = defaultRefreshRadius.isFinite ? max(1, defaultRefreshRadius) : 1_000
        }
    }

    /// The extra distance beyond a memory's radius the user must reach before it can fire again:
    /// `max(5, radius / 2)` metres.
    public static func exitMargin(forRadius radius: Double) -> Double {
        max(5, radius / 2)
    }

    public let configuration: Configuration
    /// The regions watched now: the memories' first, nearest first, then the refresh region.
    /// Empty before the first fix.
    public private(set) var monitoredRegions: [MonitoredRegion] = []
    /// How many times the monitor has planned its regions.
    public private(set) var planCount = 0
    /// The last fix received.
    public private(set) var lastLocation: LocationUpdate?

    private var targets: [UUID: GeofenceTarget] = [:]
    /// Memories that fired and wait for the user to leave.
    private var inside: Set<UUID> = []

    public init(targets: [GeofenceTarget] = [], configuration: Configuration = Configuration()) {
        self.configuration = configuration
        for target in targets { self.targets[target.id] = target }
    }

    /// The memories the monitor knows, by id.
    public var targetIDs: Set<UUID> { Set(targets.keys) }

    /// Replaces the set of memories (after a drop or a delete) and re-plans around the last fix.
    public mutating func replaceTargets(_ newTargets: [GeofenceTarget]) {
        let previous = targets
        targets = [:]
        for target in newTargets { targets[target.id] = target }
        inside = inside.filter { targets[$0] != nil }
        if let location = lastLocation?.coordinate {
            for target in newTargets where previous[target.id] == nil && distance(location, target) <= target.radius {
                inside.insert(target.id)
            }
            plan(around: location)
        }
    }

    /// Feeds one fix; returns the approach events it causes (nearest memory first).
    public mutating func update(_ location: LocationUpdate) -> [ApproachEvent] {
        lastLocation = location
        let position = location.coordinate
        if let refresh = monitoredRegions.last, case .refresh = refresh.kind {
            if haversineDistance(from: refresh.center, to: position) > refresh.radius {
                plan(around: position)
            }
        } else {
            plan(around: position)
        }
        var events: [ApproachEvent] = []
        for region in monitoredRegions {
            guard case .memory(let id) = region.kind, let target = targets[id] else { continue }
            let meters = distance(position, target)
            if inside.contains(id) {
                if meters > target.radius + Self.exitMargin(forRadius: target.radius) { inside.remove(id) }
            } else if meters <= target.radius {
                inside.insert(id)
                events.append(ApproachEvent(memoryID: id, time: location.time, coordinate: position, distanceMeters: meters))
            }
        }
        return events.sorted { ($0.distanceMeters, $0.memoryID.uuidString) < ($1.distanceMeters, $1.memoryID.uuidString) }
    }

    /// Chooses the watched regions around `position`.
    private mutating func plan(around position: Coordinate) {
        planCount += 1
        let ranked = targets.values
            .map { (target: $0, meters: distance(position, $0)) }
            .sorted { ($0.meters, $0.target.id.uuidString) < ($1.meters, $1.target.id.uuidString) }
        let watchedCount = min(ranked.count, configuration.maximumRegions - 1)
        let watched = ranked.prefix(watchedCount)
        let unwatched = ranked.dropFirst(watchedCount)
        // Facts known at a plan: a memory far enough away is re-armed even if it was not watched
        // when the user left it.
        for entry in ranked where inside.contains(entry.target.id) {
            if entry.meters > entry.target.radius + Self.exitMargin(forRadius: entry.target.radius) {
                inside.remove(entry.target.id)
            }
        }
        let refreshRadius: Double
        let rearmDistances = unwatched.map { $0.meters - $0.target.radius - Self.exitMargin(forRadius: $0.target.radius) }
        if let nearest = rearmDistances.min() {
            refreshRadius = max(1, nearest)
        } else {
            refreshRadius = configuration.defaultRefreshRadius
        }
        monitoredRegions =
            watched.map {
                MonitoredRegion(kind: .memory($0.target.id), center: $0.target.center, radius: $0.target.radius)
            } + [MonitoredRegion(kind: .refresh, center: position, radius: refreshRadius)]
    }

    private func distance(_ position: Coordinate, _ target: GeofenceTarget) -> Double {
        haversineDistance(from: position, to: target.center)
    }
}
