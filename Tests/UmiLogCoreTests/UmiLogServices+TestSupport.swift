import Foundation
import GRDB
import Geo
import Logging
import SQLiteStorage
import Storage
import TestSupport

@testable import UmiLogCore

/// A real store in a fresh temporary folder (a SQLite file through GRDB), seeded with a small
/// dataset of real sites and species so expectations are easy to read.
struct TemporaryLog {
    let directory: URL
    let services: UmiLogServices

    init(
        dataset: SeedDataset = .small, timeZone: TimeZone = TimeZone(identifier: "UTC")!,
        now: @escaping @Sendable () -> Date = Date.init
    ) async throws {
        directory = ScratchFolder.url("umilog-tests")
        let database = try DatabaseOpener.openFile(
            at: directory.appendingPathComponent("umilog.sqlite"), migrator: UmiLogSchema.migrator
        )
        services = UmiLogServices(
            directory: directory, database: database, timeZone: timeZone, now: now, logger: Logger(label: "test"))
        try await services.seeder.seed(dataset, at: .testNow)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

extension Date {
    /// 2026-11-23 10:00:00 UTC, the tests' "now".
    static let testNow = Date(timeIntervalSince1970: 1_795_428_000)

    func adding(days: Double) -> Date { addingTimeInterval(days * 86_400) }

    /// A UTC date from ISO 8601 text (tests only).
    static func utc(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }
}

extension Coordinate {
    static func at(_ latitude: Double, _ longitude: Double) -> Coordinate {
        try! Coordinate(latitude: latitude, longitude: longitude)
    }
}

extension SeedDataset {
    /// Six real sites in three regions (one near the antimeridian) and five species.
    static let small = SeedDataset(
        sites: [
            DiveSite(
                id: "ss-thistlegorm", name: "SS Thistlegorm", coordinate: .at(27.8136, 33.9203), region: "Red Sea",
                area: "Sha'ab Ali", country: "Egypt", maxDepthMeters: 30, typicalDepthMeters: 24,
                tags: [.wreck, .penetration, .iconic, .current], entry: .boat, difficulty: .intermediate,
                description: "A British WWII cargo ship sunk in 1941, with motorbikes and trucks in her holds.",
                source: "test", license: "CC0-1.0"
            ),
            DiveSite(
                id: "ras-mohammed-shark-reef", name: "Shark and Yolanda Reef", coordinate: .at(27.7316, 34.2536),
                region: "Red Sea", area: "Ras Mohammed", country: "Egypt", maxDepthMeters: 40, typicalDepthMeters: 20,
                tags: [.wall, .reef, .sharks, .drift], entry: .boat, difficulty: .intermediate,
                description: "Walls dropping into the blue at the tip of Sinai.", source: "test", license: "CC0-1.0"
            ),
            DiveSite(
                id: "salt-pier", name: "Salt Pier", coordinate: .at(12.0850, -68.2760), region: "Caribbean",
                area: "Kralendijk", country: "Bonaire", maxDepthMeters: 18, typicalDepthMeters: 10,
                tags: [.shoreEntry, .macro, .turtles, .beginnerFriendly], entry: .shore, difficulty: .beginner,
                description: "Pillars covered in sponges and coral.", source: "test", license: "CC0-1.0"
            ),
            DiveSite(
                id: "playa-lagun", name: "Playa Lagun", coordinate: .at(12.3183, -69.1517), region: "Caribbean",
                area: "Westpunt", country: "Curaçao", maxDepthMeters: 25, typicalDepthMeters: 8,
                tags: [.shoreEntry, .turtles, .reef, .snorkeling], entry: .shore, difficulty: .beginner,
                description: "A small cove whose reef drops off just outside the bay.", source: "test", license: "CC0-1.0"
            ),
            DiveSite(
                id: "blue-corner", name: "Blue Corner", coordinate: .at(7.1380, 134.2210), region: "Pacific",
                area: "Palau", country: "Palau", maxDepthMeters: 30, typicalDepthMeters: 18,
                tags: [.wall, .drift, .sharks, .current, .iconic], entry: .boat, difficulty: .advanced,
                description: "Reef hooks and grey reef sharks.", source: "test", license: "CC0-1.0"
            ),
            DiveSite(
                id: "namena-reserve", name: "Namena Marine Reserve", coordinate: .at(-17.1100, 179.1000),
                region: "Pacific", area: "Vanua Levu", country: "Fiji", maxDepthMeters: 30, typicalDepthMeters: 15,
                tags: [.reef, .protected, .macro], entry: .boat, difficulty: .intermediate,
                description: "Soft corals near the antimeridian.", source: "test", license: "CC0-1.0"
            ),
        ],
        species: [
            Species(
                id: "carcharhinus-amblyrhynchos", commonName: "Grey Reef Shark", scientificName: "Carcharhinus amblyrhynchos",
                category: .shark, regions: ["Red Sea", "Pacific"]),
            Species(
                id: "chelonia-mydas", commonName: "Green Sea Turtle", scientificName: "Chelonia mydas",
                category: .turtle, regions: ["Red Sea", "Caribbean", "Pacific"]),
            Species(
                id: "cheilinus-undulatus", commonName: "Humphead Wrasse", scientificName: "Cheilinus undulatus",
                category: .fish, regions: ["Red Sea", "Pacific"]),
            Species(
                id: "hippocampus-reidi", commonName: "Longsnout Seahorse", scientificName: "Hippocampus reidi",
                category: .fish, regions: ["Caribbean"]),
            Species(
                id: "mobula-alfredi", commonName: "Reef Manta Ray", scientificName: "Mobula alfredi",
                category: .ray, regions: ["Pacific"]),
        ],
        sampleDives: []
    )
}

extension DiveDraft {
    /// The essentials, valid, at the Thistlegorm.
    static func essentials(
        site: String = "ss-thistlegorm", at start: Date = .utc("2026-10-01T09:00:00Z"), depth: Double = 28, minutes: Int = 45
    ) -> DiveDraft {
        DiveDraft(siteID: site, startTime: start, maxDepthMeters: depth, bottomTimeSeconds: minutes * 60)
    }
}
