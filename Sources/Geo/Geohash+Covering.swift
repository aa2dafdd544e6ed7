// Guaranteed covers: which ranges of stored geohashes can hold a point of a circle or a box.
//
// The cover works on whole cells of one depth `b` (in bits, so the depth can fall between two
// characters, as GeoFire's does). At depth b a point's cell is the first b bits of its stored
// hash, and those bits are computed with the very same floating-point halvings that encoded the
// stored hash, so "the point is in the box" implies "its cell is one of the box's cells" with no
// rounding gap: latitude and longitude indices grow monotonically with the values.
//
// Cells that follow each other in geohash order become one range. The depth is the finest one
// whose cells form at most 4 ranges (8 when the box spans every longitude, i.e. holds a pole:
// a thin polar band needs one range per pair of columns, so fewer ranges means a coarser band).

extension Geohash {
    /// The finest depth the cover uses: 12 characters (60 bits, cells of centimetres), so cell
    /// numbers fit in 64 bits.
    static let maximumCoverBitCount = 60

    /// More cells than this at one depth are not enumerated (that depth is too fine anyway).
    private static let maximumCoverCells = 64

    /// Ranges of geohash strings that, together, hold the stored hash of every point within
    /// `radius` metres of `center` — for stores that run `WHERE geohash >= start AND geohash < end`
    /// once per range and then keep the rows with `haversineDistance(from:to:) <= radius`.
    ///
    /// The guarantee: every coordinate whose ``haversineDistance(from:to:)`` to `center` is at
    /// most `radius` has its geohash, encoded with `.northEast` at `storedPrecision` characters
    /// or more, inside one of the ranges. This holds at the poles (the ranges then hold the whole
    /// polar cap), across the antimeridian and for any radius (from half the Earth's circumference
    /// on, the one range `["0", "~")`).
    ///
    /// Ranges are sorted, disjoint and not adjacent (touching ones are merged); there are at most
    /// 4, or 8 for a circle around a pole. No range is longer than `storedPrecision` characters.
    ///
    /// Unlike ``geoFireQueryBounds(center:radius:)``, this never misses a point near a pole.
    ///
    /// - Parameters:
    ///   - radius: metres, zero or more.
    ///   - storedPrecision: the length of the hashes in the store (1…22, default 10, GeoFire's).
    /// - Throws: `GeohashError.invalidRadius` or `.invalidPrecision`.
    public static func coveringRanges(
        center: Coordinate, radius: Double, storedPrecision: Int = 10
    ) throws(GeohashError) -> [GeohashRange] {
        guard radius.isFinite, radius >= 0 else { throw .invalidRadius(radius) }
        return try coveringRanges(
            of: BoundingBox(validCenter: center, radius: radius), storedPrecision: storedPrecision)
    }

    /// Ranges of geohash strings that, together, hold the stored hash of every coordinate the
    /// box ``BoundingBox/contains(_:)`` — for a map viewport, say.
    ///
    /// Same guarantee and shape as ``coveringRanges(center:radius:storedPrecision:)``: hashes
    /// encoded with `.northEast` at `storedPrecision` characters or more; at most 4 sorted,
    /// disjoint, non-adjacent ranges (8 when the box spans every longitude).
    ///
    /// - Throws: `GeohashError.invalidPrecision` for a precision outside 1…22.
    public static func coveringRanges(
        of box: BoundingBox, storedPrecision: Int = 10
    ) throws(GeohashError) -> [GeohashRange] {
        guard (1...maximumPrecision).contains(storedPrecision) else {
            throw .invalidPrecision(storedPrecision)
        }
        let rangeLimit = box.spansAllLongitudes ? 8 : 4
        let deepest = min(storedPrecision * 5, maximumCoverBitCount)
        for bitCount in stride(from: deepest, through: 1, by: -1) {
            guard let cells = coverCells(of: box, bitCount: bitCount) else { continue }
            let runs = consecutiveRuns(cells)
            if runs.count <= rangeLimit {
                return runs.map { run in
                    let start = GeohashBits.string(zValue: run.lowerBound, bitCount: bitCount)
                    let end =
                        run.upperBound == GeohashBits.mask(bitCount)
                        ? "~"
                        : GeohashBits.string(zValue: run.upperBound + 1, bitCount: bitCount)
                    return GeohashRange(start: trimmingTrailingZeros(start), end: trimmingTrailingZeros(end))
                }
            }
        }
        return [GeohashRange(start: "0", end: "~")]
    }

