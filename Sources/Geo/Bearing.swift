import Foundation

/// The compass direction to set off in from `from` to reach `to` along a great circle: degrees
/// clockwise from true north, 0 ..< 360 (90 is east).
///
/// On a great circle the heading changes along the way (except along a meridian or the
/// equator); this is the heading at the start. Identical points give 0. From a pole every
/// direction is south (or north), and the result follows the longitudes as given.
public func initialBearing(from: Coordinate, to: Coordinate) -> Double {
    let radiansPerDegree = Double.pi / 180
    let phi1 = from.latitude * radiansPerDegree
    let phi2 = to.latitude * radiansPerDegree
    let deltaLambda = (to.longitude - from.longitude) * radiansPerDegree
    let y = sin(deltaLambda) * cos(phi2)
    let x = cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(deltaLambda)
    return normalizedBearing(atan2(y, x) * (180 / Double.pi))
}

/// The point reached by travelling `distance` metres from `from` along the great circle that
/// starts with heading `bearing` (degrees clockwise from north), on the sphere of
/// ``haversineDistance(from:to:)``. Longitude is wrapped into −180…180, latitude clamped.
///
/// Returns `nil` when `bearing` or `distance` is not finite.
func destination(from: Coordinate, bearing: Double, distance: Double) -> Coordinate? {
    guard bearing.isFinite, distance.isFinite else { return nil }
    let radiansPerDegree = Double.pi / 180
    let delta = distance / earthMeanRadiusMeters
    let theta = bearing * radiansPerDegree
    let phi1 = from.latitude * radiansPerDegree
    let lambda1 = from.longitude * radiansPerDegree
    let sinPhi2 = min(1, max(-1, sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(theta)))
    let phi2 = asin(sinPhi2)
    let lambda2 = lambda1 + atan2(sin(theta) * sin(delta) * cos(phi1), cos(delta) - sin(phi1) * sinPhi2)
    var longitude = lambda2 / radiansPerDegree
    longitude = (longitude + 180).truncatingRemainder(dividingBy: 360)
    longitude += longitude < 0 ? 180 : -180
    let latitude = min(90, max(-90, phi2 / radiansPerDegree))
    return Coordinate(uncheckedLatitude: latitude, longitude: min(180, max(-180, longitude)))
}

/// `degrees` folded into 0 ..< 360 (never −0 or 360 from rounding).
func normalizedBearing(_ degrees: Double) -> Double {
    var bearing = degrees.truncatingRemainder(dividingBy: 360)
    if bearing < 0 { bearing += 360 }
    if bearing >= 360 || bearing == 0 { bearing = 0 }
    return bearing
}
