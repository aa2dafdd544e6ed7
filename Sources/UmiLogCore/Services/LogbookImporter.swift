import Crypto
import DAGCBOR
public import Foundation
import GRDB
import Geo
import Logging
import SQLiteStorage
import Validation

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
            /// Probably a dive already in the log or earlier in the file, as another program
            /// wrote it (seconds cut, depth or duration rounded): skipped unless duplicates are
            /// kept. The reason, naming that dive, is among the preview's issues.
            case likelyDuplicate(of: UUID)
            /// Not importable; the reason is among the preview's issues.
            case skip
        }

        /// The dive as it would be stored, without its profile (a preview of a large log holds
        /// no profiles); `sampleCount` says how long the profile is.
        public var dive: LogbookDive
        public var sampleCount: Int
        public var action: Action
        /// The store site it would be linked to (existing or new), `nil` when the file names none.
        public var siteID: String?
    }

    public var format: LogbookFormat
    /// What the file holds, as read.
    public var found: LogbookFileSummary
    /// The file's sites, as it names them (small beside the dives).
    public var sites: [LogbookSite]
    public var candidates: [Candidate]
    /// Sites the file names that are not in the store yet and would be created.
    public var newSites: [DiveSite]
    /// File site keys that match a site already in the store, by store site id.
    public var linkedSites: [String: String]
    public var issues: [LogbookIssue]
    /// Units the reader chose for whole fields of the file.
    public var assumptions: [LogbookUnitAssumption]

    public var newDiveCount: Int { candidates.filter { if case .add = $0.action { true } else { false } }.count }
    public var alreadyInLogCount: Int {
        candidates.filter { if case .alreadyInLog = $0.action { true } else { false } }.count
    }
    public var likelyDuplicateCount: Int {
        candidates.filter { if case .likelyDuplicate = $0.action { true } else { false } }.count
    }
    /// Every dive left out: by the reader (a dive without a start) and by the plan (a dive twice
    /// in the file, one without a duration, a likely duplicate). Each has exactly one `.skipped`
    /// issue saying why.
    public var skippedCount: Int { issues.filter { $0.outcome == .skipped }.count }
}

/// The numbers a diver checks against the program a file came from: what the reader found in
/// it, before anything is matched against the log.
public struct LogbookFileSummary: Hashable, Sendable, Codable {
    public var dives = 0
    public var sites = 0
    public var sitesWithGPS = 0
    public var maxDepthMeters: Double?
    public var totalDurationSeconds = 0
    public var firstDive: LocalDateTime?
    public var lastDive: LocalDateTime?
    public var samples = 0

    public init() {}

    mutating func add(_ header: LogbookHeader) {
        add(header.sites)
    }

    mutating func add(_ more: [LogbookSite]) {
        sites += more.count
        sitesWithGPS += more.filter { $0.coordinate.map { !LogbookSite.isNoFix($0) } ?? false }.count
    }

    mutating func add(_ dive: LogbookDive) {
        dives += 1
        maxDepthMeters = max(maxDepthMeters ?? dive.maxDepthMeters, dive.maxDepthMeters)
        totalDurationSeconds += dive.durationSeconds
        firstDive = min(firstDive ?? dive.start, dive.start)
        lastDive = max(lastDive ?? dive.start, dive.start)
        samples += dive.samples.count
    }
}

/// How to import.
public struct LogbookImportOptions: Hashable, Sendable {
    /// Import likely duplicates (see `LogbookImportPreview.Candidate.Action.likelyDuplicate`)
    /// as new dives instead of skipping them.
    public var keepDuplicates: Bool

    public init(keepDuplicates: Bool = false) {
        self.keepDuplicates = keepDuplicates
    }
}

/// What an import wrote.
public struct LogbookImportSummary: Hashable, Sendable, Codable {
    public var importedDives: Int
    public var alreadyInLog: Int
    public var likelyDuplicates: Int
    public var skipped: Int
    public var createdSites: Int
    public var linkedSites: Int
    public var samples: Int
    public var issues: [LogbookIssue]
}

