public import Geo

/// Two or more sites close enough on screen at the current zoom to be drawn as one bubble.
///
/// Tapping it zooms to ``bounds`` so the members split apart ("split on tap").
public struct SiteCluster: Identifiable, Hashable, Sendable {
    /// `"cluster:"` and the first member's id: stable while the map pans and while the cluster
    /// keeps its first member, so the map view can update bubbles in place instead of redrawing
    /// them all (which made pins jump).
    public let id: String
    /// The mean of the members' coordinates, averaged across the antimeridian when they straddle
    /// it.
    public let center: Coordinate
    /// The members' ids, sorted.
    public let memberIDs: [String]
    /// The smallest box holding every member: where the map goes when the cluster is tapped.
    public let bounds: MapBounds

    public init(center: Coordinate, memberIDs: [String], bounds: MapBounds) {
        let sorted = memberIDs.sorted()
        self.id = "cluster:" + (sorted.first ?? "")
        self.center = center
        self.memberIDs = sorted
        self.bounds = bounds
    }

    /// How many sites the bubble stands for.
    public var count: Int { memberIDs.count }

    /// What VoiceOver says for the bubble, as the seed announces cluster taps.
    public var accessibilityLabel: String { "\(count) sites in this cluster" }
}
