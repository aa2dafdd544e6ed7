/// The seven stages, in order, for progress display.
public enum PipelineStage: Int, CaseIterable, Sendable {
    case validation = 1
    case qualityFilter
    case deduplication
    case standardisation
    case qualityChecks
    case references
    case tiling

    /// "validation", "quality-filter", … (the `stage` of a ``StageReport``).
    public var key: String {
        switch self {
        case .validation: "validation"
        case .qualityFilter: "quality-filter"
        case .deduplication: "deduplication"
        case .standardisation: "standardisation"
        case .qualityChecks: "quality-checks"
        case .references: "references"
        case .tiling: "tiling"
        }
    }

    /// What the stage does, for a person ("Removing non-dive places").
    public var title: String {
        switch self {
        case .validation: "Validating input lines"
        case .qualityFilter: "Removing non-dive places"
        case .deduplication: "Merging duplicates"
        case .standardisation: "Standardising names, regions and licences"
        case .qualityChecks: "Checking depth, visibility and temperature"
        case .references: "Checking dives and sightings against sites"
        case .tiling: "Writing regional tiles"
        }
    }
}
