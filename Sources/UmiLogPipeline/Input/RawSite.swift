import Geo

/// A dive-site record from an open source, as read and checked by the validation stage.
///
/// Text is as the source gave it (trimmed); the standardisation stage derives the exported
/// name, region and credits from it.
struct RawSite: Sendable {
    /// 1-based line of the input file, for the report.
    var line: Int
    /// The source's short name ("wikidata", "osm").
    var source: String
    /// The record's id in its source ("wikidata:Q123", "osm:node/42"): unique in the input.
    var sourceID: String
    var licence: Licence
    /// The day the record was retrieved ("2025-10-18").
    var retrievedOn: String
    var name: String
    var coordinate: Coordinate
    var country: String?
    var maxDepthMeters: Double?
    var visibilityMeters: Double?
    var temperatureCelsius: Double?
    var description: String?
    var tags: [String]
    /// A category hint from the source, e.g. OSM's `leisure=stadium` or `amenity=dive_centre`.
    var type: String?

    /// How many optional facts the record has: the tie-break "prefer the richer record" of
    /// de-duplication.
    var richness: Int {
        [
            country != nil, maxDepthMeters != nil, visibilityMeters != nil, temperatureCelsius != nil,
            description != nil, !tags.isEmpty,
        ].reduce(0) { $0 + ($1 ? 1 : 0) }
    }
}
