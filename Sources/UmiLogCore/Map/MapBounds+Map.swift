public import Geo

extension MapBounds {
    /// Every latitude and longitude: what the map shows before it knows where the sites are.
    public static let world = MapBounds(uncheckedSouth: -90, west: -180, north: 90, east: 180)

    /// For edges already known to be valid (clamped or wrapped results), so callers need not
    /// handle an error that cannot happen.
    init(uncheckedSouth south: Double, west: Double, north: Double, east: Double) {
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    /// The middle of the box: halfway between south and north, and halfway along the longitude
    /// span (across the antimeridian when the box crosses it).
    public var center: Coordinate {
        MapProjection.clampedCoordinate(latitude: (south + north) / 2, longitude: west + longitudeSpan / 2)
    }

    /// The smallest box holding every coordinate, or `nil` when there are none.
    ///
    /// Longitudes are treated as a circle: the box leaves out the widest gap between neighbouring
    /// longitudes, so sites either side of the antimeridian (Fiji, 179° and −179°) get a 2° box
    /// that crosses it rather than a 358° one. When the widest gap is a tie, the box that does
    /// not cross the antimeridian wins.
    public static func enclosing(_ coordinates: some Sequence<Coordinate>) -> MapBounds? {
        let coordinates = Array(coordinates)
        let latitudes = coordinates.map(\.latitude)
        guard let south = latitudes.min(), let north = latitudes.max() else { return nil }
        let longitudes = coordinates.map(\.longitude).sorted()
        guard let first = longitudes.first, let last = longitudes.last else { return nil }
        // The gap across the antimeridian, from the easternmost back round to the westernmost.
        var widestGap = first + 360 - last
        var west = first
        var east = last
        for (lower, upper) in zip(longitudes, longitudes.dropFirst()) where upper - lower > widestGap {
            widestGap = upper - lower
            west = upper
            east = lower
        }
        // ±180 are one meridian: write such an edge so the box does not cross needlessly.
        if west == 180, east != 180 { west = -180 }
        if east == -180, west != -180 { east = 180 }
        return MapBounds(uncheckedSouth: south, west: west, north: north, east: east)
    }
}
