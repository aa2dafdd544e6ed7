import Foundation
import GRDB

/// Decides, dive by dive in file order, what an import does with each dive: the one place both
/// the preview and the import plan, so they agree.
///
/// It keeps what later dives are compared with — the identity of every dive seen (to find a
/// dive twice in the file) and the start, duration, depth and site of every dive it would add
/// (to find likely duplicates within the file) — a few dozen bytes a dive, never profiles.
///
/// **Likely duplicates.** Another program's copy of a dive already in the log rarely matches
/// it exactly: seconds cut off the start, depth or duration rounded. A dive that starts within
/// 60 s of one in the log (or added earlier in the file), lasts within 60 s as long, is as deep
/// within 0.5 m or 1 %, and is at the same site when both name one is a likely duplicate: shown
/// and skipped with the dive it repeats, unless `keepDuplicates`. Subsurface merges such dives
/// on import by a similar rule (`dive::likely_same`); exact repeats are found first, as before.
struct LogbookImportPlanner {
    /// One dive planned.
    struct Planned {
        /// The dive as it would be stored: its profile checked (``LogbookProfileCheck``).
        var dive: LogbookDive
        var action: LogbookImportPreview.Candidate.Action
        var siteID: String?
        /// The store's dive, when `action` is `.add`.
        var stored: Dive?
    }

    /// What a dive that would be added is compared with.
    private struct Footprint {
        let id: UUID
        let start: Double
        let durationSeconds: Int
        let maxDepthMeters: Double
        let siteID: String?
        /// "#12 (2014-04-02 10:00:00, 38.99 m, 77:54)".
        let label: String
    }

    /// Start times within this many seconds may be the same dive (seconds cut, clocks apart).
    static let startTolerance = 60.0
    /// Durations within this many seconds may be the same dive (rounded to the minute).
    static let durationTolerance = 60
    /// Depths within this or `depthToleranceFraction` of the deeper one may be the same dive.
    static let depthTolerance = 0.5
    static let depthToleranceFraction = 0.01

    let timeZone: TimeZone
    let now: Date
    let options: LogbookImportOptions
    private(set) var issues: [LogbookIssue] = []
    private(set) var newSites: [DiveSite] = []
    /// File site keys that match a store site, by store site id.
    private(set) var linkedSites: [String: String] = [:]
    private var siteIDByKey: [String: String] = [:]
    private var keysSeen: Set<String> = []
    private var idsSeen: Set<UUID> = []
    private var keysAdded: Set<String> = []
    private var idsAdded: Set<UUID> = []
    /// Dives to be added, by the minute they start in.
    private var addedByMinute: [Int: [Footprint]] = [:]
    private var position = 0

    init(timeZone: TimeZone, now: Date, options: LogbookImportOptions) {
        self.timeZone = timeZone
        self.now = now
        self.options = options
    }

    /// Adds problems the reader met.
    mutating func note(_ more: [LogbookIssue]) {
        issues += more
    }

    /// Matches the file's sites to the store's, or plans new ones (appended to `newSites`).
    mutating func planSites(_ sites: [LogbookSite], _ db: Database) throws {
        for var site in sites where siteIDByKey[site.key] == nil {
            if let issue = site.removeNoFixPosition() { issues.append(issue) }
            if let existing = try LogbookImporter.matchingSite(site, db) {
                siteIDByKey[site.key] = existing
                linkedSites[site.key] = existing
            } else if let created = newSites.first(where: { LogbookImporter.sameSite($0, site) }) {
                siteIDByKey[site.key] = created.id
            } else {
                let created = LogbookImporter.newSite(for: site)
                newSites.append(created)
                siteIDByKey[site.key] = created.id
            }
        }
    }

