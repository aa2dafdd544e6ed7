import Foundation

/// What the timeline shows: every field narrows the set; the default shows everything.
public struct MemoryFilter: Hashable, Sendable {
    public var productType: ProductType?
    public var effect: String?
    public var minimumRating: Int?
    public var consumptionMethod: ConsumptionMethod?
    /// Full-text search over strain, brand and notes (prefix match per word).
    public var searchText: String?
    public var favoritesOnly: Bool

    public init(
        productType: ProductType? = nil, effect: String? = nil, minimumRating: Int? = nil,
        consumptionMethod: ConsumptionMethod? = nil, searchText: String? = nil, favoritesOnly: Bool = false
    ) {
        self.productType = productType
        self.effect = effect
        self.minimumRating = minimumRating
        self.consumptionMethod = consumptionMethod
        self.searchText = searchText
        self.favoritesOnly = favoritesOnly
    }
}

/// Where a timeline page ends: the next page starts strictly after it. Keyset paging keeps
/// a page's cost independent of how deep the user has scrolled.
public struct TimelineCursor: Hashable, Sendable {
    public let sessionAt: Double
    public let id: String

    public init(sessionAt: Double, id: String) {
        self.sessionAt = sessionAt
        self.id = id
    }
}

/// One page of the timeline, newest session first.
public struct TimelinePage: Hashable, Sendable {
    public let memories: [Memory]
    /// The cursor for the next page; nil when this is the last page.
    public let next: TimelineCursor?
}
