import Geo

/// The geohash index of the kilroys table: how a coordinate is hashed when stored, and which
/// ranges of hashes a near query scans (the Geo kit's guaranteed cover, so the haversine filter
/// that follows never misses a kilroy, at the poles and across the antimeridian too).
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

    /// Half-open ranges `start <= geohash < end` that together hold every stored hash within
    /// `radius` metres of `center`: at most 4, or 8 around a pole.
    ///
    /// - Throws: `GeohashError.invalidRadius` for a radius that is negative or not finite.
    static func ranges(center: Coordinate, radius: Double) throws -> [GeohashRange] {
        try Geohash.coveringRanges(center: center, radius: radius, storedPrecision: storedPrecision)
    }
}
