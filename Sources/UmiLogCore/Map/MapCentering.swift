public import Geo

/// The region that shows a set of sites: their bounding box with breathing room.
///
/// The seed's launch centring pads the box by 15 % on every side, so no pin sits under the
/// screen edge or a floating control, and never shows less than 5° of latitude by 8° of
/// longitude, so one site (or a tight group) does not open the map zoomed into open water with
/// nothing around it to recognise. Cluster taps use the same padding with a much smaller minimum
/// (``clusterExpansion``): they exist to zoom in.
public struct MapCentering: Hashable, Sendable {
    /// Fraction of the box's span added on each side (0.15 adds 15 % to the north and 15 % to
    /// the south, so the span grows by 30 %).
    public var paddingFraction: Double
    /// The least latitude span, in degrees, the region may have.
    public var minimumLatitudeSpan: Double
    /// The least longitude span, in degrees, the region may have.
    public var minimumLongitudeSpan: Double

    public init(paddingFraction: Double = 0.15, minimumLatitudeSpan: Double = 5.0, minimumLongitudeSpan: Double = 8.0) {
        self.paddingFraction = paddingFraction
        self.minimumLatitudeSpan = minimumLatitudeSpan
        self.minimumLongitudeSpan = minimumLongitudeSpan
    }

    /// The seed's launch rule: 15 % padding, at least 5.0° × 8.0°.
    public static let initialRegion = MapCentering()

    /// For zooming into a tapped cluster: 15 % padding, at least 0.01° (about 1 km) each way, so
    /// sites at one spot still give a sensible street-level region rather than an infinite zoom.
    public static let clusterExpansion = MapCentering(minimumLatitudeSpan: 0.01, minimumLongitudeSpan: 0.01)

    /// The region that shows every coordinate: the smallest enclosing box (across the
    /// antimeridian when that is narrower, see ``MapBounds/enclosing(_:)``), padded and widened
    /// by ``region(fitting:)``. No coordinates give ``MapBounds/world``, the sensible view of an
    /// empty log.
    public func region(for coordinates: some Sequence<Coordinate>) -> MapBounds {
        MapBounds.enclosing(coordinates).map(region(fitting:)) ?? .world
    }

    /// The region that shows every site; see ``region(for:)``.
    public func region(for sites: [DiveSite]) -> MapBounds {
        region(for: sites.compactMap(\.coordinate))
    }

    /// `bounds` padded by ``paddingFraction`` of its span on every side, then widened about its
    /// centre to the minimum spans.
    ///
    /// Latitudes stay in −90…90: a region pushed past a pole slides back rather than shrinking,
    /// so it keeps its span. A longitude span of a whole turn or more becomes every longitude.
    public func region(fitting bounds: MapBounds) -> MapBounds {
        let padding = max(0, paddingFraction.isFinite ? paddingFraction : 0)

        var latitudeSpan = bounds.latitudeSpan * (1 + 2 * padding)
        let middleLatitude = (bounds.south + bounds.north) / 2
        latitudeSpan = min(180, max(latitudeSpan, Self.finite(minimumLatitudeSpan)))
        var south = middleLatitude - latitudeSpan / 2
        var north = middleLatitude + latitudeSpan / 2
        if south < -90 {
            north += -90 - south
            south = -90
        }
        if north > 90 {
            south -= north - 90
            north = 90
        }
        south = max(-90, south)

        var longitudeSpan = bounds.longitudeSpan * (1 + 2 * padding)
        longitudeSpan = max(longitudeSpan, Self.finite(minimumLongitudeSpan))
        let middleLongitude = bounds.west + bounds.longitudeSpan / 2
        let edges = MapProjection.longitudeEdges(west: middleLongitude - longitudeSpan / 2, span: longitudeSpan)

        return MapBounds(uncheckedSouth: south, west: edges.west, north: north, east: edges.east)
    }

    private static func finite(_ span: Double) -> Double {
        span.isFinite ? max(0, span) : 0
    }
}
