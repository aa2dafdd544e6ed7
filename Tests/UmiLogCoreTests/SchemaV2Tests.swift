import Foundation
import GRDB
import Geo
import Logging
import Storage
import Testing

@testable import UmiLogCore

@Suite("Schema v2: a v1 store upgrades; sites without a position, dives without a site")
struct SchemaV2Tests {
    @Test("a v1 store keeps its sites, dives, tags and sightings, searchable and on the map")
    func upgradesV1() async throws {
        let queue = try DatabaseQueue()
        try UmiLogSchema.migrator.migrate(queue, upTo: "v1")
        try await queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO sites (id, name, latitude, longitude, region, country, tags, entry, difficulty, description, source, license)
                    VALUES ('salt-pier', 'Salt Pier', 12.085, -68.276, 'Caribbean', 'Bonaire', 'macro', 'shore', 'beginner', 'Pillars', 't', 'CC0');
                    INSERT INTO species (id, common_name, scientific_name, category, regions)
                    VALUES ('chelonia-mydas', 'Green sea turtle', 'Chelonia mydas', 'reptile', 'Caribbean');
                    INSERT INTO dives (id, site_id, start_time, max_depth_m, bottom_time_s, oxygen_percent, created_at, updated_at)
                    VALUES ('5b0e6c1e-0000-4000-8000-000000000001', 'salt-pier', 1000, 18.5, 2700, 32, 1000, 1000);
                    INSERT INTO dive_tags (dive_id, tag, position) VALUES ('5b0e6c1e-0000-4000-8000-000000000001', 'night', 0);
                    INSERT INTO sightings (id, dive_id, species_id, count, position)
                    VALUES ('5b0e6c1e-0000-4000-8000-0000000000aa', '5b0e6c1e-0000-4000-8000-000000000001', 'chelonia-mydas', 2, 0);
                    """)
        }
        try UmiLogSchema.migrator.migrate(queue)
        let services = UmiLogServices(directory: FileManager.default.temporaryDirectory, database: queue, logger: Logger(label: "test"))
        #expect(try await services.sites.search("salt").map(\.id) == ["salt-pier"])
        let bounds = try MapBounds(south: 12, west: -69, north: 13, east: -68)
        #expect(try await services.sites.fetchInBounds(bounds).map(\.id) == ["salt-pier"])
        let id = try #require(UUID(uuidString: "5b0e6c1e-0000-4000-8000-000000000001"))
        let logged = try #require(try await services.dives.fetch(id: id))
        #expect(logged.dive.siteID == "salt-pier")
        #expect(logged.dive.maxDepthMeters == 18.5)
        #expect(logged.dive.gas == .nitrox(oxygenPercent: 32))
        #expect(logged.dive.tags == ["night"])
        #expect(logged.dive.details == DiveDetails())
        #expect(logged.sightings.map(\.count) == [2])
        try await queue.read { db in
            try db.checkForeignKeys()
        }
    }

    @Test("a site without a position is found by search but never on the map; half a position is refused")
    func siteWithoutPosition() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        let site = DiveSite(id: "import-halvala", name: "Hälvälä", coordinate: nil, region: "Imported", country: "")
        #expect(try await log.services.database.write { db in try SiteRow.insert(site, db) })
        #expect(try await log.services.sites.search("halvala").map(\.id) == ["import-halvala"])
        #expect(try await log.services.sites.fetch(id: "import-halvala")?.coordinate == nil)
        #expect(try await log.services.sites.fetchInBounds(.world).allSatisfy { $0.coordinate != nil })
        await #expect(throws: DatabaseError.self) {
            try await log.services.database.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO sites (id, name, latitude, longitude, region, country, tags, entry, difficulty, description, source, license)
                        VALUES ('half', 'Half', 10, NULL, 'x', 'x', '', 'boat', 'beginner', '', 'x', 'x')
                        """)
            }
        }
        // Giving the site a position later puts it on the map.
        try await log.services.database.write { db in
            try db.execute(sql: "UPDATE sites SET latitude = 61.5, longitude = 23.7 WHERE id = 'import-halvala'")
        }
        let finland = try MapBounds(south: 61, west: 23, north: 62, east: 24)
        #expect(try await log.services.sites.fetchInBounds(finland).map(\.id) == ["import-halvala"])
    }

    @Test("a dive without a site is stored, listed and edited without choosing one; its details survive an edit")
    func diveWithoutSite() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        let details = DiveDetails(
            number: 46, divemaster: "Taylor", mode: .closedCircuit,
            cylinders: [Cylinder(description: "AL80", sizeLiters: 11.1, oxygenPercent: 21, startPressureBar: 200)],
            weights: [WeightSystem(kilograms: 2, description: "belt")], diveComputer: "OSTC 3"
        )
        let dive = Dive(
            siteID: nil, startTime: .testNow, maxDepthMeters: 24.7, bottomTimeSeconds: 1_920, details: details,
            createdAt: .testNow
        )
        try await log.services.dives.create(dive, sightings: [])
        let stored = try #require(try await log.services.dives.fetch(id: dive.id))
        #expect(stored.dive == dive)
        var draft = DiveDraft(stored)
        #expect(draft.issues().isEmpty)
        draft.notes = "Sund Rock"
        let edited = try await log.services.saver.update(dive.id, with: draft, at: .testNow.adding(days: 1))
        #expect(edited.dive.siteID == nil)
        #expect(edited.dive.details == details)
        #expect(try await log.services.stats.stats().dives == 1)
    }
}
