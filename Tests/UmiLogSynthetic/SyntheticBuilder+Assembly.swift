/// Lines, their shuffle, and the truth computed from where each planted line ended up.
extension SyntheticBuilder {
    @discardableResult
    mutating func append(_ text: String, _ entry: Entry) -> Int {
        texts.append(text)
        entries.append(entry)
        return entries.count - 1
    }

    /// Shuffles the lines and derives the line-numbered truth.
    mutating func finish() -> SyntheticSiteRecords {
        var order = Array(entries.indices)
        order.shuffle(using: &random)
        var lineOf = [Int](repeating: 0, count: entries.count)
        for (position, entry) in order.enumerated() { lineOf[entry] = position + 1 }
        truth.lines = entries.count
        for (index, entry) in entries.enumerated() {
            let line = lineOf[index]
            switch entry {
            case .site:
                truth.validSites += 1
            case .invalid(let reason):
                truth.invalidLines[line] = reason
            case .siteCopy(let original):
                truth.invalidLines[max(line, lineOf[original])] = "duplicate-source-id"
            case .dive(let id, let kept, let dropped):
                truth.validDives += 1
                if let kept { truth.keptDives[id] = kept }
                if let dropped { truth.droppedDiveLines[line] = dropped }
            case .diveCopy(let original):
                truth.validDives += 1
                truth.droppedDiveLines[max(line, lineOf[original])] = "duplicate-id"
            case .sighting(let kept, let dropped):
                truth.validSightings += 1
                if kept { truth.keptSightings += 1 }
                if let dropped { truth.droppedSightingLines[line] = dropped }
            case .sightingCopy(let original):
                truth.validSightings += 1
                truth.droppedSightingLines[max(line, lineOf[original])] = "duplicate-id"
            }
        }
        truth.duplicateGroups.sort { $0[0] < $1[0] }
        truth.restrictedPlaces.sort { $0[0] < $1[0] }
        return SyntheticSiteRecords(lines: order.map { texts[$0] }, truth: truth)
    }
}
