public import Foundation
public import Geo

/// A region the ``GeofenceMonitor`` is watching now, as iOS would be asked to.
public struct MonitoredRegion: Hashable, Sendable {
    /// What the region stands for.
    public enum Kind: Hashable, Sendable {
        /// A memory's geofence.
        case memory(UUID)
        /// The larger circle around the user whose exit triggers a re-plan.
        case refresh
    }

    public let kind: Kind
    public let center: Coordinate
    /// Metres.
    public let radius: Double

    public init(kind: Kind, center: Coordinate, radius: Double) {
        self.kind = kind
        self.center = center
        self.radius = radius
    }
}
