public import Foundation

/// Where a site stands on the diver's lists: want to go, been there, or dived and logged.
public struct ListState: Codable, Hashable, Sendable {
    public var siteID: String
    public var status: SiteStatus
    public var updatedAt: Date

    public init(siteID: String, status: SiteStatus, updatedAt: Date) {
        self.siteID = siteID
        self.status = status
        self.updatedAt = updatedAt
    }
}

/// A site's list status. Logging a dive makes a site `logged`; a site is never moved down by
/// the app except when its last dive is deleted (it becomes `visited`: the diver was there).
public enum SiteStatus: String, Codable, CaseIterable, Hashable, Sendable, Comparable {
    case wishlist, visited, logged

    private var rank: Int {
        switch self {
        case .wishlist: 0
        case .visited: 1
        case .logged: 2
        }
    }

    public static func < (lhs: SiteStatus, rhs: SiteStatus) -> Bool { lhs.rank < rhs.rank }
}
