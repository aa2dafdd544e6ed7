import Foundation

// GeoFire's query bounds (geofire-common 6.0.0 `geohashQueryBounds`), reproduced operation for
// operation so that the ranges match byte for byte (section 5.5 of the reference vectors,
// `Tests/Fixtures/vectors/formats-and-algorithms.json`). GeoFire hashes the nine probe points
// with the `> mid` rule, so this uses `.southWest`: with `.northEast` a probe lying exactly on a
// cell edge (the (0, 0) row of section 5.5, for one) would pick the other cell and the output
// would differ.

extension Geohash {
    /// The ranges GeoFire (`geohashQueryBounds(center, radiusInM)` of geofire-common 6.0.0) and
    /// Firestore's geo-query guide compute, in GeoFire's order, for data written by GeoFire.
    ///
    /// Use it only to query hashes written by GeoFire (`.southWest`); for this package's own
    /// stores use ``coveringRanges(center:radius:storedPrecision:)``, which is guaranteed. This
    /// one probes nine points and can miss part of the circle: near a pole it covers only one
    /// side (at (89.99, 0) and 1 km it returns `[["0", "h"]]`, the western hemisphere).
    ///
    /// Ends are GeoFire's: `"~"` where the last character would overflow. Duplicates are removed
    /// (first occurrence kept); adjacent ranges are not merged.
    ///
    /// - Throws: `GeohashError.invalidRadius` for a negative or non-finite radius.
    public static func geoFireQueryBounds(center: Coordinate, radius: Double) throws(GeohashError) -> [GeohashRange] {
        guard radius.isFinite, radius >= 0 else { throw .invalidRadius(radius) }
        let queryBits = GeoFire.queryBits(center: center, radius: radius)
        let precision = (queryBits + 4) / 5
        var ranges: [GeohashRange] = []
        for point in GeoFire.probePoints(center: center, radius: radius) {
            let hash = GeohashBits(point, bitCount: precision * 5, boundary: .southWest).string
            let range = GeoFire.query(hash: hash, bits: queryBits)
            if !ranges.contains(range) {
                ranges.append(range)
            }
        }
        return ranges
    }
}

/// GeoFire's helper functions, with its constants (an ellipsoidal Earth for longitude degrees).
enum GeoFire {
    static let earthMeridionalCircumference = 40_007_860.0
    static let metersPerDegreeLatitude = 110_574.0
    static let earthEquatorialRadius = 6_378_137.0
    static let eccentricitySquared = 0.00669447819799
    static let epsilon = 1e-12
    static let maximumBits = 110

    /// `Math.log(x) / Math.log(2)`, as GeoFire writes it (not `log2`, whose last bit can differ).
    static func log2(_ value: Double) -> Double {
        Foundation.log(value) / Foundation.log(2.0)
    }

    static func radians(_ degrees: Double) -> Double {
        degrees * Double.pi / 180
    }

    /// Degrees of longitude that `distance` metres span at `latitude`, capped at 360.
    static func metersToLongitudeDegrees(_ distance: Double, latitude: Double) -> Double {
        let angle = radians(latitude)
        let numerator = cos(angle) * earthEquatorialRadius * Double.pi / 180
        let denominator = 1 / (1 - eccentricitySquared * sin(angle) * sin(angle)).squareRoot()
        let degrees = numerator * denominator
        if degrees < epsilon {
            return distance > 0 ? 360 : 0
        }
        return min(360, distance / degrees)
    }

    static func longitudeBits(resolution: Double, latitude: Double) -> Double {
        let degrees = metersToLongitudeDegrees(resolution, latitude: latitude)
        return abs(degrees) > 0.000001 ? max(1, log2(360 / degrees)) : 1
    }

    static func latitudeBits(resolution: Double) -> Double {
        min(log2(earthMeridionalCircumference / 2 / resolution), Double(maximumBits))
    }

    /// `longitude` wrapped into −180…180 (values already there are kept, so 180 stays 180).
    static func wrapLongitude(_ longitude: Double) -> Double {
        if longitude <= 180, longitude >= -180 {
            return longitude
        }
        let adjusted = longitude + 180
        if adjusted > 0 {
            return adjusted.truncatingRemainder(dividingBy: 360) - 180
        }
        return 180 - (-adjusted).truncatingRemainder(dividingBy: 360)
    }

    /// GeoFire's `boundingBoxBits`: the bits of a cell at least as large as the circle's box.
    static func boundingBoxBits(center: Coordinate, radius: Double) -> Int {
        let latitudeDelta = radius / metersPerDegreeLatitude
        let north = min(90, center.latitude + latitudeDelta)
        let south = max(-90, center.latitude - latitudeDelta)
        let bitsLatitude = latitudeBits(resolution: radius).rounded(.down) * 2
        let bitsNorth = longitudeBits(resolution: radius, latitude: north).rounded(.down) * 2 - 1
        let bitsSouth = longitudeBits(resolution: radius, latitude: south).rounded(.down) * 2 - 1
        // Finite: the minimum with 110 removes an infinite bitsLatitude (radius 0).
        return Int(min(bitsLatitude, bitsNorth, bitsSouth, Double(maximumBits)))
    }

    /// `max(1, boundingBoxBits)`: the number of leading bits the ranges fix.
    static func queryBits(center: Coordinate, radius: Double) -> Int {
        max(1, boundingBoxBits(center: center, radius: radius))
    }

    /// The centre, the middles of the box's edges and its corners, in GeoFire's order.
    static func probePoints(center: Coordinate, radius: Double) -> [Coordinate] {
        let latitudeDelta = radius / metersPerDegreeLatitude
        let north = min(90, center.latitude + latitudeDelta)
        let south = max(-90, center.latitude - latitudeDelta)
        let longitudeDelta = max(
            metersToLongitudeDegrees(radius, latitude: north),
            metersToLongitudeDegrees(radius, latitude: south))
        let westward = wrapLongitude(center.longitude - longitudeDelta)
        let eastward = wrapLongitude(center.longitude + longitudeDelta)
        var points: [Coordinate] = []
        for latitude in [center.latitude, north, south] {
            for longitude in [center.longitude, westward, eastward] {
                points.append(Coordinate(uncheckedLatitude: latitude, longitude: longitude))
            }
        }
        return points
    }

    /// GeoFire's `geohashQuery`: the range of hashes sharing the first `bits` bits of `hash`.
    /// `hash` must be a valid geohash; a hash shorter than the bits gives `[hash, hash + "~"]`.
    static func query(hash: String, bits: Int) -> GeohashRange {
        let precision = (bits + 4) / 5
        let bytes = Array(hash.utf8)
        guard bytes.count >= precision, precision > 0 else {
            return GeohashRange(start: hash, end: hash + "~")
        }
        let base = String(decoding: bytes[0..<(precision - 1)], as: UTF8.self)
        let last = Geohash.alphabetBytes.firstIndex(of: bytes[precision - 1]) ?? 0
        let unusedBits = 5 - (bits - (precision - 1) * 5)
        let startValue = (last >> unusedBits) << unusedBits
        let endValue = startValue + (1 << unusedBits)
        let start = base + String(UnicodeScalar(Geohash.alphabetBytes[startValue]))
        let end = endValue > 31 ? base + "~" : base + String(UnicodeScalar(Geohash.alphabetBytes[endValue]))
        return GeohashRange(start: start, end: end)
    }
}
