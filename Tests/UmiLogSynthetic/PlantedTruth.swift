/// What ``SyntheticSiteRecords`` planted in its input: the exact answer the pipeline's report
/// must give, stage by stage.
public struct PlantedTruth: Equatable, Sendable {
    /// Input lines (none blank).
    public var lines = 0
    /// Stage 1: invalid lines, line → reason code ("missing-name", "duplicate-source-id", …).
    public var invalidLines: [Int: String] = [:]
    public var validSites = 0
    public var validDives = 0
    public var validSightings = 0
    /// Stage 2: non-dive places, source id → keyword.
    public var nonDivePlaces: [String: String] = [:]
    /// Stage 3: every planted group of records of one place (lineage, sorted), sorted by first id.
    public var duplicateGroups: [[String]] = []
    /// Stage 3: the record each group must be represented by (first id of the group → source id).
    public var representatives: [String: String] = [:]
    /// Stage 4: lineages (sorted) of places with no openly licensed record, sorted by first id.
    public var restrictedPlaces: [[String]] = []
    /// Exported sites per region (stage 7 tile counts).
    public var regionCounts: [String: Int] = [:]
    /// Stage 5: representative source id → flag codes (sorted), for every site that must be flagged.
    public var flags: [String: [String]] = [:]
    /// Stage 6: dropped dive lines, line → reason code.
    public var droppedDiveLines: [Int: String] = [:]
    /// Stage 6: kept dives, dive id → source id of the representative of its site.
    public var keptDives: [String: String] = [:]
    /// Stage 6: dropped sighting lines, line → reason code.
    public var droppedSightingLines: [Int: String] = [:]
    public var keptSightings = 0
    /// Text planted only in non-open records: it must never appear in a tile.
    public var restrictedMarker = "Restricted text from a non-open source"

    public var exportedSites: Int { regionCounts.values.reduce(0, +) }

    public init() {}
}
