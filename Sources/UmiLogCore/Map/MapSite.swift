public import Geo

/// A dive site as the map shows it: the site and where it stands on the diver's lists.
///
/// The map needs both at once (pins are coloured and filtered by status), so the store answers
/// viewport queries with this pair instead of making the view model join two tables.
public struct MapSite: Identifiable, Hashable, Sendable {
    public var site: DiveSite
    /// Where the pin stands. Only sites with a position reach the map, so it is not optional
    /// here as it is on `DiveSite`.
    public let coordinate: Coordinate
    /// `nil` when the site is on none of the diver's lists.
    public var status: SiteStatus?

    /// `nil` for a site without a position (it cannot be drawn).
    public init?(site: DiveSite, status: SiteStatus? = nil) {
        guard let coordinate = site.coordinate else { return nil }
        self.site = site
        self.coordinate = coordinate
        self.status = status
    }

    /// The site's stable slug.
    public var id: String { site.id }
}
