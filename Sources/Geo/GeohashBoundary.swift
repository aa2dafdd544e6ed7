/// Which cell gets a point that lies exactly on the line between two cells.
///
/// Geohash implementations disagree here (section 5.2 of the reference vectors,
/// `Tests/Fixtures/vectors/formats-and-algorithms.json`), so the choice is explicit. Points
/// strictly inside a cell get the same hash either way.
public enum GeohashBoundary: Hashable, Sendable {
    /// A point on a split line goes to the upper (north/east) half: cells are half-open
    /// `[min, max)`, as in pygeohash and python-geohash, so (0, 0) is `s00000`. Latitude 90 lies
    /// in the northernmost row and longitude 180 in the easternmost column, as pygeohash files
    /// them (`xbpbpb` for (0, 180); python-geohash alone wraps 180 to −180, `800000`), so
    /// `kilroy geohash encode --lon 180` lands east, where the point is. The default, and the
    /// convention ``Geohash/coveringRanges(center:radius:storedPrecision:)`` assumes for stored
    /// hashes (its covers also hold column 0 for boxes that reach 180, where stores written
    /// before this change filed such points).
    case northEast
    /// A point on a split line goes to the lower (south/west) half: cells are `(min, max]`, as in
    /// geohash2, GeoFire (JS and Objective-C) and Firestore's geo queries, so (0, 0) is `7zzzzz`.
    /// Use it for hashes that must match data written by GeoFire.
    case southWest
}
