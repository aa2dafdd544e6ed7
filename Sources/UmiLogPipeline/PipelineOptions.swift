public import Foundation

/// The pipeline's settings. The defaults are the seed's: merge within 1 km at Jaro–Winkler
/// 0.92, flag depth outside 5–130 m, visibility 3–60 m, temperature 0–35 °C.
public struct PipelineOptions: Sendable {
    public var duplicateRadiusMeters: Double = 1_000
    public var nameSimilarityThreshold: Double = 0.92
    public var depthRangeMeters: ClosedRange<Double> = 5...130
    public var visibilityRangeMeters: ClosedRange<Double> = 3...60
    public var temperatureRangeCelsius: ClosedRange<Double> = 0...35
    /// Examples kept per drop reason in the report.
    public var exampleLimit = 20
    /// Site ids listed per quality flag in the report (the tiles carry every flag regardless).
    public var flaggedIDLimit = 10_000
    /// Longer input lines are dropped unread.
    public var maximumLineBytes = 1 << 20
    /// gzip level of the tiles, 0…9.
    public var compressionLevel: Int32 = 6
    /// Worker threads for the parallel parts; the output is the same for any value.
    public var parallelism = ProcessInfo.processInfo.activeProcessorCount
    /// The time written into the manifest, attribution and report; fix it for reproducible output.
    public var generatedAt = Date()
    /// Where to write a second copy of `report.json` (the CLI's `--report FILE`).
    public var reportCopy: URL?
    /// Called as each stage starts, e.g. to show progress on a terminal.
    public var progress: (@Sendable (PipelineStage) -> Void)?

    public init() {}
}
