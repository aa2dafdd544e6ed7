public import Foundation

/// What the pipeline did, stage by stage: `report.json` of the output folder, and what the CLI
/// prints. Counts are exact; examples are bounded (``PipelineOptions/exampleLimit``).
public struct PipelineReport: Codable, Equatable, Sendable {
    public var generatedAt: Date
    /// Non-blank input lines.
    public var inputLines: Int
    /// Stage 1. Details: `sites`, `dives`, `sightings` kept, `blankLines`.
    public var validation: StageReport
    /// Stage 2, on the valid sites. Reasons are the matched keywords.
    public var qualityFilter: StageReport
    /// Stage 3. Kept = distinct places; dropped = records merged into another. Details:
    /// `clustersWithDuplicates`, `nearbyPairs`, `duplicatePairs`, `gridCells`.
    public var deduplication: StageReport
    /// Stage 4, on the places. Dropped: clusters with no open licence.
    public var standardisation: StageReport
    /// Stage 5, on the exported sites: nothing dropped. Details: `flaggedSites`.
    public var qualityChecks: StageReport
    /// Stage 5's flags with the flagged site ids.
    public var flags: [FlagReport]
    /// Stage 6, dives.
    public var dives: StageReport
    /// Stage 6, sightings.
    public var sightings: StageReport
    /// Stage 7. Details: `tiles`, `compressedBytes`, `uncompressedBytes`.
    public var tiling: StageReport
    public var tiles: [TileSummary]

    /// Every stage report in pipeline order.
    public var stages: [StageReport] {
        [validation, qualityFilter, deduplication, standardisation, qualityChecks, dives, sightings, tiling]
    }

    /// `report.json`'s bytes: pretty, sorted keys, ISO 8601 dates.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }
}
