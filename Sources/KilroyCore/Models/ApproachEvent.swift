public import Foundation
public import Geo

/// The user came within a memory's geofence: the moment the app taps them.
public struct ApproachEvent: Hashable, Sendable {
    /// The memory approached.
    public let memoryID: UUID
    /// The time of the location fix that entered the geofence.
    public let time: Date
    /// Where the user was.
    public let coordinate: Coordinate
    /// How far from the memory the user was at that fix, in metres.
    public let distanceMeters: Double

    public init(memoryID: UUID, time: Date, coordinate: Coordinate, distanceMeters: Double) {
        self.memoryID = memoryID
        self.time = time
        self.coordinate = coordinate
        self.distanceMeters = distanceMeters
    }
}
