public import Geo

/// A place people dive, from the shipped dataset or added by the user.
///
/// Depths are metres. `tags` hold the controlled taxonomy; `features`, `conditions` and
/// `wildlife` are views of it by category.
public struct DiveSite: Identifiable, Codable, Hashable, Sendable {
    /// A stable slug ("ras-mohammed-shark-reef"), the same on every device.
    public var id: String
    public var name: String
    /// `nil` only for a site imported from a dive log that did not give its position; such a
    /// site is in the diver's log and search but never on the map.
    public var coordinate: Coordinate?
    /// The broad region the seed groups sites by ("Red Sea", "Caribbean", …).
    public var region: String
    /// The local area or island ("Sharm el-Sheikh", "Bonaire").
    public var area: String?
    public var country: String
    public var maxDepthMeters: Double?
    public var typicalDepthMeters: Double?
    public var tags: [SiteTag]
    public var entry: SiteEntry
    public var difficulty: SiteDifficulty
    public var description: String
    /// Where the record came from ("Wikidata Q…", "curated") and its licence (CC0, CC-BY-SA…).
    public var source: String
    public var license: String

    public init(
        id: String, name: String, coordinate: Coordinate?, region: String, area: String? = nil, country: String,
        maxDepthMeters: Double? = nil, typicalDepthMeters: Double? = nil, tags: [SiteTag] = [],
        entry: SiteEntry = .boat, difficulty: SiteDifficulty = .intermediate, description: String = "",
        source: String = "user", license: String = "user"
    ) {
        self.id = id
        self.name = name
        self.coordinate = coordinate
        self.region = region
        self.area = area
        self.country = country
        self.maxDepthMeters = maxDepthMeters
        self.typicalDepthMeters = typicalDepthMeters
        self.tags = tags.sorted()
        self.entry = entry
        self.difficulty = difficulty
        self.description = description
        self.source = source
        self.license = license
    }

    public var features: [SiteTag] { tags.filter { $0.category == .features } }
    public var conditions: [SiteTag] { tags.filter { $0.category == .conditions } }
    public var wildlife: [SiteTag] { tags.filter { $0.category == .wildlife } }
}

/// How divers get in the water at a site.
public enum SiteEntry: String, Codable, CaseIterable, Hashable, Sendable {
    case shore, boat
}

/// The experience a site asks for.
public enum SiteDifficulty: String, Codable, CaseIterable, Hashable, Sendable {
    case beginner, intermediate, advanced
}
