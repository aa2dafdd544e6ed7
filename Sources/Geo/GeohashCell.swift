/// The cell a geohash names, as ``Geohash/decode(_:)`` returns it.
///
/// All values are exact: the edges of cells of up to 19 characters are dyadic fractions of the
/// world, which `Double` holds without rounding.
public struct GeohashCell: Hashable, Sendable {
    /// The geohash, in lower case.
    public let hash: String
    /// The cell's edges; `west < east` always (cells never cross the antimeridian).
    public let bounds: BoundingBox

    /// The middle of the cell, the usual single point to show for a geohash.
    public var center: Coordinate {
        Coordinate(
            uncheckedLatitude: (bounds.south + bounds.north) / 2,
            longitude: (bounds.west + bounds.east) / 2)
    }

    /// Half the cell's height in degrees: how far the true latitude may be from the centre's.
    public var latitudeError: Double { (bounds.north - bounds.south) / 2 }

    /// Half the cell's width in degrees: how far the true longitude may be from the centre's.
    public var longitudeError: Double { (bounds.east - bounds.west) / 2 }
}
