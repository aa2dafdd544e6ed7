/// The outcome of stages 1–6, in memory: what the writer (stage 7) puts on disk, and what
/// tests inspect stage by stage.
struct ProcessedDataset: Sendable {
    /// Its `sites` are empty: they moved on to the quality filter.
    var validation: ValidationStage.Output
    /// The sites that passed stages 1 and 2: what de-duplication and standardisation index into.
    var sites: [RawSite]
    /// Stage 2's removed records.
    var nonDivePlaces: [QualityFilterStage.Removed]
    var deduplication: DeduplicationStage.Output
    /// Sites already carry their quality flags (stage 5).
    var standardisation: StandardisationStage.Output
    var flagged: [QualityFlag: [String]]
    var references: ReferenceStage.Output
    /// Complete but for stage 7 (`tiling`, `tiles`).
    var report: PipelineReport
}
