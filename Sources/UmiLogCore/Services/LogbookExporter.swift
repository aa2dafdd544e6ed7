import Foundation
import GRDB
import SQLiteStorage

/// Builds a `Logbook` from the store — the dives, their sites and profiles — for a format
/// writer. Start times become wall-clock times in the log's time zone, the zone imports read
/// them in, so export then import gives back the same instants.
public struct LogbookExporter: Sendable {
    private let database: UmiLogDatabase
    private let dives: DiveRepository
    private let timeZone: TimeZone

    init(database: any DatabaseWriter, dives: DiveRepository, timeZone: TimeZone) {
        self.database = UmiLogDatabase(database)
        self.dives = dives
        self.timeZone = timeZone
    }

    /// The dives matching `filter`, oldest first, with the sites they were at.
    public func logbook(_ filter: DiveFilter = DiveFilter()) async throws(UmiLogError) -> Logbook {
        let timeZone = timeZone
        let dives = try await dives.history(filter)
        return try await database.read { db in
            var sites: [LogbookSite] = []
            var seen: Set<String> = []
            var exported: [LogbookDive] = []
            for logged in dives.reversed() {
                if let siteID = logged.dive.siteID, !seen.contains(siteID),
                    let row = try Row.fetchOne(db, sql: "SELECT \(SiteRow.selection) FROM sites WHERE id = ?", arguments: [siteID])
                {
                    let site = try SiteRow.site(from: row)
                    seen.insert(siteID)
                    sites.append(
                        LogbookSite(
                            key: site.id, name: site.name, coordinate: site.coordinate,
                            country: site.country.isEmpty ? nil : site.country, notes: site.description.isEmpty ? nil : site.description
                        ))
                }
                let samples = try DiveSampleRow.samples(of: logged.dive.id, db)
                exported.append(LogbookDive(logged, siteKey: logged.dive.siteID, samples: samples, timeZone: timeZone))
            }
            return Logbook(sites: sites, dives: exported)
        }
    }
}
