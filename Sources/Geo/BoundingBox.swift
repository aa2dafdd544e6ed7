import Foundation

/// A latitude/longitude rectangle: the cheap first test of "is this near", a map viewport, or the
/// box around a search circle (``init(center:radius:)``).
///
/// Latitudes run from `south` to `north`. Longitudes run east from `west` to `east`; when
/// `west > east` the box crosses the antimeridian and holds `west…180` and `−180…east`. Edges
/// belong to the box, and longitude 180 and −180 are the same meridian.
public struct BoundingBox: Hashable, Sendable {
    /// Southern edge in degrees, −90…90, not above `north`.
    public let south: Double
    /// Northern edge in degrees, −90…90.
    public let north: Double
    /// Western edge in degrees, −180…180.
    public let west: Double
    /// Eastern edge in degrees, −180…180; less than `west` when the box crosses the antimeridian.
    public let east: Double

    /// The whole Earth.
    public static let world = BoundingBox(uncheckedSouth: -90, north: 90, west: -180, east: 180)

    /// Outward margins that make ``init(center:radius:)`` hold every point that
    /// ``haversineDistance(from:to:)`` puts within the radius, despite rounding (~6 µm + 1e-9 of
    /// the radius, and 1e-9° of longitude: well below a millimetre).
    static let relativeMargin = 1e-9
    static let angularMarginRadians = 1e-12
    static let longitudeMarginDegrees = 1e-9

    /// Creates a box from its edges.
    ///
    /// - Throws: `GeoError.invalidLatitude` / `.invalidLongitude` for an edge that is not finite
    ///   or out of range, `.invertedLatitudes` when `south > north`.
    public init(south: Double, north: Double, west: Double, east: Double) throws(GeoError) {
        for latitude in [south, north] where !(latitude.isFinite && (-90.0...90.0).contains(latitude)) {
            throw .invalidLatitude(latitude)
        }
        for longitude in [west, east] where !(longitude.isFinite && (-180.0...180.0).contains(longitude)) {
            throw .invalidLongitude(longitude)
        }
        guard south <= north else { throw .invertedLatitudes(south: south, north: north) }
        self.init(uncheckedSouth: south, north: north, west: west, east: east)
    }

    /// The smallest box that holds every point within `radius` metres (great-circle distance on
    /// the sphere of ``haversineDistance(from:to:)``) of `center`, plus a sub-millimetre margin
    /// for rounding.
    ///
    /// - When the circle reaches a pole, the box runs to that pole and spans all longitudes.
    /// - When it reaches across the antimeridian, the box wraps (`west > east`).
    /// - A radius of half the Earth's circumference or more gives ``world``.
    ///
    /// - Throws: `GeoError.invalidRadius` for a negative or non-finite radius.
    public init(center: Coordinate, radius: Double) throws(GeoError) {
        guard radius.isFinite, radius >= 0 else { throw .invalidRadius(radius) }
        self.init(validCenter: center, radius: radius)
    }

    /// ``init(center:radius:)`` for a radius already known to be finite and not negative.
    init(validCenter center: Coordinate, radius: Double) {
        let angle = radius / earthMeanRadiusMeters * (1 + Self.relativeMargin) + Self.angularMarginRadians
        guard angle < Double.pi else {
            self = .world
            return
        }
        let degreesPerRadian = 180 / Double.pi
        let north = center.latitude + angle * degreesPerRadian
        let south = center.latitude - angle * degreesPerRadian
        let clampedSouth = max(-90, south)
        let clampedNorth = min(90, north)
        guard north < 90, south > -90 else {
            // The circle holds a pole, and so every longitude.
            self.init(uncheckedSouth: clampedSouth, north: clampedNorth, west: -180, east: 180)
            return
        }
        // The widest point of a small circle: Δλ = asin(sin δ / cos φ). Near 1 the arcsine is
        // too ill-conditioned to trust the last bits, and the circle then almost touches the pole.
        let ratio = sin(angle) / cos(center.latitude / degreesPerRadian)
        guard ratio < 1 - 1e-6 else {
            self.init(uncheckedSouth: clampedSouth, north: clampedNorth, west: -180, east: 180)
            return
        }
        let halfWidth = asin(ratio) * degreesPerRadian * (1 + Self.relativeMargin) + Self.longitudeMarginDegrees
        var west = center.longitude - halfWidth
        var east = center.longitude + halfWidth
        if west < -180 { west += 360 }
        if east > 180 { east -= 360 }
        self.init(uncheckedSouth: clampedSouth, north: clampedNorth, west: west, east: east)
    }

    /// For edges already known to be valid.
    init(uncheckedSouth south: Double, north: Double, west: Double, east: Double) {
        self.south = south
        self.north = north
        self.west = west
        self.east = east
    }

    /// Whether the box crosses the antimeridian (`west > east`).
    public var crossesAntimeridian: Bool { west > east }

    /// Whether the box spans every longitude, as the box of a circle around a pole does.
    public var spansAllLongitudes: Bool { west == -180 && east == 180 }

    /// Whether `coordinate` lies inside the box or on its edge.
    ///
    /// Longitude 180 and −180 count as the same meridian. A pole counts as inside only at a
    /// longitude the box spans (a box from a circle around a pole spans them all).
    public func contains(_ coordinate: Coordinate) -> Bool {
        guard south <= coordinate.latitude, coordinate.latitude <= north else { return false }
        let longitude = coordinate.longitude
        return containsLongitude(longitude) || (abs(longitude) == 180 && containsLongitude(-longitude))
    }

    /// Whether the two boxes share at least one point (touching edges count).
    public func intersects(_ other: BoundingBox) -> Bool {
        guard south <= other.north, other.south <= north else { return false }
        for mine in longitudeSpans {
            for theirs in other.longitudeSpans {
                if mine.overlaps(theirs) { return true }
                // The two ends of the longitude line are one meridian.
                if mine.upperBound == 180, theirs.lowerBound == -180 { return true }
                if theirs.upperBound == 180, mine.lowerBound == -180 { return true }
            }
        }
        return false
    }

    private func containsLongitude(_ longitude: Double) -> Bool {
        if west <= east {
            west <= longitude && longitude <= east
        } else {
            longitude >= west || longitude <= east
        }
    }

    /// The box's longitudes as one or (across the antimeridian) two increasing intervals.
    private var longitudeSpans: [ClosedRange<Double>] {
        west <= east ? [west...east] : [west...180, -180...east]
    }
}

extension BoundingBox: CustomStringConvertible {
    public var description: String {
        "BoundingBox(south: \(south), north: \(north), west: \(west), east: \(east))"
    }
}
