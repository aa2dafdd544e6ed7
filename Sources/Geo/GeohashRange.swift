/// A half-open range of geohash strings, `start <= hash < end`, for one index range scan:
/// `WHERE geohash >= start AND geohash < end`.
///
/// `end` may be `"~"`, which sorts after every geohash (`~` follows `z` in ASCII). Comparison is
/// plain byte (ASCII) order, which is what SQLite's default `BINARY` collation and Swift's `<` on
/// these strings use.
public struct GeohashRange: Hashable, Sendable, CustomStringConvertible {
    /// The smallest geohash in the range (inclusive).
    public let start: String
    /// The first geohash after the range (exclusive).
    public let end: String

    public init(start: String, end: String) {
        self.start = start
        self.end = end
    }

    /// Whether a stored geohash falls in this range.
    public func contains(_ hash: String) -> Bool {
        !hash.utf8.lexicographicallyPrecedes(start.utf8) && hash.utf8.lexicographicallyPrecedes(end.utf8)
    }

    public var description: String { "[\(start), \(end))" }
}
