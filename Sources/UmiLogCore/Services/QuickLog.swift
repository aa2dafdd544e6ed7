public import Foundation

/// One-tap logging: most dives are like the last one at the same site, so QuickLog copies it
/// (depths, time, conditions, gas, pressures, buddy, tags — not notes, rating or sightings,
/// which belong to that dive alone) and saves it at the new time.
public struct QuickLog: Sendable {
    private let dives: DiveRepository
    private let saver: WizardSaver

    public init(dives: DiveRepository, saver: WizardSaver) {
        self.dives = dives
        self.saver = saver
    }

    /// The pre-filled draft for a dive at `siteID` starting at `startTime`; the essentials
    /// are empty when there is no earlier dive there.
    public func draft(siteID: String, startTime: Date) async throws(UmiLogError) -> DiveDraft {
        guard let previous = try await dives.previousDive(at: siteID, before: startTime)?.dive else {
            return DiveDraft(siteID: siteID, startTime: startTime)
        }
        return DiveDraft(
            siteID: siteID, startTime: startTime, maxDepthMeters: previous.maxDepthMeters,
            averageDepthMeters: previous.averageDepthMeters, bottomTimeSeconds: previous.bottomTimeSeconds,
            waterTemperatureCelsius: previous.waterTemperatureCelsius, visibilityMeters: previous.visibilityMeters,
            current: previous.current, oxygenPercent: previous.gas.oxygenPercent,
            startPressureBar: previous.startPressureBar, endPressureBar: previous.endPressureBar,
            buddy: previous.buddy, tags: previous.tags
        )
    }

    /// Logs a dive at `siteID` from the previous one there, with `adjust` applied on top
    /// (the diver's corrections, e.g. a deeper depth; it may look things up, as the CLI
    /// resolves species names).
    ///
    /// - Throws: `UmiLogError.nothingToPrefill` when there is no earlier dive and the essentials
    ///   were not given; what `adjust` throws; otherwise what ``WizardSaver/save(_:id:at:)`` throws.
    public func log(
        siteID: String, startTime: Date, at now: Date, adjust: (inout DiveDraft) async throws -> Void = { _ in }
    ) async throws -> LoggedDive {
        var draft = try await draft(siteID: siteID, startTime: startTime)
        let prefilled = draft.maxDepthMeters != nil
        try await adjust(&draft)
        if !prefilled, draft.maxDepthMeters == nil || draft.bottomTimeSeconds == nil {
            throw UmiLogError.nothingToPrefill(siteID: siteID)
        }
        return try await saver.save(draft, at: now)
    }
}
