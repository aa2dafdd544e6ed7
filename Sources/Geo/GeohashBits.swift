/// A geohash prefix of any number of bits, held as two integer cell indices.
///
/// A geohash interleaves longitude and latitude bits, longitude first: a prefix of `bitCount`
/// bits has `ceil(bitCount / 2)` longitude bits and `floor(bitCount / 2)` latitude bits. Working
/// with the indices makes neighbours, covers and exact comparisons plain integer arithmetic;
/// only ``index(of:in:bits:boundary:)`` and ``interval(of:bits:in:)`` touch floating point.
struct GeohashBits: Hashable, Sendable {
    /// The most bits a prefix may have here: 22 characters of 5 bits.
    static let maximumBitCount = 110

    /// Row of the cell, counted from the south: 0 ..< 2^latitudeBits.
    var latitudeIndex: UInt64
    /// Column of the cell, counted east from −180°: 0 ..< 2^longitudeBits.
    var longitudeIndex: UInt64
    /// Total number of interleaved bits, 0…110.
    let bitCount: Int

    var latitudeBits: Int { bitCount / 2 }
    var longitudeBits: Int { bitCount - bitCount / 2 }
    var latitudeMaximum: UInt64 { Self.mask(latitudeBits) }
    var longitudeMaximum: UInt64 { Self.mask(longitudeBits) }

    init(bitCount: Int, latitudeIndex: UInt64, longitudeIndex: UInt64) {
        self.bitCount = bitCount
        self.latitudeIndex = latitudeIndex
        self.longitudeIndex = longitudeIndex
    }

    /// The cell of `bitCount` bits that holds `coordinate`.
    ///
    /// Longitude 180 stays in the easternmost column (every halving keeps its upper half), as
    /// pygeohash and GeoFire file it, just as latitude 90 stays in the northernmost row; it is
    /// not wrapped to −180.
    init(_ coordinate: Coordinate, bitCount: Int, boundary: GeohashBoundary) {
        self.bitCount = bitCount
        latitudeIndex = Self.index(of: coordinate.latitude, in: -90...90, bits: bitCount / 2, boundary: boundary)
        longitudeIndex = Self.index(
            of: coordinate.longitude, in: -180...180, bits: bitCount - bitCount / 2, boundary: boundary)
    }

    /// The bits of already validated character values (each 0…31).
    init(characterValues: [UInt8]) {
        bitCount = characterValues.count * 5
        var latitude: UInt64 = 0
        var longitude: UInt64 = 0
        var position = 0
        for value in characterValues {
            for shift in stride(from: 4, through: 0, by: -1) {
                let bit = UInt64((value >> UInt8(shift)) & 1)
                if position.isMultiple(of: 2) {
                    longitude = longitude << 1 | bit
                } else {
                    latitude = latitude << 1 | bit
                }
                position += 1
            }
        }
        latitudeIndex = latitude
        longitudeIndex = longitude
    }

    /// The interleaved bits as base-32 character values, the last one padded with zero bits.
    var characterValues: [UInt8] {
        let characterCount = (bitCount + 4) / 5
        var values = [UInt8](repeating: 0, count: characterCount)
        var latitudeShift = latitudeBits
        var longitudeShift = longitudeBits
        for position in 0..<bitCount {
            let bit: UInt64
            if position.isMultiple(of: 2) {
                longitudeShift -= 1
                bit = (longitudeIndex >> UInt64(longitudeShift)) & 1
            } else {
                latitudeShift -= 1
                bit = (latitudeIndex >> UInt64(latitudeShift)) & 1
            }
            values[position / 5] |= UInt8(bit) << UInt8(4 - position % 5)
        }
        return values
    }

    /// The geohash string of this prefix (padded with zero bits to whole characters).
    var string: String {
        if bitCount <= 60 {
            return Self.string(zValue: zValue, bitCount: bitCount)
        }
        return String(decoding: characterValues.map { Geohash.alphabetBytes[Int($0)] }, as: UTF8.self)
    }

