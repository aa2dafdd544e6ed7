import Crypto
import Foundation
import Geo
import GRDB
import Logging

/// What an import would do, shown before anything is written (the seed's import wizard:
/// "show preview before committing").
public struct LogbookImportPreview: Hashable, Sendable {
    /// One dive of the file and what importing it would do.
    public struct Candidate: Hashable, Sendable {
        public enum Action: Hashable, Sendable {
            /// Added as a new dive with this id.
            case add(UUID)
            /// Already in the log (imported before, or exported from it): left as it is.
            case alreadyInLog(UUID)
            /// Not importable; the reason is among the preview's issues.
            case skip
        }

        public var dive: LogbookDive
        public var action: Action
        /// The store site it would be linked to (existing or new), `nil` when the file names none.
        public var siteID: String?
    }

    public var format: LogbookFormat
    public var candidates: [Candidate]
    /// Sites the file names that are not in the store yet and would be created.
    public var newSites: [DiveSite]
    /// File site keys that match a site already in the store, by store site id.
    public var linkedSites: [String: String]
    public var issues: [LogbookIssue]

    public var newDiveCount: Int { candidates.filter { if case .add = $0.action { true } else { false } }.count }
    public var alreadyInLogCount: Int {
        candidates.filter { if case .alreadyInLog = $0.action { true } else { false } }.count
    }
    /// Every dive left out: by the reader (a dive without a start) and by the plan (a dive twice
    /// in the file, one without a duration). Each has exactly one `.skipped` issue saying why.
    public var skippedCount: Int { issues.filter { $0.outcome == .skipped }.count }
}

/// What an import wrote.
public struct LogbookImportSummary: Hashable, Sendable, Codable {
    public var importedDives: Int
    public var alreadyInLog: Int
    public var skipped: Int
    public var createdSites: Int
    public var linkedSites: Int
    public var samples: Int
    public var issues: [LogbookIssue]
}

/// Brings a log file's dives into the store: preview first, then one transaction.
///
/// Importing is idempotent: a dive that carries one of our ids (a file UmiLog exported) or
/// whose start, duration and depth match a dive imported before is left alone, so importing the
/// same file twice adds nothing. Sites are matched before they are created — the same id and
/// name (our own export), or the same name within 2 km — so a file's "Blue Corner" joins the
/// shipped Blue Corner instead of duplicating it.
public struct LogbookImporter: Sendable {
    private let database: UmiLogDatabase
    private let events: DiveLogEvents
    private let speciesCache: PopularSpeciesCache
    private let timeZone: TimeZone
    private let logger: Logger

    /// Name matches further apart than this are different places that share a name.
    static let siteMatchRadiusMeters = 2_000.0

    init(
        database: any DatabaseWriter, events: DiveLogEvents, speciesCache: PopularSpeciesCache, timeZone: TimeZone,
        logger: Logger
    ) {
        self.database = UmiLogDatabase(database)
        self.events = events
        self.speciesCache = speciesCache
        self.timeZone = timeZone
        self.logger = logger
    }

    /// What importing `result` would do; reads the store, writes nothing.
    public func preview(_ result: LogbookReadResult, format: LogbookFormat, at now: Date) async throws(UmiLogError)
        -> LogbookImportPreview
    {
        let timeZone = timeZone
        return try await database.read { db in
            try Self.plan(result, format: format, timeZone: timeZone, now: now, db)
        }
    }

    /// Writes what `preview` showed, in one transaction, planning again inside it so that a
    /// dive imported meanwhile is not added twice.
    @discardableResult
    public func commit(_ result: LogbookReadResult, format: LogbookFormat, at now: Date) async throws(UmiLogError)
        -> LogbookImportSummary
    {
        let timeZone = timeZone
        let (summary, added) = try await database.write { db in
            let plan = try Self.plan(result, format: format, timeZone: timeZone, now: now, db)
            return try Self.write(plan, timeZone: timeZone, now: now, db)
        }
        await speciesCache.invalidate()
        logger.info(
            "log imported",
            metadata: [
                "format": "\(format.rawValue)", "dives": "\(summary.importedDives)", "known": "\(summary.alreadyInLog)",
                "skipped": "\(summary.skipped)", "sites": "\(summary.createdSites)",
            ]
        )
        for (diveID, siteID) in added {
            await events.publish(DiveLogChange(kind: .created, diveID: diveID, siteIDs: [siteID].compactMap { $0 }))
        }
        return summary
    }

    // MARK: Planning

