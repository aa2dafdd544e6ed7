import Foundation

/// The one place a log file's dive and the store's dive are translated, in both directions, so
/// that export followed by import gives back the same dive.
extension LogbookDive {
    /// The dive as the store keeps it, or the reason it cannot be kept. Values the store refuses
    /// (a water temperature of 60 °C) are left out and reported; a dive without a usable depth
    /// or duration is refused.
    func storedDive(
        id: UUID, siteID: String?, timeZone: TimeZone, now: Date, record: String, issues: inout [LogbookIssue]
    ) -> Dive? {
        guard maxDepthMeters.isFinite, DiveDraft.depthRange.contains(maxDepthMeters) else {
            issues.append(LogbookIssue(record: record, message: "max depth \(maxDepthMeters) m is not 0–330 m", outcome: .skipped))
            return nil
        }
        guard durationSeconds > 0 else {
            issues.append(LogbookIssue(record: record, message: "the dive has no duration", outcome: .skipped))
            return nil
        }
        func kept<T: Comparable>(_ value: T?, in range: ClosedRange<T>, _ name: String) -> T? {
            guard let value else { return nil }
            if range.contains(value) { return value }
            issues.append(LogbookIssue(record: record, message: "\(name) \(value) is out of range", outcome: .valueDropped))
            return nil
        }
        let primary = Self.primaryCylinder(cylinders)
        let cylindersKept = Self.isSummaryOnly(cylinders) ? [] : cylinders
        var tagsKept: [String] = []
        for tag in tags {
            let cleaned = tag.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            guard !cleaned.isEmpty, !tagsKept.contains(cleaned) else { continue }
            if cleaned.count <= 40, !cleaned.contains("\n") {
                tagsKept.append(cleaned)
            } else {
                issues.append(LogbookIssue(record: record, message: "tag \"\(tag)\" is longer than 40 characters", outcome: .valueDropped))
            }
        }
        let details = DiveDetails(
            number: number, divemaster: divemaster, suit: suit,
            airTemperatureCelsius: kept(airTemperatureCelsius, in: -40...70, "air temperature"),
            visibilityRating: kept(visibilityRating, in: 1...5, "visibility rating"), mode: mode, cylinders: cylindersKept,
            weights: weights, surfacePressureBar: surfacePressureBar, salinityGramsPerLiter: salinityGramsPerLiter,
            diveComputer: diveComputer
        )
        var mean = kept(meanDepthMeters, in: DiveDraft.depthRange, "mean depth")
        if let value = mean, value > maxDepthMeters {
            issues.append(LogbookIssue(record: record, message: "mean depth \(value) m is deeper than the max depth", outcome: .valueDropped))
            mean = nil
        }
        return Dive(
            id: id, siteID: siteID, startTime: start.date(in: timeZone), maxDepthMeters: maxDepthMeters,
            averageDepthMeters: mean, bottomTimeSeconds: durationSeconds,
            waterTemperatureCelsius: kept(waterTemperatureCelsius, in: DiveDraft.temperatureRange, "water temperature"),
            visibilityMeters: kept(visibilityMeters, in: DiveDraft.visibilityRange, "visibility"), current: current,
            gas: primary?.breathingGas ?? .air, startPressureBar: primary?.startPressureBar,
            endPressureBar: primary?.endPressureBar, buddy: buddy, notes: notes, tags: tagsKept,
            rating: kept(rating, in: DiveDraft.ratingRange, "rating"), details: details, createdAt: now, updatedAt: now
        )
    }

    /// The dive of the store as a log file carries it. A dive logged by hand has no cylinder
    /// list, only its gas and pressures: they become one cylinder, which reads back as the same
    /// summary (see ``isSummaryOnly(_:)``).
    init(_ logged: LoggedDive, siteKey: String?, samples: [DiveSample], timeZone: TimeZone) {
        let dive = logged.dive
        let details = dive.details
        var cylinders = details.cylinders
        if cylinders.isEmpty, dive.gas != .air || dive.startPressureBar != nil || dive.endPressureBar != nil {
            cylinders = [
                Cylinder(
                    oxygenPercent: Double(dive.gas.oxygenPercent), startPressureBar: dive.startPressureBar,
                    endPressureBar: dive.endPressureBar
                )
            ]
        }
        self.init(
            id: dive.id, number: details.number, start: LocalDateTime(dive.startTime, in: timeZone),
            durationSeconds: dive.bottomTimeSeconds, maxDepthMeters: dive.maxDepthMeters,
            meanDepthMeters: dive.averageDepthMeters, siteKey: siteKey, airTemperatureCelsius: details.airTemperatureCelsius,
            waterTemperatureCelsius: dive.waterTemperatureCelsius, visibilityMeters: dive.visibilityMeters,
            visibilityRating: details.visibilityRating, rating: dive.rating, current: dive.current, buddy: dive.buddy,
            divemaster: details.divemaster, suit: details.suit, notes: dive.notes, tags: dive.tags, cylinders: cylinders,
            weights: details.weights, mode: details.mode, surfacePressureBar: details.surfacePressureBar,
            salinityGramsPerLiter: details.salinityGramsPerLiter, diveComputer: details.diveComputer, samples: samples,
            sightings: logged.sightings.map { LogbookSighting(speciesID: $0.speciesID, count: $0.count, note: $0.note) }
        )
    }

    /// The cylinder whose gas and pressures summarise the dive: the first breathing air or
    /// nitrox below 100 % (not a trimix diluent, not a rebreather's or a deco stage's oxygen),
    /// else the first with any air or nitrox. It depends only on the gases and their order, which
    /// every format keeps, not on the cylinders' roles, which UDDF and CSV cannot carry; so the
    /// summary is the same after a round trip through any of them.
    static func primaryCylinder(_ cylinders: [Cylinder]) -> Cylinder? {
        cylinders.first { $0.breathingGas != nil && $0.oxygenPercent < 100 } ?? cylinders.first { $0.breathingGas != nil }
    }

    /// Whether the list is only the dive's summary (one cylinder with a gas and pressures and
    /// nothing else), which the store keeps as the dive's gas and pressures alone.
    static func isSummaryOnly(_ cylinders: [Cylinder]) -> Bool {
        guard cylinders.count == 1, let only = cylinders.first, only.breathingGas != nil else { return false }
        return only.description == nil && only.sizeLiters == nil && only.workingPressureBar == nil && only.use == nil
    }
}
