import Geo

/// Builds the sites of a CSV import from the rows' location names and coordinates.
///
/// A CSV file has no site records, only a name per dive, so the name is the site's key: every
/// dive at "Blue Hole" shares one `LogbookSite`. The first coordinates given for a name are
/// the site's; different ones later are reported and dropped. Coordinates without a name make
/// a site named after them, so they are not lost.
struct CSVSiteCollector {
    private(set) var sites: [LogbookSite] = []
    private var indexByKey: [String: Int] = [:]
    private var coordinateLines: [String: Int] = [:]

    /// The key of the row's site (creating it on first use), `nil` when the row names none.
    mutating func siteKey(for draft: CSVDiveDraft, record: String, line: Int, issues: inout [LogbookIssue]) -> String? {
        var coordinate: Coordinate?
        switch (draft.latitude, draft.longitude) {
        case let (latitude?, longitude?):
            coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
        case (_?, nil):
            issues.append(LogbookIssue(record: record, line: line, message: "latitude without a longitude", outcome: .valueDropped))
        case (nil, _?):
            issues.append(LogbookIssue(record: record, line: line, message: "longitude without a latitude", outcome: .valueDropped))
        case (nil, nil):
            break
        }
        let name: String
        if let location = draft.location {
            name = location
        } else if let coordinate {
            name = "\(CSVValueText.number(coordinate.latitude)), \(CSVValueText.number(coordinate.longitude))"
        } else {
            return nil
        }
        guard let index = indexByKey[name] else {
            indexByKey[name] = sites.count
            if coordinate != nil { coordinateLines[name] = line }
            sites.append(LogbookSite(key: name, name: name, coordinate: coordinate))
            return name
        }
        if let coordinate {
            switch sites[index].coordinate {
            case nil:
                sites[index].coordinate = coordinate
                coordinateLines[name] = line
            case let known? where known != coordinate:
                let origin = coordinateLines[name].map { " from line \($0)" } ?? ""
                issues.append(
                    LogbookIssue(
                        record: record, line: line,
                        message: "site \"\(CSVText.excerpt(name))\" keeps its coordinates\(origin); these differ", outcome: .valueDropped))
            case _?:
                break
            }
        }
        return name
    }
}
