extension CSVDiveDraft {
    /// The dive the row describes, `nil` without a start, a duration or a max depth.
    func dive(siteKey: String?) -> LogbookDive? {
        guard let start, let durationSeconds, let maxDepthMeters else { return nil }
        var cylinders: [Cylinder] = []
        if cylinderSizeLiters != nil || startPressureBar != nil || endPressureBar != nil || oxygenPercent != nil
            || heliumPercent != nil
        {
            cylinders.append(
                Cylinder(
                    sizeLiters: cylinderSizeLiters, oxygenPercent: oxygenPercent ?? 21, heliumPercent: heliumPercent ?? 0,
                    startPressureBar: startPressureBar, endPressureBar: endPressureBar))
        }
        return LogbookDive(
            number: number, start: start, durationSeconds: durationSeconds, maxDepthMeters: maxDepthMeters,
            meanDepthMeters: meanDepthMeters, siteKey: siteKey, airTemperatureCelsius: airTemperatureCelsius,
            waterTemperatureCelsius: waterTemperatureCelsius, visibilityMeters: visibilityMeters, rating: rating,
            buddy: buddy, divemaster: divemaster, suit: suit, notes: notes, tags: tags, cylinders: cylinders,
            weights: weightKilograms.map { [WeightSystem(kilograms: $0)] } ?? [])
    }

    /// The row's problems as issues: the reason it is skipped, or each value it is kept without.
    /// `raggedNote` says how the row's width differs from the table's.
    func issues(record: String, line: Int, raggedNote: String?) -> [LogbookIssue] {
        if let skip = skipReason {
            let message = raggedNote.map { "\(skip.message) (\($0))" } ?? skip.message
            return [LogbookIssue(record: record, line: line, message: message, outcome: .skipped)]
        }
        var issues = problems.map { LogbookIssue(record: record, line: line, message: $0.message, outcome: .valueDropped) }
        if let raggedNote {
            issues.append(LogbookIssue(record: record, line: line, message: "\(raggedNote); cells may be shifted", outcome: .valueDropped))
        }
        return issues
    }
}
