/// The "Explore" chips: what kind of dive the diver is looking for, as sets of taxonomy tags.
///
/// Sites carry only tags from the controlled taxonomy (`SiteTag`), so each chip is an exact
/// match on a few tags: a site passes when it has any of them.
public enum ExploreFilter: String, CaseIterable, Hashable, Sendable, Codable {
    case all
    case wrecks
    case sharksAndRays = "sharks-and-rays"
    case bigAnimals = "big-animals"
    case macro
    case beginnerFriendly = "beginner-friendly"
    case night
    case caves

    /// The tags that qualify a site; empty for ``all``.
    public var tags: Set<SiteTag> {
        switch self {
        case .all: []
        case .wrecks: [.wreck]
        case .sharksAndRays: [.sharks, .rays, .hammerheads, .mantas, .whaleSharks]
        case .bigAnimals: [.whales, .whaleSharks, .dolphins, .mantas, .hammerheads, .pelagics]
        case .macro: [.macro, .nudibranchs, .octopus]
        case .beginnerFriendly: [.beginnerFriendly]
        case .night: [.night]
        case .caves: [.cave, .cavern, .cenote]
        }
    }

    /// Whether `site` passes: ``all`` passes everything; ``beginnerFriendly`` also passes sites
    /// whose difficulty is beginner, since many dataset sites carry the difficulty but not the
    /// tag; every other chip needs one of its ``tags``.
    public func matches(_ site: DiveSite) -> Bool {
        switch self {
        case .all:
            true
        case .beginnerFriendly:
            site.difficulty == .beginner || site.tags.contains(.beginnerFriendly)
        case .wrecks, .sharksAndRays, .bigAnimals, .macro, .night, .caves:
            !tags.isDisjoint(with: site.tags)
        }
    }

    /// The chip's label.
    public var title: String {
        switch self {
        case .all: "All"
        case .wrecks: "Wrecks"
        case .sharksAndRays: "Sharks & rays"
        case .bigAnimals: "Big animals"
        case .macro: "Macro"
        case .beginnerFriendly: "Beginner-friendly"
        case .night: "Night"
        case .caves: "Caves"
        }
    }
}