    /// The sorted z-values (interleaved bits) of the cells of depth `bitCount` that can hold a
    /// point of `box`, or nil when there are more than ``maximumCoverCells``.
    static func coverCells(of box: BoundingBox, bitCount: Int) -> [UInt64]? {
        let latitudeBits = bitCount / 2
        let longitudeBits = bitCount - latitudeBits
        let southRow = latitudeIndex(box.south, bits: latitudeBits)
        let northRow = latitudeIndex(box.north, bits: latitudeBits)
        let columns = longitudeColumns(of: box, bits: longitudeBits)

        let rowCount = northRow - southRow + 1
        var columnCount: UInt64 = 0
        for span in columns {
            columnCount += span.upperBound - span.lowerBound + 1
        }
        let (cellCount, overflow) = rowCount.multipliedReportingOverflow(by: columnCount)
        guard !overflow, cellCount <= maximumCoverCells else { return nil }

        var cells = Set<UInt64>()
        for row in southRow...northRow {
            for span in columns {
                for column in span {
                    let bits = GeohashBits(bitCount: bitCount, latitudeIndex: row, longitudeIndex: column)
                    cells.insert(bits.zValue)
                }
            }
        }
        return cells.sorted()
    }

    /// The row of `latitude` at `bits` latitude bits, as `.northEast` encoding computes it.
    private static func latitudeIndex(_ latitude: Double, bits: Int) -> UInt64 {
        GeohashBits.index(of: latitude, in: -90...90, bits: bits, boundary: .northEast)
    }

    /// The columns (as closed intervals) that can hold a longitude of `box`, as `.northEast`
    /// encoding computes them. Longitude 180 and −180 are one meridian that a box holds at either
    /// end, and its points are filed in the last column (180) or column 0 (−180, and 180 in
    /// hashes stored before 180 was filed east), so a box that reaches one end also needs the
    /// other end's column.
    private static func longitudeColumns(of box: BoundingBox, bits: Int) -> [ClosedRange<UInt64>] {
        let last = GeohashBits.mask(bits)
        func column(_ longitude: Double) -> UInt64 {
            longitude >= 180
                ? last
                : GeohashBits.index(of: longitude, in: -180...180, bits: bits, boundary: .northEast)
        }
        if box.spansAllLongitudes {
            return [0...last]
        }
        let west = column(box.west)
        let east = column(box.east)
        if west <= east, !box.crossesAntimeridian {
            var spans = [west...east]
            if box.east >= 180, west > 0 { spans.append(0...0) }
            if box.west <= -180, east < last { spans.append(last...last) }
            return spans
        }
        // Across the antimeridian: west…180 and −180…east. At a coarse depth both ends may share
        // columns; the caller merges duplicates.
        return [west...last, 0...east]
    }

    /// `hash` without its trailing `0` characters (keeping one character): the same bound for
    /// every hash at least as long, and the whole world is then `["0", "~")`.
    private static func trimmingTrailingZeros(_ hash: String) -> String {
        var bytes = Array(hash.utf8)
        while bytes.count > 1, bytes.last == UInt8(ascii: "0") {
            bytes.removeLast()
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Sorted distinct values grouped into runs of consecutive integers.
    private static func consecutiveRuns(_ sorted: [UInt64]) -> [ClosedRange<UInt64>] {
        var runs: [ClosedRange<UInt64>] = []
        for value in sorted {
            if let last = runs.last, last.upperBound &+ 1 == value {
                runs[runs.count - 1] = last.lowerBound...value
            } else {
                runs.append(value...value)
            }
        }
        return runs
    }
}
