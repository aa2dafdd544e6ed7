import Geo

/// The geohash index of the kilroys table: how a coordinate is hashed when stored, and which
/// ranges of hashes a near query scans.
///
/// TEMPORARY: until the Geo kit's geohash lands, this hashes with its own encoder and scans the
/// whole index (one range, a correct but slow cover). It switches to `Geohash.encode` and
/// `Geohash.coveringRanges` without any change to its callers.
enum KilroyGeoIndex {
    /// Characters of the stored geohash (cells of about 1.2 m × 0.6 m).
    static let storedPrecision = 10

    private static let alphabet = Array("0123456789bcdefghjkmnpqrstuvwxyz".utf8)

    /// The stored geohash of `coordinate` (a point on a cell edge goes to the north/east cell).
    static func hash(_ coordinate: Coordinate) -> String {
        var latitude = (-90.0, 90.0)
        var longitude = (-180.0, 180.0)
        var characters: [UInt8] = []
        characters.reserveCapacity(storedPrecision)
        var evenBit = true
        var value = 0
        var bits = 0
        while characters.count < storedPrecision {
            if evenBit {
                let mid = (longitude.0 + longitude.1) / 2
                if coordinate.longitude >= mid {
                    value = value << 1 | 1
                    longitude.0 = mid
                } else {
                    value <<= 1
                    longitude.1 = mid
                }
            } else {
                let mid = (latitude.0 + latitude.1) / 2
                if coordinate.latitude >= mid {
                    value = value << 1 | 1
                    latitude.0 = mid
                } else {
                    value <<= 1
                    latitude.1 = mid
                }
            }
            evenBit.toggle()
            bits += 1
            if bits == 5 {
                characters.append(alphabet[value])
                value = 0
                bits = 0
            }
        }
        return String(decoding: characters, as: UTF8.self)
    }

    /// Half-open ranges `start <= geohash < end` that together hold every stored hash within
    /// `radius` metres of `center`.
    static func ranges(center: Coordinate, radius: Double) -> [(start: String, end: String)] {
        [(start: "0", end: "~")]
    }
}