    /// The interleaved bits as one integer (only for `bitCount <= 64`): consecutive values are
    /// consecutive in geohash (string) order.
    var zValue: UInt64 {
        // Longitude takes the first bit, so when bitCount is odd it also takes the last one.
        bitCount.isMultiple(of: 2)
            ? Self.spread(longitudeIndex) << 1 | Self.spread(latitudeIndex)
            : Self.spread(longitudeIndex) | Self.spread(latitudeIndex) << 1
    }

    /// The low 32 bits of `value` moved to the even bit positions (bit i to bit 2i).
    private static func spread(_ value: UInt64) -> UInt64 {
        var bits = value & 0xFFFF_FFFF
        bits = (bits | bits << 16) & 0x0000_FFFF_0000_FFFF
        bits = (bits | bits << 8) & 0x00FF_00FF_00FF_00FF
        bits = (bits | bits << 4) & 0x0F0F_0F0F_0F0F_0F0F
        bits = (bits | bits << 2) & 0x3333_3333_3333_3333
        bits = (bits | bits << 1) & 0x5555_5555_5555_5555
        return bits
    }

    /// The geohash string of the `bitCount`-bit prefix whose interleaved value is `zValue`
    /// (padded with zero bits to whole characters); `bitCount` is at most 60.
    static func string(zValue: UInt64, bitCount: Int) -> String {
        let characterCount = (bitCount + 4) / 5
        let padded = zValue << UInt64(characterCount * 5 - bitCount)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characterCount)
        for character in stride(from: characterCount - 1, through: 0, by: -1) {
            bytes.append(Geohash.alphabetBytes[Int((padded >> UInt64(character * 5)) & 31)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bounds of this cell, as the reference implementations compute them: repeated
    /// halving in `Double`, exact for up to about 47 bits per coordinate (precision 19).
    var bounds: BoundingBox {
        let latitude = Self.interval(of: latitudeIndex, bits: latitudeBits, in: -90...90)
        let longitude = Self.interval(of: longitudeIndex, bits: longitudeBits, in: -180...180)
        return BoundingBox(
            uncheckedSouth: latitude.lowerBound, north: latitude.upperBound,
            west: longitude.lowerBound, east: longitude.upperBound)
    }

    // MARK: Bisection

    /// The row or column of `value`: `bits` halvings of `range`, each keeping the half that
    /// holds `value` (a value on the split goes up with `.northEast`, down with `.southWest`).
    ///
    /// The midpoints are computed in `Double` exactly as python-geohash, pygeohash, geohash2 and
    /// GeoFire do, so the result matches theirs bit for bit; `bits` is at most 55.
    static func index(
        of value: Double, in range: ClosedRange<Double>, bits: Int, boundary: GeohashBoundary
    ) -> UInt64 {
        var lower = range.lowerBound
        var upper = range.upperBound
        var index: UInt64 = 0
        for _ in 0..<bits {
            let middle = (lower + upper) / 2
            let upperHalf: Bool
            switch boundary {
            case .northEast: upperHalf = value >= middle
            case .southWest: upperHalf = value > middle
            }
            index <<= 1
            if upperHalf {
                index |= 1
                lower = middle
            } else {
                upper = middle
            }
        }
        return index
    }

    /// The interval of row or column `index` after `bits` halvings of `range`.
    static func interval(of index: UInt64, bits: Int, in range: ClosedRange<Double>) -> ClosedRange<Double> {
        var lower = range.lowerBound
        var upper = range.upperBound
        for shift in stride(from: bits - 1, through: 0, by: -1) {
            let middle = (lower + upper) / 2
            if (index >> UInt64(shift)) & 1 == 1 {
                lower = middle
            } else {
                upper = middle
            }
        }
        return lower...upper
    }

    /// 2^bits − 1 (bits 0…63).
    static func mask(_ bits: Int) -> UInt64 {
        bits >= 64 ? .max : (1 << UInt64(bits)) - 1
    }
}
