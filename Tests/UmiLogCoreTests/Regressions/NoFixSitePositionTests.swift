import Geo
import Testing

@testable import UmiLogCore

/// Issue 13: sites at exactly 0, 0 — how Diving Log, MacDive and others write "no fix" — were
/// stored as real positions in the Gulf of Guinea. They become sites without a position, with a
/// note, whatever the format; a site merely near 0, 0 keeps its position.
@Suite("Regression: a site at exactly 0, 0 has no position")
struct NoFixSitePositionTests {
    static let logbook = Logbook(
        sites: [
            LogbookSite(key: "a", name: "House Reef", coordinate: .at(0, 0)),
            LogbookSite(key: "b", name: "Equator Wall", coordinate: .at(0.0001, -0.0002)),
        ],
        dives: [
            LogbookDive(
                start: LocalDateTime(year: 2022, month: 5, day: 1, hour: 9)!, durationSeconds: 2_400,
                maxDepthMeters: 18, siteKey: "a"),
            LogbookDive(
                start: LocalDateTime(year: 2022, month: 5, day: 2, hour: 9)!, durationSeconds: 2_400,
                maxDepthMeters: 21, siteKey: "b"),
        ]
    )

    @Test("the importer stores a 0, 0 site without a position and says so")
    func importerDropsNoFix() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        let preview = try await log.services.importer.preview(LogbookReadResult(logbook: Self.logbook), format: .json, at: .testNow)
        let houseReef = try #require(preview.newSites.first { $0.name == "House Reef" })
        #expect(houseReef.coordinate == nil)
        #expect(preview.issues.contains { $0.record == "site House Reef" && $0.message.contains("0, 0") && $0.outcome == .valueDropped })

        let summary = try await log.services.importer.commit(LogbookReadResult(logbook: Self.logbook), format: .json, at: .testNow)
        #expect(summary.importedDives == 2)
        let stored = try await log.services.sites.fetchAll().filter { $0.source == "import" }
        #expect(stored.first { $0.name == "House Reef" }?.coordinate == nil)
        #expect(stored.first { $0.name == "Equator Wall" }?.coordinate == .at(0.0001, -0.0002))
    }

    @Test("a Subsurface site with gps='0.000000 0.000000' is imported without a position")
    func subsurfaceNoFix() async throws {
        let text = """
            <divelog program='subsurface' version='3'>
            <divesites>
            <site uuid='1a2b3c4d' name='Shore entry' gps='0.000000 0.000000'/>
            </divesites>
            <dives>
            <dive number='1' divesiteid='1a2b3c4d' date='2019-08-10' time='11:00:00' duration='45:00 min'>
            <divecomputer model='Test'><depth max='12.0 m' /></divecomputer>
            </dive>
            </dives>
            </divelog>
            """
        let read = try LogbookFiles.read(Array(text.utf8))
        let log = try await TemporaryLog()
        defer { log.remove() }
        let summary = try await log.services.importer.commit(read.result, format: read.format, at: .testNow)
        #expect(summary.importedDives == 1)
        let site = try #require(try await log.services.sites.fetchAll().first { $0.name == "Shore entry" })
        #expect(site.coordinate == nil)
    }
}
