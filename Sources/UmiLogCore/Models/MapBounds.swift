public import Geo

/// A map viewport in degrees. When `west > east` the viewport crosses the antimeridian
/// (e.g. Fiji: west 177, east −178).
public struct MapBounds: Hashable, Sendable, Codable {
    public var south: Double
    public var west: Double
    public var north: Double
    public var east: Double

    /// - Throws: `GeoError` when a value is out of range or south is above north.
    public init(south: Double, west: Double, north: Double, east: Double) throws(GeoError) {
        _ = try BoundingBox(south: south, north: north, west: west, east: east)
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    /// The same viewport as the Geo kit's box (which handles the antimeridian and poles).
    public var boundingBox: BoundingBox {
        // Valid by construction: init checked the same values.
        (try? BoundingBox(south: south, north: north, west: west, east: east)) ?? .world
    }

    public var crossesAntimeridian: Bool { west > east }

    public func contains(_ coordinate: Coordinate) -> Bool { boundingBox.contains(coordinate) }

    /// Degrees of latitude covered.
    public var latitudeSpan: Double { north - south }
    /// Degrees of longitude covered, across the antimeridian if need be.
    public var longitudeSpan: Double { crossesAntimeridian ? east + 360 - west : east - west }
}
