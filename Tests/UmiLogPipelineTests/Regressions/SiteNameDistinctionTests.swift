import Geo
import Testing

@testable import UmiLogPipeline

/// Issue 13: the duplicate matcher merged neighbours whose names differ only by a number or a
/// compass word, and missed the same place written with or without "The", or with "Pt."
/// for "Point".
@Suite("Regression: names that differ by a number or compass word are never merged")
struct SiteNameDistinctionTests {
    let stage = DeduplicationStage(radiusMeters: 1_000, similarityThreshold: 0.92, parallelism: 1)

    /// Two records 200 m apart: the only thing deciding is the names.
    private func merged(_ a: String, _ b: String) throws -> Bool {
        let sites = [
            RawSite(
                line: 1, source: "osm", sourceID: "a", licence: .odbl, retrievedOn: "2025-10-18", name: a,
                coordinate: try Coordinate(latitude: 12, longitude: 120), tags: []
            ),
            RawSite(
                line: 2, source: "osm", sourceID: "b", licence: .odbl, retrievedOn: "2025-10-18", name: b,
                coordinate: try Coordinate(latitude: 12 + 200 / 111_195.0, longitude: 120), tags: []
            ),
        ]
        return stage.run(sites).clusters.count == 1
    }

    @Test(
        "a different number keeps neighbours apart",
        arguments: [
            ("Sandy Bay 1", "Sandy Bay 2"), ("Zenobia I", "Zenobia II"), ("Wreck 10", "Wreck 11"), ("Sandy Bay", "Sandy Bay 2"),
            ("Blue Hole III", "Blue Hole IV"), ("Wreck B17", "Wreck B18"),
        ])
    func numbers(a: String, b: String) throws {
        #expect(try !merged(a, b))
    }

    @Test(
        "a different compass word keeps neighbours apart",
        arguments: [
            ("North Horn", "South Horn"), ("East Wall", "West Wall"), ("Shark Reef North", "Shark Reef"),
            ("N Point Reef", "S Point Reef"), ("Northeast Corner", "Northwest Corner"), ("NE Corner", "SE Corner"),
        ])
    func compass(a: String, b: String) throws {
        #expect(try !merged(a, b))
    }

    @Test(
        "spellings of one place still merge",
        arguments: [
            ("The Canyon", "Canyon"), ("Barracuda Pt.", "Barracuda Point"), ("Mt. Kalori Pinnacle", "Mount Kalori Pinnacle"),
            ("St. John's Reef", "Saint Johns Reef"), ("Sandy Bay 02", "SANDY BAY 2"), ("Sandy Bay 2", "Sandy Bay II"),
            ("North Horn", "NORTH HORN Dive Site"), ("NE Corner", "North-East Corner"), ("Pt. Kalori North", "Point Kalori N."),
            ("The Brothers", "Brothers"),
        ])
    func sameplace(a: String, b: String) throws {
        #expect(try merged(a, b))
    }
}
