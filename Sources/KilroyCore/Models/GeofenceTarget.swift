public import Foundation
public import Geo

/// A circle the ``GeofenceMonitor`` can watch: a memory's position and geofence radius.
public struct GeofenceTarget: Identifiable, Hashable, Sendable {
    /// The memory's id.
    public let id: UUID
    public let center: Coordinate
    /// Metres; the approach fires at or inside this distance.
    public let radius: Double

    public init(id: UUID, center: Coordinate, radius: Double = DroppedMemory.geofenceRadius) {
        self.id = id
        self.center = center
        self.radius = radius
    }

    /// The geofence of a dropped memory (radius ``DroppedMemory/geofenceRadius``).
    public init(memory: DroppedMemory) {
        self.init(id: memory.id, center: memory.coordinate.coordinate)
    }
}
