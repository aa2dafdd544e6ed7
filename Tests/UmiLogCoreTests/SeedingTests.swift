import Foundation
import GRDB
import Logging
import SQLiteStorage
import Storage
import TestSupport
import Testing

@testable import UmiLogCore

@Suite("Seeding: the shipped dataset, once per table")
struct SeedingTests {
    @Test("the bundled dataset has 150+ real sites in the seed's regions and 40+ species, all consistent")
    func bundledDataset() throws {
        let dataset = try SeedDataset.bundled()
        #expect(dataset.sites.count >= 150)
        #expect(dataset.species.count >= 40)
        #expect(Set(dataset.sites.map(\.id)).count == dataset.sites.count)
        #expect(Set(dataset.species.map(\.id)).count == dataset.species.count)
        let regions = Set(dataset.sites.map(\.region))
        for region in ["Red Sea", "Caribbean", "Southeast Asia", "Pacific", "Mediterranean"] {
            #expect(regions.contains(region), "no sites in \(region)")
        }
        for site in dataset.sites {
            #expect(!site.tags.isEmpty, "\(site.id) has no tags")
            #expect(!site.license.isEmpty && !site.source.isEmpty)
            if let typical = site.typicalDepthMeters, let max = site.maxDepthMeters { #expect(typical <= max, "\(site.id)") }
        }
        for species in dataset.species {
            #expect(species.scientificName.split(separator: " ").count >= 2, "\(species.id) is not binomial")
        }
        let siteIDs = Set(dataset.sites.map(\.id))
        let speciesIDs = Set(dataset.species.map(\.id))
        #expect(!dataset.sampleDives.isEmpty)
        for logged in dataset.sampleDives {
            #expect(siteIDs.contains(logged.dive.siteID ?? ""))
            #expect(logged.sightings.allSatisfy { speciesIDs.contains($0.speciesID) })
            let draft = DiveDraft(logged)
            #expect(draft.issues().isEmpty, "sample dive \(logged.id): \(draft.issues())")
        }
    }

    @Test("first launch seeds the file store; the next launch reads it without adding a row")
    func firstLaunchOnly() async throws {
        let directory = ScratchFolder.url("umilog-seed")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try await UmiLogServices.open(at: directory, now: { .testNow }, logger: Logger(label: "test"))
        let bundled = try SeedDataset.bundled()
        #expect(try await first.sites.count() == bundled.sites.count)
        #expect(try await first.species.fetchAll().count == bundled.species.count)
        #expect(try await first.dives.count() == 0)
        let second = try await UmiLogServices.open(at: directory, now: { .testNow }, logger: Logger(label: "test"))
        #expect(try await second.sites.count() == bundled.sites.count)
        let again = try await second.seeder.seed(bundled, includeSampleDives: true, at: .testNow)
        #expect(again.skipped == ["sites", "species"])
        #expect(again.inserted == ["sample_dives": bundled.sampleDives.count])
        let once = try await second.seeder.seed(bundled, includeSampleDives: true, at: .testNow)
        #expect(once.inserted.isEmpty)
        #expect(try await second.dives.count() == bundled.sampleDives.count)
        #expect(try await second.sites.count() == bundled.sites.count)
    }

    @Test("a failure half-way keeps the finished tables and the next run completes without duplicates")
    func partialFailure() async throws {
        let database = try DatabaseOpener.openInMemory(migrator: UmiLogSchema.migrator)
        let services = UmiLogServices(directory: FileManager.default.temporaryDirectory, database: database, logger: Logger(label: "test"))
        var broken = SeedDataset.small
        broken.species.append(Species(id: "blank", commonName: " ", scientificName: "Nothing here", category: .fish, regions: []))
        await #expect(throws: UmiLogError.self) { try await services.seeder.seed(broken, at: .testNow) }
        #expect(try await services.sites.count() == SeedDataset.small.sites.count)
        #expect(try await services.species.fetchAll().isEmpty)
        #expect(try await !services.seeder.isSeeded())

        let report = try await services.seeder.seed(.small, at: .testNow)
        #expect(report.skipped == ["sites"])
        #expect(report.inserted == ["species": SeedDataset.small.species.count])
        #expect(try await services.sites.count() == SeedDataset.small.sites.count)
        #expect(try await services.seeder.isSeeded())
    }

    @Test("a newer dataset version adds only the new rows")
    func newVersion() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        var next = SeedDataset.small
        next.sites.append(DiveSite(id: "new-site", name: "New Site", coordinate: .at(1, 1), region: "Pacific", country: "X"))
        let report = try await log.services.seeder.seed(next, version: SeedDataset.version + 1, at: .testNow)
        #expect(report.inserted["sites"] == 1)
        #expect(report.inserted["species"] == 0)
    }

    @Test(
        "a malformed data file is reported with the place it breaks",
        arguments: [
            #"[{"id": "x"}]"#,
            #"[{"id": "x", "name": "X", "coordinate": {"latitude": 95, "longitude": 0}, "region": "R", "country": "C", "tags": [], "entry": "boat", "difficulty": "beginner", "description": "", "source": "s", "license": "l"}]"#,
            #"[{"id": "x", "name": "X", "coordinate": {"latitude": 5, "longitude": 0}, "region": "R", "country": "C", "tags": ["unicorns"], "entry": "boat", "difficulty": "beginner", "description": "", "source": "s", "license": "l"}]"#,
            "not json", "",
        ])
    func malformedData(json: String) {
        #expect(throws: UmiLogError.self) { try SeedDataset.decode([DiveSite].self, from: Data(json.utf8), file: "sites.json") }
        do {
            _ = try SeedDataset.decode([DiveSite].self, from: Data(json.utf8), file: "sites.json")
        } catch {
            #expect(error.errorDescription?.hasPrefix("Couldn't read sites.json") == true)
        }
    }
}
