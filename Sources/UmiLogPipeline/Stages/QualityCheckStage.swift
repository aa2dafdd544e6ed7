import UmiLogCore

/// Stage 5: flag (never drop) exported sites whose depth, visibility or temperature is
/// implausible. Bounds are inclusive: 5 m and 130 m are fine, 130.5 m is flagged.
struct QualityCheckStage {
    var depthMeters: ClosedRange<Double> = 5...130
    var visibilityMeters: ClosedRange<Double> = 3...60
    var temperatureCelsius: ClosedRange<Double> = 0...35

    /// The flags of one site's values, sorted by code.
    func flags(depth: Double?, visibility: Double?, temperature: Double?) -> [QualityFlag] {
        var flags: [QualityFlag] = []
        if let depth, !depthMeters.contains(depth) { flags.append(.depthOutOfRange) }
        if let visibility, !visibilityMeters.contains(visibility) { flags.append(.visibilityOutOfRange) }
        if let temperature, !temperatureCelsius.contains(temperature) { flags.append(.temperatureOutOfRange) }
        return flags.sorted()
    }

    /// Sets each site's `flags` and returns the flagged ones per flag (site ids in site order).
    func run(_ sites: inout [StandardisationStage.StandardisedSite]) -> [QualityFlag: [String]] {
        var flagged: [QualityFlag: [String]] = [:]
        for index in sites.indices {
            let flags = flags(
                depth: sites[index].site.maxDepthMeters, visibility: sites[index].site.visibilityMeters,
                temperature: sites[index].site.temperatureCelsius
            )
            guard !flags.isEmpty else { continue }
            sites[index].site.flags = flags.map(\.code)
            for flag in flags { flagged[flag, default: []].append(sites[index].site.id) }
        }
        return flagged
    }
}
