import Geo

/// The geohash column of the kilroys table: how a coordinate is hashed when stored. (Its index,
/// `kilroys_geo`, holds every position in a few tens of MB; the position cache's first load
/// reads it rather than the table.)
enum KilroyGeoIndex {
    /// Characters of the stored geohash (cells of about 1.2 m × 0.6 m).
    static let storedPrecision = 10

    /// The stored geohash of `coordinate` (a point on a cell edge goes to the north/east cell).
    static func hash(_ coordinate: Coordinate) -> String {
        do {
            return try Geohash.encode(coordinate, precision: storedPrecision)
        } catch {
            // `encode` fails only for a precision outside 1...22, and ours is the constant 10.
            preconditionFailure("geohash precision \(storedPrecision) out of range: \(error)")
        }
    }
}