/// Brings a log file's dives into the store: preview first, then one transaction.
///
/// Both read the file as a ``LogbookSource``, dive by dive: a preview keeps each dive's summary
/// and drops its profile, an import writes each dive as it is read, inside one transaction.
/// So memory holds one dive's profile plus what is kept per dive (a summary, its identity for
/// finding repeats), never the file: a log of 2,000 dives with profiles imports in a few tens
/// of MB.
///
/// Importing is idempotent: a dive that carries one of our ids (a file UmiLog exported) or
/// whose start, duration and depth match a dive imported before is left alone, so importing the
/// same file twice adds nothing. A dive that only nearly matches one in the log or earlier in
/// the file — another program's copy of it — is a likely duplicate (see
/// ``LogbookImportPlanner``): shown and skipped unless `keepDuplicates`. Sites are matched
/// before they are created — the same id and name (our own export), or the same name within
/// 2 km — so a file's "Blue Corner" joins the shipped Blue Corner instead of duplicating it.
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
    public func preview(
        _ result: LogbookReadResult, format: LogbookFormat, at now: Date, options: LogbookImportOptions = LogbookImportOptions()
    ) async throws(UmiLogError) -> LogbookImportPreview {
        do {
            return try await preview(LogbookMemorySource(format: format, result: result), at: now, options: options)
        } catch {
            throw UmiLogError(error)
        }
    }

    /// Writes what `preview` showed, in one transaction.
    @discardableResult
    public func commit(
        _ result: LogbookReadResult, format: LogbookFormat, at now: Date, options: LogbookImportOptions = LogbookImportOptions()
    ) async throws(UmiLogError) -> LogbookImportSummary {
        do {
            return try await commit(LogbookMemorySource(format: format, result: result), at: now, options: options)
        } catch {
            throw UmiLogError(error)
        }
    }

    /// What importing `source` would do, read dive by dive; reads the store, writes nothing.
    ///
    /// - Throws: `LogbookReadError` when the file cannot be read, `UmiLogError` when the store fails.
    public func preview(
        _ source: some LogbookSource, at now: Date, options: LogbookImportOptions = LogbookImportOptions()
    ) async throws -> LogbookImportPreview {
        let timeZone = timeZone
        return try await access(write: false) { db in
            var planner = LogbookImportPlanner(timeZone: timeZone, now: now, options: options)
            var found = LogbookFileSummary()
            var assumptions: [LogbookUnitAssumption] = []
            var candidates: [LogbookImportPreview.Candidate] = []
            var sites: [LogbookSite] = []
            try source.read(
                header: { header in
                    sites = header.sites
                    found.add(header)
                    assumptions = header.assumptions
                    planner.note(header.issues)
                    try planner.planSites(header.sites, db)
                },
                dive: { read in
                    sites += read.sites
                    found.add(read.sites)
                    try planner.planSites(read.sites, db)
                    planner.note(read.issues)
                    guard let dive = read.dive else { return }
                    found.add(dive)
                    let planned = try planner.plan(dive, db)
                    var summary = planned.dive
                    summary.samples = []
                    candidates.append(.init(dive: summary, sampleCount: planned.dive.samples.count, action: planned.action, siteID: planned.siteID))
                }
            )
            return LogbookImportPreview(
                format: source.format, found: found, sites: sites, candidates: candidates, newSites: planner.newSites,
                linkedSites: planner.linkedSites, issues: planner.issues, assumptions: assumptions
            )
        }
    }

    /// Imports `source` in one transaction, planning each dive as it is read (so a dive imported
    /// meanwhile is not added twice) and writing it at once; nothing is written when the file
    /// turns out unreadable half-way.
    ///
    /// - Throws: `LogbookReadError` when the file cannot be read, `UmiLogError` when the store fails.
    @discardableResult
    public func commit(
        _ source: some LogbookSource, at now: Date, options: LogbookImportOptions = LogbookImportOptions()
    ) async throws -> LogbookImportSummary {
        let timeZone = timeZone
        let (summary, added) = try await access(write: true) { db in
            var planner = LogbookImportPlanner(timeZone: timeZone, now: now, options: options)
            var added: [(UUID, String?)] = []
            var writeIssues: [LogbookIssue] = []
            var alreadyInLog = 0
            var duplicates = 0
            var samples = 0
            try source.read(
                header: { header in
                    planner.note(header.issues)
                    try planner.planSites(header.sites, db)
                    for site in planner.newSites { try SiteRow.insert(site, db) }
                },
                dive: { read in
                    let known = planner.newSites.count
                    try planner.planSites(read.sites, db)
                    for site in planner.newSites[known...] { try SiteRow.insert(site, db) }
                    planner.note(read.issues)
                    guard let dive = read.dive else { return }
                    let planned = try planner.plan(dive, db)
                    switch planned.action {
                    case .add(let id):
                        guard let stored = planned.stored else { return }
                        writeIssues = []
                        try Self.write(planned.dive, as: stored, id: id, siteID: planned.siteID, now: now, db, issues: &writeIssues)
                        planner.note(writeIssues)
                        samples += planned.dive.samples.count
                        added.append((id, planned.siteID))
                    case .alreadyInLog: alreadyInLog += 1
                    case .likelyDuplicate: duplicates += 1
                    case .skip: break
                    }
                }
            )
            try SyncLedger.capture(dives: added.map(\.0), sites: planner.newSites.map(\.id), at: now, db)
            let issues = planner.issues
            let summary = LogbookImportSummary(
                importedDives: added.count, alreadyInLog: alreadyInLog, likelyDuplicates: duplicates,
                skipped: issues.filter { $0.outcome == .skipped }.count, createdSites: planner.newSites.count,
                linkedSites: Set(planner.linkedSites.values).count, samples: samples, issues: issues
            )
            return (summary, added)
        }
        await speciesCache.invalidate()
        logger.info(
            "log imported",
            metadata: [
                "format": "\(source.format.rawValue)", "dives": "\(summary.importedDives)", "known": "\(summary.alreadyInLog)",
                "duplicates": "\(summary.likelyDuplicates)", "skipped": "\(summary.skipped)", "sites": "\(summary.createdSites)",
            ]
        )
        for (diveID, siteID) in added {
            await events.publish(DiveLogChange(kind: .created, diveID: diveID, siteIDs: [siteID].compactMap { $0 }))
        }
        return summary
    }

    /// Runs `body` against the store; a file's `LogbookReadError` comes out as it is (the
    /// transaction rolled back), any other failure as an `UmiLogError`.
    private func access<T: Sendable>(write: Bool, _ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return write ? try await database.writer.write(body) : try await database.writer.read(body)
        } catch let error as LogbookReadError {
            throw error
        } catch let error as UmiLogError {
            throw error
        } catch let error as DatabaseError {
            throw UmiLogError.storeFailed(reason: error.message ?? error.description)
        } catch {
            throw UmiLogError.storeFailed(reason: error.localizedDescription)
        }
    }

    /// Writes one planned dive: the row, its import key, profile, sightings and the site's state.
    private static func write(
        _ dive: LogbookDive, as stored: Dive, id: UUID, siteID: String?, now: Date, _ db: Database,
        issues: inout [LogbookIssue]
    ) throws {
        try DiveRow.upsert(stored, db)
        try db.execute(sql: "UPDATE dives SET import_key = ? WHERE id = ?", arguments: [importKey(dive), DiveRow.key(id)])
        try DiveSampleRow.replace(dive.samples, of: id, db)
        var sightings: [Sighting] = []
        let record = "dive \(dive.start)"
        for sighting in dive.sightings {
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM species WHERE id = ?", arguments: [sighting.speciesID]) == true,
                sighting.count > 0
            {
                sightings.append(Sighting(diveID: id, speciesID: sighting.speciesID, count: sighting.count, note: sighting.note))
            } else {
                issues.append(LogbookIssue(record: record, message: "species \(sighting.speciesID) is unknown here", outcome: .valueDropped))
            }
        }
        try SightingRow.replace(sightings, of: id, db)
        if let siteID { try ListStateRow.markLogged(siteID, at: now, db) }
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
    static func existingDive(
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
    static func matchingSite(_ site: LogbookSite, _ db: Database) throws -> String? {
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
        return
            candidates
            .filter { candidate in
                guard let position = candidate.coordinate else { return false }
                return folded(candidate.name) == folded(site.name)
                    && haversineDistance(from: coordinate, to: position) <= siteMatchRadiusMeters
            }
            .min { $0.id < $1.id }?.id
    }

    static func sameSite(_ created: DiveSite, _ site: LogbookSite) -> Bool {
        created.id == newSite(for: site).id
    }

    /// A site for a file site the store does not have. Its id is derived from the name and
    /// position, so importing again (or importing our own export elsewhere) finds it.
    static func newSite(for site: LogbookSite) -> DiveSite {
        let name = site.name.trimmingCharacters(in: .whitespacesAndNewlines)
        let position = site.coordinate.map { String(format: "%.5f,%.5f", $0.latitude, $0.longitude) } ?? "-"
        let digest = SHA256.hash(data: Data("\(folded(name))|\(position)".utf8))
        let suffix = Hex.encode(digest.prefix(4))
        let slug = String(folded(name).map { $0.isLetter || $0.isNumber ? $0 : "-" })
            .split(separator: "-").joined(separator: "-").prefix(48)
        return DiveSite(
            id: "import-\(slug.isEmpty ? "site" : String(slug))-\(suffix)",
            name: name.isEmpty ? "Unnamed site" : name, coordinate: site.coordinate, region: "Imported", country: site.country ?? "",
            description: site.notes ?? "", source: "import", license: "user"
        )
    }

    /// Lower-cased ASCII letters and digits with accents removed, for name comparison.
    static func folded(_ text: String) -> String { TextFolding.folded(text, wordsOnly: true) }
}
