public import Geo

/// One thing drawn on the map at the current zoom: a single site's pin, or a cluster bubble.
///
/// A lone site is always a pin, never a cluster of one, so a tap on it can open the site.
public enum MapAnnotation: Identifiable, Hashable, Sendable {
    case pin(MapSite)
    case cluster(SiteCluster)

    /// The site's id for a pin, the cluster's `"cluster:…"` id for a cluster; unique in one
    /// clustering.
    public var id: String {
        switch self {
        case .pin(let site): site.id
        case .cluster(let cluster): cluster.id
        }
    }

    /// Where the annotation is drawn.
    public var coordinate: Coordinate {
        switch self {
        case .pin(let site): site.coordinate
        case .cluster(let cluster): cluster.center
        }
    }

    /// The ids of the sites it stands for, sorted.
    public var siteIDs: [String] {
        switch self {
        case .pin(let site): [site.id]
        case .cluster(let cluster): cluster.memberIDs
        }
    }
}
