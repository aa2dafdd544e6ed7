import DAGCBOR
public import Geo

/// Where a session happened, stored as its own DAG-CBOR block and linked from the payload.
///
/// Unless the user opts in, the coordinate is snapped to the privacy grid before it is ever
/// stored, so the exact position never reaches the database or a receipt.
public struct LocationRecord: Codable, Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double
    /// Grid size in degrees the coordinate was snapped to; omitted when the location is exact.
    public var gridDegrees: Double?
    public var placeName: String?

    public init(latitude: Double, longitude: Double, gridDegrees: Double?, placeName: String?) {
        self.latitude = latitude
        self.longitude = longitude
        self.gridDegrees = gridDegrees
        self.placeName = placeName
    }

    /// Builds the record to store for a coordinate: snapped to the default grid unless `exact`.
    public init(coordinate: Coordinate, exact: Bool, placeName: String?) {
        let stored = exact ? coordinate : coordinate.snapped(toGrid: Coordinate.defaultGridSize)
        self.init(
            latitude: stored.latitude,
            longitude: stored.longitude,
            gridDegrees: exact ? nil : Coordinate.defaultGridSize,
            placeName: placeName
        )
    }

    public var isExact: Bool { gridDegrees == nil }
}
