public import Foundation
public import Geo

/// One point of a GPX file.
public struct GPXPoint: Hashable, Sendable {
    /// Which GPX element the point came from.
    public enum Kind: String, Hashable, Sendable {
        /// `<trkpt>`: a recorded track.
        case track
        /// `<rtept>`: a planned route.
        case route
        /// `<wpt>`: a standalone waypoint.
        case waypoint
    }

    public let kind: Kind
    public let coordinate: Coordinate
    /// `<time>`, when present.
    public let time: Date?
    /// `<ele>` in metres, when present.
    public let elevation: Double?
    /// The line of the point's element in the file.
    public let line: Int

    public init(kind: Kind, coordinate: Coordinate, time: Date?, elevation: Double?, line: Int) {
        self.kind = kind
        self.coordinate = coordinate
        self.time = time
        self.elevation = elevation
        self.line = line
    }
}
