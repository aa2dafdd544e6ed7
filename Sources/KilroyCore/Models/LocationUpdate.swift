public import Foundation
public import Geo

/// One position fix fed to the ``GeofenceMonitor``: where the user is and when.
public struct LocationUpdate: Hashable, Sendable {
    public let coordinate: Coordinate
    public let time: Date

    public init(coordinate: Coordinate, time: Date) {
        self.coordinate = coordinate
        self.time = time
    }
}
