import Foundation
public import Geo

/// One dive site of the open dataset, as the pipeline writes it into a regional tile and the app
/// reads it back (``SiteTileLoader``).
///
/// Every value comes from one openly licensed source record (CC0, CC-BY or ODbL), named by
/// `licence` and `attribution`, so the app can show credits per site. `sourceIDs` is the
/// lineage: every source record merged into this site, so a dive logged against any of them
/// still finds it. `flags` mark values the quality checks found implausible; they are kept, not
/// dropped, for a person to review.
public struct DatasetSite: Identifiable, Codable, Hashable, Sendable {
    /// A stable slug: the name plus a short hash of the chosen source record ("shark-reef-1a2b3c4d").
    public var id: String
    public var name: String
    /// Where the site is; encoded as flat `latitude` / `longitude` keys.
    public var coordinate: Coordinate
    /// One of the app's ten regions ("Red Sea", "Pacific", …); also the tile the site lives in.
    public var region: String
    public var country: String?
    public var maxDepthMeters: Double?
    public var visibilityMeters: Double?
    public var temperatureCelsius: Double?
    public var description: String?
    public var tags: [String]
    /// SPDX-style identifier of the values' licence: "CC0-1.0", "CC-BY-4.0", "ODbL-1.0".
    public var licence: String
    /// The credit line the licence asks for ("© OpenStreetMap contributors (ODbL 1.0)").
    public var attribution: String
    /// Every merged source record ("osm:node/42", "wikidata:Q123"), sorted.
    public var sourceIDs: [String]
    /// Quality flags ("depth-out-of-range", …), sorted; empty when nothing looked wrong.
    public var flags: [String]

    public init(
        id: String, name: String, coordinate: Coordinate, region: String, country: String? = nil,
        maxDepthMeters: Double? = nil, visibilityMeters: Double? = nil, temperatureCelsius: Double? = nil,
        description: String? = nil, tags: [String] = [], licence: String, attribution: String,
        sourceIDs: [String], flags: [String] = []
    ) {
        self.id = id
        self.name = name
        self.coordinate = coordinate
        self.region = region
        self.country = country
        self.maxDepthMeters = maxDepthMeters
        self.visibilityMeters = visibilityMeters
        self.temperatureCelsius = temperatureCelsius
        self.description = description
        self.tags = tags
        self.licence = licence
        self.attribution = attribution
        self.sourceIDs = sourceIDs
        self.flags = flags
    }

    public var latitude: Double { coordinate.latitude }
    public var longitude: Double { coordinate.longitude }

    private enum CodingKeys: String, CodingKey {
        case id, name, latitude, longitude, region, country, maxDepthMeters, visibilityMeters, temperatureCelsius
        case description, tags, licence, attribution, sourceIDs, flags
    }

    /// Decodes a tile record, rejecting a position outside −90…90 / −180…180 (a damaged tile
    /// must not put pins off the map). Missing `tags`, `sourceIDs` or `flags` read as empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        let latitude = try container.decode(Double.self, forKey: .latitude)
        let longitude = try container.decode(Double.self, forKey: .longitude)
        do {
            coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .latitude, in: container, debugDescription: error.errorDescription ?? "invalid position"
            )
        }
        region = try container.decode(String.self, forKey: .region)
        country = try container.decodeIfPresent(String.self, forKey: .country)
        maxDepthMeters = try container.decodeIfPresent(Double.self, forKey: .maxDepthMeters)
        visibilityMeters = try container.decodeIfPresent(Double.self, forKey: .visibilityMeters)
        temperatureCelsius = try container.decodeIfPresent(Double.self, forKey: .temperatureCelsius)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
        licence = try container.decode(String.self, forKey: .licence)
        attribution = try container.decode(String.self, forKey: .attribution)
        sourceIDs = try container.decodeIfPresent([String].self, forKey: .sourceIDs) ?? []
        flags = try container.decodeIfPresent([String].self, forKey: .flags) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(coordinate.latitude, forKey: .latitude)
        try container.encode(coordinate.longitude, forKey: .longitude)
        try container.encode(region, forKey: .region)
        try container.encodeIfPresent(country, forKey: .country)
        try container.encodeIfPresent(maxDepthMeters, forKey: .maxDepthMeters)
        try container.encodeIfPresent(visibilityMeters, forKey: .visibilityMeters)
        try container.encodeIfPresent(temperatureCelsius, forKey: .temperatureCelsius)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encode(tags, forKey: .tags)
        try container.encode(licence, forKey: .licence)
        try container.encode(attribution, forKey: .attribution)
        try container.encode(sourceIDs, forKey: .sourceIDs)
        try container.encode(flags, forKey: .flags)
    }
}
