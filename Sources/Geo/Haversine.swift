import Foundation

/// The IUGG mean Earth radius, 6,371,008.8 m, used by ``haversineDistance(from:to:)`` (the same
/// radius as the Python `haversine` package).
public let earthMeanRadiusMeters = 6_371_008.8

/// Great-circle distance in metres between two points on a spherical Earth of radius
/// ``earthMeanRadiusMeters``.
///
/// Accurate to about 0.5 % against the real ellipsoid, which is plenty for "how far away is this
/// memory" and radius queries. Uses `2R · asin(√a)`, which is well conditioned for short
/// distances.
public func haversineDistance(from: Coordinate, to: Coordinate) -> Double {
    let radiansPerDegree = Double.pi / 180
    let phi1 = from.latitude * radiansPerDegree
    let phi2 = to.latitude * radiansPerDegree
    let deltaPhi = (to.latitude - from.latitude) * radiansPerDegree
    let deltaLambda = (to.longitude - from.longitude) * radiansPerDegree
    let sinHalfPhi = sin(deltaPhi / 2)
    let sinHalfLambda = sin(deltaLambda / 2)
    let a = sinHalfPhi * sinHalfPhi + cos(phi1) * cos(phi2) * sinHalfLambda * sinHalfLambda
    // Rounding can push `a` a hair above 1 for antipodal points; asin would then return NaN.
    return 2 * earthMeanRadiusMeters * asin(min(1, a).squareRoot())
}