    private static func plan(
        _ result: LogbookReadResult, format: LogbookFormat, timeZone: TimeZone, now: Date, _ db: Database
    ) throws -> LogbookImportPreview {
        var issues = result.issues
        var newSites: [DiveSite] = []
        var linked: [String: String] = [:]
        var siteIDByKey: [String: String] = [:]
        for var site in result.logbook.sites where siteIDByKey[site.key] == nil {
            if let issue = site.removeNoFixPosition() { issues.append(issue) }
            if let existing = try matchingSite(site, db) {
                siteIDByKey[site.key] = existing
                linked[site.key] = existing
            } else if let created = newSites.first(where: { sameSite($0, site) }) {
                siteIDByKey[site.key] = created.id
            } else {
                let created = newSite(for: site)
                newSites.append(created)
                siteIDByKey[site.key] = created.id
            }
        }
        var candidates: [LogbookImportPreview.Candidate] = []
        var keysInFile: Set<String> = []
        var idsInFile: Set<UUID> = []
        for (index, read) in result.logbook.dives.enumerated() {
            var dive = read
            let record = dive.number.map { "dive #\($0) (\(dive.start))" } ?? "dive \(index + 1) (\(dive.start))"
            var siteID: String?
            if let key = dive.siteKey {
                siteID = siteIDByKey[key]
                if siteID == nil {
                    issues.append(LogbookIssue(record: record, message: "names a site \(key) the file does not have", outcome: .valueDropped))
                }
            }
            let key = importKey(dive)
            let id = dive.id ?? identifier(forImportKey: key)
            var scratch: [LogbookIssue] = []
            let action: LogbookImportPreview.Candidate.Action
            if let existing = try existingDive(id: id, importKey: key, dive: dive, timeZone: timeZone, db) {
                action = .alreadyInLog(existing)
            } else if keysInFile.contains(key) || idsInFile.contains(id) {
                issues.append(LogbookIssue(record: record, message: "appears twice in the file", outcome: .skipped))
                action = .skip
            } else if dive.storedDive(id: id, siteID: siteID, timeZone: timeZone, now: now, record: record, issues: &scratch) != nil {
                // What is stored is in time order with plausible values, whatever the format.
                let profile = LogbookProfileCheck.check(dive.samples, record: record)
                dive.samples = profile.samples
                scratch += profile.issues
                action = .add(id)
            } else {
                action = .skip
            }
            issues += scratch
            keysInFile.insert(key)
            idsInFile.insert(id)
            candidates.append(.init(dive: dive, action: action, siteID: siteID))
        }
        return LogbookImportPreview(format: format, candidates: candidates, newSites: newSites, linkedSites: linked, issues: issues)
    }

    /// The summary, and each added dive with its site (for the change events).
    private static func write(_ plan: LogbookImportPreview, timeZone: TimeZone, now: Date, _ db: Database) throws
        -> (LogbookImportSummary, [(UUID, String?)])
    {
        var added: [(UUID, String?)] = []
        var issues = plan.issues
        for site in plan.newSites { try SiteRow.insert(site, db) }
        var imported = 0
        var samples = 0
        for candidate in plan.candidates {
            guard case .add(let id) = candidate.action else { continue }
            var scratch: [LogbookIssue] = []
            let record = "dive \(candidate.dive.start)"
            guard let dive = candidate.dive.storedDive(
                id: id, siteID: candidate.siteID, timeZone: timeZone, now: now, record: record, issues: &scratch
            ) else { continue }
            try DiveRow.upsert(dive, db)
            try db.execute(
                sql: "UPDATE dives SET import_key = ? WHERE id = ?", arguments: [importKey(candidate.dive), DiveRow.key(id)]
            )
            try DiveSampleRow.replace(candidate.dive.samples, of: id, db)
            samples += candidate.dive.samples.count
            var sightings: [Sighting] = []
            for sighting in candidate.dive.sightings {
                if try Bool.fetchOne(db, sql: "SELECT 1 FROM species WHERE id = ?", arguments: [sighting.speciesID]) == true,
                    sighting.count > 0
                {
                    sightings.append(Sighting(diveID: id, speciesID: sighting.speciesID, count: sighting.count, note: sighting.note))
                } else {
                    issues.append(LogbookIssue(record: record, message: "species \(sighting.speciesID) is unknown here", outcome: .valueDropped))
                }
            }
            try SightingRow.replace(sightings, of: id, db)
            if let siteID = candidate.siteID { try ListStateRow.markLogged(siteID, at: now, db) }
            imported += 1
            added.append((id, candidate.siteID))
        }
        let summary = LogbookImportSummary(
            importedDives: imported, alreadyInLog: plan.alreadyInLogCount, skipped: issues.filter { $0.outcome == .skipped }.count,
            createdSites: plan.newSites.count, linkedSites: Set(plan.linkedSites.values).count, samples: samples,
            issues: issues
        )
        return (summary, added)
    }

