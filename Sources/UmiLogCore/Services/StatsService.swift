public import Foundation
public import GRDB
import SQLiteStorage

/// The profile's numbers: the seed's tiles (dives, max depth, sites, species, total bottom
/// time) and its gamification (countries, depth clubs, streaks, dives per year).
public struct DiveStats: Hashable, Sendable, Codable {
    public var dives: Int
    public var maxDepthMeters: Double?
    /// Distinct sites dived.
    public var sites: Int
    /// Distinct species sighted.
    public var species: Int
    public var totalBottomTimeSeconds: Int
    /// Countries of the sites dived, alphabetical.
    public var countries: [String]
    public var depthClubs: [DepthClub]
    public var longestStreak: DivingStreak?
    public var divesPerYear: [YearCount]
}

/// A depth club (30 m, 40 m): joined by the first dive that reached it.
public struct DepthClub: Hashable, Sendable, Codable {
    public var depthMeters: Double
    public var reached: Bool
    public var firstDiveID: UUID?
    public var firstReachedAt: Date?
}

/// Consecutive calendar days with at least one dive.
public struct DivingStreak: Hashable, Sendable, Codable {
    public var days: Int
    /// First and last day, as `yyyy-MM-dd` in the stats' time zone.
    public var firstDay: String
    public var lastDay: String
}

public struct YearCount: Hashable, Sendable, Codable {
    public var year: Int
    public var dives: Int
}

/// Computes ``DiveStats`` from the log. Calendar days (streaks, years) are taken in
/// `timeZone`: a dive at 23:30 local time belongs to that local day.
public struct StatsService: Sendable {
    public static let depthClubs: [Double] = [30, 40]

    private let database: UmiLogDatabase
    private let timeZone: TimeZone

    public init(database: any DatabaseWriter, timeZone: TimeZone = .current) {
        self.database = UmiLogDatabase(database)
        self.timeZone = timeZone
    }

    public func stats() async throws(UmiLogError) -> DiveStats {
        let timeZone = timeZone
        return try await database.read { db in
            let totals = try Row.fetchOne(
                db,
                sql: """
                    SELECT COUNT(*), MAX(max_depth_m), COUNT(DISTINCT site_id), COALESCE(SUM(bottom_time_s), 0) FROM dives
                    """)
            let species = try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT species_id) FROM sightings") ?? 0
            let countries = try String.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT sites.country FROM dives JOIN sites ON sites.id = dives.site_id
                    WHERE sites.country <> ''
                    ORDER BY sites.country COLLATE NOCASE
                    """)
            var clubs: [DepthClub] = []
            for depth in Self.depthClubs {
                let first = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT id, start_time FROM dives WHERE max_depth_m >= ? ORDER BY start_time, id LIMIT 1
                        """, arguments: [depth])
                clubs.append(
                    DepthClub(
                        depthMeters: depth, reached: first != nil,
                        firstDiveID: first.flatMap { UUID(uuidString: $0[0]) },
                        firstReachedAt: first.map { Date(timeIntervalSince1970: $0[1]) }
                    ))
            }
            let starts = try Double.fetchAll(db, sql: "SELECT start_time FROM dives ORDER BY start_time")
                .map(Date.init(timeIntervalSince1970:))
            return DiveStats(
                dives: totals?[0] ?? 0, maxDepthMeters: totals?[1], sites: totals?[2] ?? 0, species: species,
                totalBottomTimeSeconds: totals?[3] ?? 0, countries: countries, depthClubs: clubs,
                longestStreak: Self.longestStreak(starts, timeZone: timeZone),
                divesPerYear: Self.perYear(starts, timeZone: timeZone)
            )
        }
    }

    /// The longest run of consecutive calendar days with a dive; the earliest such run on a tie.
    static func longestStreak(_ starts: [Date], timeZone: TimeZone) -> DivingStreak? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let days = Set(starts.map { calendar.startOfDay(for: $0) }).sorted()
        guard var runStart = days.first else { return nil }
        var best = (start: runStart, end: runStart, length: 1)
        var length = 1
        for (previous, day) in zip(days, days.dropFirst()) {
            let gap = calendar.dateComponents([.day], from: previous, to: day).day ?? 0
            if gap == 1 {
                length += 1
            } else {
                runStart = day
                length = 1
            }
            if length > best.length { best = (runStart, day, length) }
        }
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = timeZone
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return DivingStreak(days: best.length, firstDay: formatter.string(from: best.start), lastDay: formatter.string(from: best.end))
    }

    static func perYear(_ starts: [Date], timeZone: TimeZone) -> [YearCount] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var counts: [Int: Int] = [:]
        for start in starts { counts[calendar.component(.year, from: start), default: 0] += 1 }
        return counts.keys.sorted().map { YearCount(year: $0, dives: counts[$0] ?? 0) }
    }
}
