import Foundation
import UmiLogCore
import Validation

/// What `umilog import` prints: what the file holds (the numbers a diver checks against the
/// program they came from), what the import does, and every problem.
struct ImportReport: Encodable {
    struct Found: Encodable {
        let dives: Int
        let sites: Int
        let sitesWithGPS: Int
        let maxDepthMeters: Double?
        let totalDurationSeconds: Int
        /// Wall-clock start of the earliest and latest dive (`2014-04-02T10:00:00`).
        let firstDive: String?
        let lastDive: String?
        let samples: Int
    }

    struct DiveLine: Encodable {
        let number: Int?
        let start: String
        let durationSeconds: Int
        let maxDepthMeters: Double
        let site: String?
        let samples: Int
        /// add, alreadyInLog, likelyDuplicate or skip.
        let action: String
        let id: String?
        /// For a likely duplicate: the id of the dive it repeats.
        let duplicateOf: String?
    }

    struct CSVInfo: Encodable {
        let delimiter: String
        let header: [String]?
        /// Column (header name, or its number) → field.
        let mapping: [String: String]
        let dateFormat: String
        let dateFormatAmbiguous: Bool
        let durationFormat: String
        /// metric or imperial: how numbers without a unit were read.
        let units: String
    }

    let file: String
    let format: String
    let dryRun: Bool
    let found: Found
    let dives: [DiveLine]
    let newSites: [String]
    let linkedSites: [String]
    let imported: Int
    let alreadyInLog: Int
    /// Dives skipped as likely duplicates (counted in `skipped` too).
    let likelyDuplicates: Int
    let skipped: Int
    let createdSites: Int
    let issues: [LogbookIssue]
    /// Units chosen for a whole field from the file's values.
    let assumptions: [LogbookUnitAssumption]
    let csv: CSVInfo?

    init(file: String, source: LogbookFileSource, preview: LogbookImportPreview, summary: LogbookImportSummary?) {
        self.file = file
        format = source.format.rawValue
        dryRun = summary == nil
        let read = preview.found
        found = Found(
            dives: read.dives, sites: read.sites, sitesWithGPS: read.sitesWithGPS, maxDepthMeters: read.maxDepthMeters,
            totalDurationSeconds: read.totalDurationSeconds, firstDive: read.firstDive?.description,
            lastDive: read.lastDive?.description, samples: read.samples
        )
        let siteNames = Dictionary(preview.sites.map { ($0.key, $0.name) }, uniquingKeysWith: { first, _ in first })
        dives = preview.candidates.map { candidate in
            let (action, id, duplicateOf): (String, UUID?, UUID?) =
                switch candidate.action {
                case .add(let id): ("add", id, nil)
                case .alreadyInLog(let id): ("alreadyInLog", id, nil)
                case .likelyDuplicate(let original): ("likelyDuplicate", nil, original)
                case .skip: ("skip", nil, nil)
                }
            return DiveLine(
                number: candidate.dive.number, start: candidate.dive.start.description,
                durationSeconds: candidate.dive.durationSeconds, maxDepthMeters: candidate.dive.maxDepthMeters,
                site: candidate.dive.siteKey.flatMap { siteNames[$0] }, samples: candidate.sampleCount,
                action: action, id: id?.uuidString.lowercased(), duplicateOf: duplicateOf?.uuidString.lowercased()
            )
        }
        newSites = preview.newSites.map(\.name)
        linkedSites = preview.linkedSites.keys.sorted().compactMap { siteNames[$0] }
        imported = summary?.importedDives ?? 0
        alreadyInLog = summary?.alreadyInLog ?? preview.alreadyInLogCount
        likelyDuplicates = summary?.likelyDuplicates ?? preview.likelyDuplicateCount
        skipped = summary?.skipped ?? preview.skippedCount
        createdSites = summary?.createdSites ?? 0
        issues = summary?.issues ?? preview.issues
        assumptions = preview.assumptions
        csv = source.csvMapping.map { mapping in
            let table = source.csvTable
            var columns: [String: String] = [:]
            for (column, field) in mapping.columns where field != .ignore {
                columns[table?.name(ofColumn: column) ?? String(column + 1)] = field.rawValue
            }
            return CSVInfo(
                delimiter: table.map(\.delimiter.rawValue) ?? ",", header: table?.header, mapping: columns,
                dateFormat: mapping.dateFormat.rawValue, dateFormatAmbiguous: mapping.isDateFormatAmbiguous,
                durationFormat: mapping.durationFormat.rawValue, units: mapping.units.rawValue
            )
        }
    }

    func printText(units: UnitSystem, dateFormatConfirmed: Bool) {
        let displayName = LogbookFormat(rawValue: format)?.displayName ?? format
        print(
            "\(file): \(displayName), \(Wording.counted(found.dives, "dive")), \(Wording.counted(found.sites, "site")) (\(found.sitesWithGPS) with GPS)"
        )
        if let maxDepth = found.maxDepthMeters {
            print(
                "  max depth \(units.length(maxDepth)), total time \(Self.clock(found.totalDurationSeconds)) (\(found.totalDurationSeconds) s), \(Wording.counted(found.samples, "profile point"))"
            )
        }
        if let first = found.firstDive, let last = found.lastDive {
            print("  first dive \(first.replacingOccurrences(of: "T", with: " ")), last dive \(last.replacingOccurrences(of: "T", with: " "))")
        }
        if let csv {
            let mapping = csv.mapping.sorted { $0.key < $1.key }.map { "\($0.key) → \($0.value)" }.joined(separator: ", ")
            print("  columns: \(mapping)")
            print("  dates read as \(csv.dateFormat), durations as \(csv.durationFormat)")
            if csv.dateFormatAmbiguous && !dateFormatConfirmed {
                print("  note: dates such as 10/1/13 could be day-first; confirm with --date-format \(csv.dateFormat) or --date-format dd/mm/yy")
            }
        }
        for assumption in assumptions { print("  assumed: \(assumption)") }
        for site in newSites { print("  new site: \(site)") }
        for site in linkedSites { print("  site already known: \(site)") }
        // A skipped dive is listed once, among the problems, with the reason: so the lines that
        // say "skipped" are exactly the dives counted as skipped.
        for dive in dives where dive.action == "add" || dive.action == "alreadyInLog" {
            let number = dive.number.map { "#\($0)" } ?? "–"
            let what = dive.action == "add" ? (dryRun ? "would add" : "added") : "already in your log"
            print(
                "  \(number.padding(toLength: 6, withPad: " ", startingAt: 0)) \(dive.start.replacingOccurrences(of: "T", with: " "))  \(units.length(dive.maxDepthMeters))  \(Self.clock(dive.durationSeconds))  \(dive.site ?? "–")  \(what)"
            )
        }
        if !issues.isEmpty {
            print("Problems:")
            for issue in issues { print("  \(issue)") }
        }
        if dryRun {
            let adding = dives.filter { $0.action == "add" }.count
            print(
                "Dry run: nothing was written (\(Wording.counted(adding, "dive")) would be added, \(alreadyInLog) already in your log, \(skipped) skipped)."
            )
        } else {
            print(
                "Imported \(Wording.counted(imported, "dive")) (\(alreadyInLog) already in your log, \(skipped) skipped), \(Wording.counted(createdSites, "new site"))."
            )
        }
    }

    /// `77:54` — minutes and seconds, as dive logs show durations.
    static func clock(_ seconds: Int) -> String {
        String(format: "%d:%02d", seconds / 60, seconds % 60)
    }
}
