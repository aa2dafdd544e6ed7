public import Geo

/// The little a near query knows about a kilroy before it decides to return it: enough to apply
/// the reciprocity policy and hiding without loading the whole row.
public struct KilroyCandidate: Hashable, Sendable {
    public var id: String
    /// The digest of its dropper's credential.
    public var owner: DeviceDigest
    public var coordinate: Coordinate
    public var isHidden: Bool
    /// Great-circle distance from the query's centre, metres.
    public var distanceMeters: Double

    public init(id: String, owner: DeviceDigest, coordinate: Coordinate, isHidden: Bool, distanceMeters: Double) {
        self.id = id
        self.owner = owner
        self.coordinate = coordinate
        self.isHidden = isHidden
        self.distanceMeters = distanceMeters
    }
}

/// A kilroy found by a near query, with its distance from the centre.
public struct NearbyKilroyRecord: Hashable, Sendable {
    public var kilroy: KilroyRecord
    public var distanceMeters: Double

    public init(kilroy: KilroyRecord, distanceMeters: Double) {
        self.kilroy = kilroy
        self.distanceMeters = distanceMeters
    }
}

/// What a near query does with one kilroy of the circle.
public enum NearbyDecision: Hashable, Sendable {
    /// Return it.
    case include
    /// Leave it out (e.g. hidden by reports).
    case skip
    /// Leave it out because of the reciprocity policy; counted in ``NearbyQueryResult/withheldCount``.
    case withhold
}

/// The answer of a near query.
public struct NearbyQueryResult: Hashable, Sendable {
    /// Nearest first.
    public var kilroys: [NearbyKilroyRecord]
    /// Kilroys the decision withheld while the result was filled.
    public var withheldCount: Int

    public init(kilroys: [NearbyKilroyRecord], withheldCount: Int) {
        self.kilroys = kilroys
        self.withheldCount = withheldCount
    }
}