    // MARK: Identity of dives

    /// What a dive is, whatever file it came from: its wall-clock start, duration and depth to
    /// the centimetre. Two dives of the same diver cannot share all three.
    static func importKey(_ dive: LogbookDive) -> String {
        "\(dive.start)|\(dive.durationSeconds)|\(Int((dive.maxDepthMeters * 100).rounded()))"
    }

    /// A stable id for an imported dive, so an import interrupted and run again names its dives
    /// the same way: the first 16 bytes of SHA-256 of the import key, as a version-8 UUID.
    static func identifier(forImportKey key: String) -> UUID {
        UUID(derivedFrom: Data("umilog.import|\(key)".utf8))
    }

    /// The dive of the log that is this one: the same id, the same import key, or — for a dive
    /// logged by hand, which has no import key — the same start instant, duration and depth.
    private static func existingDive(
        id: UUID, importKey: String, dive: LogbookDive, timeZone: TimeZone, _ db: Database
    ) throws -> UUID? {
        let text = try String.fetchOne(
            db,
            sql: """
                SELECT id FROM dives WHERE id = ? OR import_key = ?
                    OR (start_time = ? AND bottom_time_s = ? AND CAST(round(max_depth_m * 100) AS INTEGER) = ?)
                LIMIT 1
                """,
            arguments: [
                DiveRow.key(id), importKey, dive.start.date(in: timeZone).timeIntervalSince1970, dive.durationSeconds,
                Int((dive.maxDepthMeters * 100).rounded()),
            ]
        )
        return text.flatMap(UUID.init(uuidString:))
    }

    // MARK: Sites

    /// The store site that is this file site: the same id and name (a file UmiLog wrote), or
    /// the same name within 2 km; a file site without a position only matches an imported site
    /// of the same name that has none either (names alone are ambiguous: there are many Blue Holes).
    private static func matchingSite(_ site: LogbookSite, _ db: Database) throws -> String? {
        if let row = try Row.fetchOne(db, sql: "SELECT \(SiteRow.selection) FROM sites WHERE id = ?", arguments: [site.key]) {
            let stored = try SiteRow.site(from: row)
            if folded(stored.name) == folded(site.name) { return stored.id }
        }
        let generated = newSite(for: site).id
        if try Bool.fetchOne(db, sql: "SELECT 1 FROM sites WHERE id = ?", arguments: [generated]) == true {
            return generated
        }
        guard let coordinate = site.coordinate else { return nil }
        let box = try BoundingBox(center: coordinate, radius: siteMatchRadiusMeters)
        let candidates = try SiteRepository.candidates(in: box, db)
        return candidates
            .filter { candidate in
                guard let position = candidate.coordinate else { return false }
                return folded(candidate.name) == folded(site.name)
                    && haversineDistance(from: coordinate, to: position) <= siteMatchRadiusMeters
            }
            .min { $0.id < $1.id }?.id
    }

    private static func sameSite(_ created: DiveSite, _ site: LogbookSite) -> Bool {
        created.id == newSite(for: site).id
    }

    /// A site for a file site the store does not have. Its id is derived from the name and
    /// position, so importing again (or importing our own export elsewhere) finds it.
    static func newSite(for site: LogbookSite) -> DiveSite {
        let name = site.name.trimmingCharacters(in: .whitespacesAndNewlines)
        let position = site.coordinate.map { String(format: "%.5f,%.5f", $0.latitude, $0.longitude) } ?? "-"
        let digest = SHA256.hash(data: Data("\(folded(name))|\(position)".utf8))
        let suffix = digest.prefix(4).map { String(format: "%02x", $0) }.joined()
        let slug = String(folded(name).map { $0.isLetter || $0.isNumber ? $0 : "-" })
            .split(separator: "-").joined(separator: "-").prefix(48)
        return DiveSite(
            id: "import-\(slug.isEmpty ? "site" : String(slug))-\(suffix)",
            name: name.isEmpty ? "Unnamed site" : name, coordinate: site.coordinate, region: "Imported", country: site.country ?? "",
            description: site.notes ?? "", source: "import", license: "user"
        )
    }

    /// Lower-cased ASCII letters and digits with accents removed, for name comparison.
    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
            .lowercased()
            .split { !($0.isLetter || $0.isNumber) }
            .joined(separator: " ")
    }
}
