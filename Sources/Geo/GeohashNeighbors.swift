/// The eight cells of the same precision around a geohash (``Geohash/neighbors(_:)``).
///
/// Longitude wraps across the antimeridian; there is nothing beyond a pole, so the three
/// northern neighbours of a cell in the top row (or the southern ones of the bottom row) are `nil`.
public struct GeohashNeighbors: Hashable, Sendable {
    public let north: String?
    public let northEast: String?
    public let east: String?
    public let southEast: String?
    public let south: String?
    public let southWest: String?
    public let west: String?
    public let northWest: String?

    /// The neighbours that exist, clockwise from north (n, ne, e, se, s, sw, w, nw).
    public var all: [String] {
        [north, northEast, east, southEast, south, southWest, west, northWest].compactMap { $0 }
    }
}