    /// Plans the next dive of the file.
    mutating func plan(_ read: LogbookDive, _ db: Database) throws -> Planned {
        position += 1
        var dive = read
        let record = dive.number.map { "dive #\($0) (\(dive.start))" } ?? "dive \(position) (\(dive.start))"
        var siteID: String?
        if let key = dive.siteKey {
            siteID = siteIDByKey[key]
            if siteID == nil {
                issues.append(LogbookIssue(record: record, message: "names a site \(key) the file does not have", outcome: .valueDropped))
            }
        }
        let key = LogbookImporter.importKey(dive)
        let id = dive.id ?? LogbookImporter.identifier(forImportKey: key)
        defer {
            keysSeen.insert(key)
            idsSeen.insert(id)
        }
        let start = dive.start.date(in: timeZone).timeIntervalSince1970
        // A dive this import adds is in the store while importing but not while previewing:
        // asking the file first gives both the same answer.
        if keysAdded.contains(key) || idsAdded.contains(id) {
            return skipped(dive, siteID: siteID, record: record, "appears twice in the file")
        }
        if let existing = try LogbookImporter.existingDive(id: id, importKey: key, dive: dive, timeZone: timeZone, db) {
            return Planned(dive: dive, action: .alreadyInLog(existing), siteID: siteID)
        }
        if keysSeen.contains(key) || idsSeen.contains(id) {
            return skipped(dive, siteID: siteID, record: record, "appears twice in the file")
        }
        var scratch: [LogbookIssue] = []
        guard let stored = dive.storedDive(id: id, siteID: siteID, timeZone: timeZone, now: now, record: record, issues: &scratch)
        else {
            issues += scratch
            return Planned(dive: dive, action: .skip, siteID: siteID)
        }
        if !options.keepDuplicates,
            let original = try likelyDuplicate(start: start, of: dive, siteID: siteID, db)
        {
            issues.append(
                LogbookIssue(
                    record: record,
                    message: "likely duplicate of \(original.label) \(original.inFile ? "earlier in the file" : "in your log") "
                        + "(start, depth and duration nearly the same); import it anyway with --keep-duplicates",
                    outcome: .skipped
                ))
            return Planned(dive: dive, action: .likelyDuplicate(of: original.id), siteID: siteID)
        }
        issues += scratch
        // What is stored is in time order with plausible values, whatever the format.
        let profile = LogbookProfileCheck.check(dive.samples, record: record)
        dive.samples = profile.samples
        issues += profile.issues
        keysAdded.insert(key)
        idsAdded.insert(id)
        let footprint = Footprint(
            id: id, start: start, durationSeconds: dive.durationSeconds, maxDepthMeters: dive.maxDepthMeters, siteID: siteID,
            label: Self.label(number: dive.number, start: dive.start, depth: dive.maxDepthMeters, duration: dive.durationSeconds)
        )
        addedByMinute[Self.minute(start), default: []].append(footprint)
        return Planned(dive: dive, action: .add(id), siteID: siteID, stored: stored)
    }

    private mutating func skipped(_ dive: LogbookDive, siteID: String?, record: String, _ message: String) -> Planned {
        issues.append(LogbookIssue(record: record, message: message, outcome: .skipped))
        return Planned(dive: dive, action: .skip, siteID: siteID)
    }

    // MARK: Likely duplicates

    /// The dive added earlier in this file, or else the dive of the log, that `dive` likely repeats.
    private func likelyDuplicate(
        start: Double, of dive: LogbookDive, siteID: String?, _ db: Database
    ) throws -> (id: UUID, label: String, inFile: Bool)? {
        let minute = Self.minute(start)
        for bucket in (minute - 1)...(minute + 1) {
            for other in addedByMinute[bucket] ?? []
            where Self.likelySame(
                start, dive.durationSeconds, dive.maxDepthMeters, siteID,
                other.start, other.durationSeconds, other.maxDepthMeters, other.siteID
            ) {
                return (other.id, other.label, true)
            }
        }
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT id, number, start_time, bottom_time_s, max_depth_m, site_id FROM dives
                WHERE start_time BETWEEN ? AND ? ORDER BY start_time
                """,
            arguments: [start - Self.startTolerance, start + Self.startTolerance]
        )
        for row in rows {
            let otherStart: Double = row[2]
            let duration: Int = row[3]
            let depth: Double = row[4]
            let site: String? = row[5]
            guard Self.likelySame(start, dive.durationSeconds, dive.maxDepthMeters, siteID, otherStart, duration, depth, site),
                let id = UUID(uuidString: row[0])
            else { continue }
            let wallClock = LocalDateTime(Date(timeIntervalSince1970: otherStart), in: timeZone)
            return (id, Self.label(number: row[1], start: wallClock, depth: depth, duration: duration), false)
        }
        return nil
    }

    /// The rule for two dives that are likely one (see the type's documentation).
    static func likelySame(
        _ start: Double, _ duration: Int, _ depth: Double, _ site: String?,
        _ otherStart: Double, _ otherDuration: Int, _ otherDepth: Double, _ otherSite: String?
    ) -> Bool {
        guard abs(start - otherStart) <= startTolerance, abs(duration - otherDuration) <= durationTolerance else { return false }
        let depthTolerance = max(Self.depthTolerance, depthToleranceFraction * max(depth, otherDepth))
        guard abs(depth - otherDepth) <= depthTolerance else { return false }
        if let site, let otherSite, site != otherSite { return false }
        return true
    }

    private static func minute(_ start: Double) -> Int {
        Int((start / 60).rounded(.down))
    }

    /// "#12 (2014-04-02 10:00:00, 38.99 m, 77:54)", or the start alone for an unnumbered dive.
    static func label(number: Int?, start: LocalDateTime, depth: Double, duration: Int) -> String {
        let when = "\(start.dateText) \(start.timeText)"
        let what = "\(UnitSystem.metric.length(depth)), \(duration / 60):\(String(format: "%02d", duration % 60))"
        return number.map { "#\($0) (\(when), \(what))" } ?? "the dive of \(when) (\(what))"
    }
}
