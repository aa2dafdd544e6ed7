/// The "My map" chips: which sites to show by where they stand on the diver's lists.
///
/// `SiteStatus` is a ladder (wishlist → visited → logged, never moved down), so a logged site is
/// also a visited one: ``visited`` means "I have been there" and includes logged sites, while
/// ``notYetDived`` holds the sites with no status or only on the wishlist.
public enum StatusFilter: String, CaseIterable, Hashable, Sendable, Codable {
    case all
    case wishlist
    case visited
    case logged
    case notYetDived = "not-yet-dived"

    /// Whether a site with `status` passes the filter.
    public func matches(_ status: SiteStatus?) -> Bool {
        switch self {
        case .all:
            true
        case .wishlist:
            status == .wishlist
        case .visited:
            status.map { $0 >= .visited } ?? false
        case .logged:
            status == .logged
        case .notYetDived:
            status.map { $0 < .visited } ?? true
        }
    }

    /// The chip's label.
    public var title: String {
        switch self {
        case .all: "All"
        case .wishlist: "Wishlist"
        case .visited: "Visited"
        case .logged: "Logged"
        case .notYetDived: "Not yet dived"
        }
    }
}
