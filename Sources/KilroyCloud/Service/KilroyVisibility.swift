public import Geo

/// Who may see which kilroy: the one rule behind `GET /kilroys/near`, `GET /kilroys/{id}` and
/// the check that a reporter could see what it reports, so the three can never disagree.
///
/// A device always sees its own kilroys. Anyone else's is skipped when hidden by reports, and
/// otherwise shown or withheld by the ``ReciprocityPolicy``: `off` shows it, `global` once the
/// viewer has dropped enough kilroys, `local` when one of the viewer's own drops (``anchors``)
/// lies within the policy's radius of it.
public struct KilroyVisibility: Hashable, Sendable {
    public let policy: ReciprocityPolicy
    /// The digest of the viewing device's credential.
    public let viewer: DeviceDigest
    /// Kilroys the viewer has ever dropped.
    public let ownDropCount: Int
    /// With the `local` policy, where the viewer's own kilroys are, around the area being looked
    /// at (at least every one within the policy's radius of it); unused otherwise.
    public let anchors: [Coordinate]

    public init(policy: ReciprocityPolicy, viewer: DeviceDigest, ownDropCount: Int, anchors: [Coordinate]) {
        self.policy = policy
        self.viewer = viewer
        self.ownDropCount = ownDropCount
        self.anchors = anchors
    }

    /// How far around an area the viewer's own drops matter: the `local` radius, else 0.
    public static func anchorReach(of policy: ReciprocityPolicy) -> Double? {
        if case .local(let reach) = policy { return reach }
        return nil
    }

    /// Whether the viewer sees `candidate`: include it, skip it (hidden), or withhold it (policy).
    public func decide(_ candidate: KilroyCandidate) -> NearbyDecision {
        if candidate.owner == viewer { return .include }
        if candidate.isHidden { return .skip }
        let seen: Bool
        switch policy {
        case .off:
            seen = true
        case .global(let requiredDrops):
            seen = ownDropCount >= requiredDrops
        case .local(let reach):
            seen = anchors.contains { haversineDistance(from: $0, to: candidate.coordinate) <= reach }
        }
        return seen ? .include : .withhold
    }
}

extension KilroyCandidate {
    /// The candidate a stored kilroy is, `distanceMeters` from wherever the viewer looks.
    init(_ record: KilroyRecord, distanceMeters: Double = 0) {
        self.init(
            id: record.id, owner: record.owner, coordinate: record.coordinate, isHidden: record.isHidden,
            distanceMeters: distanceMeters)
    }
}
