/// A dive site as the map shows it: the site and where it stands on the diver's lists.
///
/// The map needs both at once (pins are coloured and filtered by status), so the store answers
/// viewport queries with this pair instead of making the view model join two tables.
public struct MapSite: Identifiable, Hashable, Sendable {
    public var site: DiveSite
    /// `nil` when the site is on none of the diver's lists.
    public var status: SiteStatus?

    public init(site: DiveSite, status: SiteStatus? = nil) {
        self.site = site
        self.status = status
    }

    /// The site's stable slug.
    public var id: String { site.id }
}
