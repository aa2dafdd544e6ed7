import Foundation

/// Geohash: a short string naming a lat/lon cell, so that nearby places share a prefix and a
/// sorted index can answer "what is near here" with a few range scans.
///
/// A geohash interleaves longitude and latitude bits (longitude first) and writes them five at a
/// time in the base-32 alphabet `0123456789bcdefghjkmnpqrstuvwxyz`. Each added character makes
/// the cell 32 times smaller. Strings here are 1…22 characters (110 bits, below a nanometre),
/// written in lower case; decoding also accepts upper case.
///
/// - ``encode(_:precision:boundary:)`` / ``decode(_:)`` / ``neighbors(_:)``: the cell algebra.
/// - ``coveringRanges(center:radius:storedPrecision:)``: the ranges of stored hashes that hold
///   every point of a circle, for `WHERE geohash >= start AND geohash < end` queries.
/// - ``geoFireQueryBounds(center:radius:)``: GeoFire's own ranges, for data written by GeoFire.
public enum Geohash {
    /// The base-32 alphabet, in ascending ASCII order so that string order is cell order.
    public static let alphabet = "0123456789bcdefghjkmnpqrstuvwxyz"

    /// The longest geohash accepted: 22 characters (110 bits), as in GeoFire.
    public static let maximumPrecision = 22

    /// The default precision of ``encode(_:precision:boundary:)``: 12 characters, a cell of
    /// about 3.7 cm × 1.9 cm.
    public static let defaultPrecision = 12

    static let alphabetBytes: [UInt8] = Array(alphabet.utf8)

    /// Character value (0…31) by ASCII code, for both cases; −1 for anything else.
    private static let valuesByASCII: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (value, byte) in alphabetBytes.enumerated() {
            table[Int(byte)] = Int8(value)
            let upper = Character(Unicode.Scalar(byte)).uppercased().utf8
            if let first = upper.first, upper.count == 1 {
                table[Int(first)] = Int8(value)
            }
        }
        return table
    }()

    // MARK: Encode, decode, neighbours

    /// The geohash of the cell of `precision` characters that holds `coordinate`.
    ///
    /// - Parameters:
    ///   - precision: 1…22 characters; see ``cellSpan(precision:)`` for the cell sizes.
    ///   - boundary: which cell gets a point exactly on a cell edge; `.northEast` (the default)
    ///     matches pygeohash, `.southWest` matches GeoFire.
    /// - Throws: `GeohashError.invalidPrecision` for a precision outside 1…22.
    public static func encode(
        _ coordinate: Coordinate, precision: Int = defaultPrecision, boundary: GeohashBoundary = .northEast
    ) throws(GeohashError) -> String {
        guard (1...maximumPrecision).contains(precision) else { throw .invalidPrecision(precision) }
        return GeohashBits(coordinate, bitCount: precision * 5, boundary: boundary).string
    }

    /// The cell a geohash names: its bounds, centre and half-sizes.
    ///
    /// Upper-case letters are accepted; ``GeohashCell/hash`` is the lower-case form.
    ///
    /// - Throws: checked in this order, `GeohashError.empty`, `.tooLong` (more than 22
    ///   characters) or `.invalidCharacter` naming the first character outside the alphabet and
    ///   its position.
    public static func decode(_ hash: String) throws(GeohashError) -> GeohashCell {
        let values = try characterValues(of: hash)
        let bits = GeohashBits(characterValues: values)
        let hash = String(decoding: values.map { alphabetBytes[Int($0)] }, as: UTF8.self)
        return GeohashCell(hash: hash, bounds: bits.bounds)
    }

    /// The eight cells of the same precision around `hash`.
    ///
    /// Longitude wraps across the antimeridian (east of `xbpbpb` is `800000`); a cell in the
    /// northernmost row has no northern neighbours and one in the southernmost row no southern
    /// ones (those are `nil`).
    ///
    /// - Throws: the errors of ``decode(_:)``.
    public static func neighbors(_ hash: String) throws(GeohashError) -> GeohashNeighbors {
        let cell = GeohashBits(characterValues: try characterValues(of: hash))
        let west = (cell.longitudeIndex &- 1) & cell.longitudeMaximum
        let east = (cell.longitudeIndex &+ 1) & cell.longitudeMaximum
        let north: UInt64? = cell.latitudeIndex < cell.latitudeMaximum ? cell.latitudeIndex + 1 : nil
        let south: UInt64? = cell.latitudeIndex > 0 ? cell.latitudeIndex - 1 : nil

        func neighbor(_ latitude: UInt64?, _ longitude: UInt64) -> String? {
            guard let latitude else { return nil }
            return GeohashBits(bitCount: cell.bitCount, latitudeIndex: latitude, longitudeIndex: longitude).string
        }
        return GeohashNeighbors(
            north: neighbor(north, cell.longitudeIndex),
            northEast: neighbor(north, east),
            east: neighbor(cell.latitudeIndex, east),
            southEast: neighbor(south, east),
            south: neighbor(south, cell.longitudeIndex),
            southWest: neighbor(south, west),
            west: neighbor(cell.latitudeIndex, west),
            northWest: neighbor(north, west)
        )
    }

    // MARK: Cell sizes

    /// The height (latitude) and width (longitude) in degrees of every cell of `precision`
    /// characters: 180 / 2^⌊5p/2⌋ and 360 / 2^⌈5p/2⌉.
    ///
    /// - Throws: `GeohashError.invalidPrecision` for a precision outside 1…22.
    public static func cellSpan(precision: Int) throws(GeohashError) -> (latitude: Double, longitude: Double) {
        guard (1...maximumPrecision).contains(precision) else { throw .invalidPrecision(precision) }
        let bits = precision * 5
        return (
            latitude: 180 / pow(2, Double(bits / 2)),
            longitude: 360 / pow(2, Double(bits - bits / 2))
        )
    }

    /// The longest precision whose cells, at the equator, are at least `meters` tall and wide.
    ///
    /// With such cells, a circle of that radius around any point of a cell stays within the cell
    /// and its eight ``neighbors(_:)`` — near the equator. Cells get narrower towards the poles
    /// (by cos latitude), so for a cover that holds everywhere use
    /// ``coveringRanges(center:radius:storedPrecision:)``.
    ///
    /// Returns 22 for a radius of zero or less, and 1 for a radius above about 5,000 km (the
    /// cells of precision 1 are 45° × 45°) or not a number.
    public static func precision(forRadius meters: Double) -> Int {
        guard !meters.isNaN else { return 1 }
        let metersPerDegree = Double.pi * earthMeanRadiusMeters / 180
        for precision in stride(from: maximumPrecision, through: 1, by: -1) {
            let bits = precision * 5
            let height = 180 / pow(2, Double(bits / 2)) * metersPerDegree
            let width = 360 / pow(2, Double(bits - bits / 2)) * metersPerDegree
            if height >= meters, width >= meters {
                return precision
            }
        }
        return 1
    }

    // MARK: Parsing

    /// The values (0…31) of the characters of `hash`, or the first problem with it.
    static func characterValues(of hash: String) throws(GeohashError) -> [UInt8] {
        let length = hash.count
        guard length > 0 else { throw .empty }
        guard length <= maximumPrecision else { throw .tooLong(length: length) }
        var values: [UInt8] = []
        values.reserveCapacity(length)
        for (offset, character) in hash.enumerated() {
            guard let ascii = character.asciiValue, character.unicodeScalars.count == 1,
                case let value = valuesByASCII[Int(ascii)], value >= 0
            else {
                throw .invalidCharacter(character, position: offset + 1)
            }
            values.append(UInt8(value))
        }
        return values
    }
}
