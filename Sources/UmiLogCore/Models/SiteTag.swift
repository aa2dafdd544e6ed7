/// A tag from the seed's controlled taxonomy. Sites carry only these tags, so filters and
/// search match them exactly; free-form tags belong on dives, not on sites.
public enum SiteTag: String, Codable, CaseIterable, Hashable, Sendable, Comparable {
    // Wildlife
    case sharks, rays, turtles, dolphins, whales
    case whaleSharks = "whale-sharks"
    case mantas, hammerheads, octopus, nudibranchs, macro, pelagics
    case reefFish = "reef-fish"
    case schools
    // Features
    case wreck, reef, wall, drift, cave, cavern, cenote, pinnacle, arch, chimney, canyon, sinkhole
    case blueHole = "blue-hole"
    case kelp, seagrass
    // Conditions
    case current, deep, shallow, night, technical, cold, warm, clear, murky, surge, thermocline
    // Activities
    case photography, penetration, snorkeling
    case shoreEntry = "shore-entry"
    case boatOnly = "boat-only"
    case liveaboard, freediving
    // Characteristics
    case beginnerFriendly = "beginner-friendly"
    case advancedOnly = "advanced-only"
    case iconic, remote, seasonal, protected, training, certification

    /// The taxonomy's five groups.
    public enum Category: String, Codable, CaseIterable, Sendable {
        case wildlife, features, conditions, activities, characteristics
    }

    public var category: Category {
        switch self {
        case .sharks, .rays, .turtles, .dolphins, .whales, .whaleSharks, .mantas, .hammerheads, .octopus,
            .nudibranchs, .macro, .pelagics, .reefFish, .schools:
            .wildlife
        case .wreck, .reef, .wall, .drift, .cave, .cavern, .cenote, .pinnacle, .arch, .chimney, .canyon,
            .sinkhole, .blueHole, .kelp, .seagrass:
            .features
        case .current, .deep, .shallow, .night, .technical, .cold, .warm, .clear, .murky, .surge, .thermocline:
            .conditions
        case .photography, .penetration, .snorkeling, .shoreEntry, .boatOnly, .liveaboard, .freediving:
            .activities
        case .beginnerFriendly, .advancedOnly, .iconic, .remote, .seasonal, .protected, .training, .certification:
            .characteristics
        }
    }

    /// Orders tags by their written form, so stored and printed lists are stable.
    public static func < (lhs: SiteTag, rhs: SiteTag) -> Bool { lhs.rawValue < rhs.rawValue }
}
