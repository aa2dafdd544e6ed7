import Geo
import TestSupport
import Testing

@testable import UmiLogPipeline

@Suite("De-duplication (stage 3)")
struct DeduplicationStageTests {
    let stage = DeduplicationStage(radiusMeters: 1_000, similarityThreshold: 0.92, parallelism: 2)

    private func site(
        _ id: String, _ name: String, _ latitude: Double, _ longitude: Double, licence: Licence = .odbl, depth: Double? = nil,
        country: String? = nil
    ) throws -> RawSite {
        RawSite(
            line: 1, source: "osm", sourceID: id, licence: licence, retrievedOn: "2025-10-18", name: name,
            coordinate: try Coordinate(latitude: latitude, longitude: longitude), country: country, maxDepthMeters: depth,
            tags: []
        )
    }

    private func clusters(_ sites: [RawSite]) -> [[String]] {
        stage.run(sites).clusters.map { $0.members.map { sites[$0].sourceID }.sorted() }.sorted { $0[0] < $1[0] }
    }

    @Test("similar names within 1 km merge; beyond 1 km or with different names they do not")
    func rule() throws {
        let sites = [
            try site("a", "Shark Reef", 27.0, 34.0),
            try site("b", "SHARK REEF Dive Site", 27.0 + 800 / 111_195, 34.0),  // 800 m north
            try site("c", "Shark Reef", 27.0 - 1_100 / 111_195, 34.0),  // 1.1 km south of a, 1.9 km from b
            try site("d", "Coral Garden", 27.0, 34.0 + 0.003),  // ~300 m east, other name
        ]
        #expect(clusters(sites) == [["a", "b"], ["c"], ["d"]])
    }

    @Test("chains merge transitively")
    func chain() throws {
        let step = 900 / 111_195.0
        let sites = (0..<4).map { try! site("s\($0)", "Blue Hole", 10 + Double($0) * step, 120) }
        #expect(clusters(sites) == [["s0", "s1", "s2", "s3"]])
    }

    @Test("pairs across the antimeridian and at a pole merge")
    func wrapAround() throws {
        let sites = [
            try site("east", "Seam Reef", -17, 179.998), try site("west", "Seam Reef", -17, -179.998),
            try site("pole1", "North Pole", 89.9965, 10), try site("pole2", "North Pole", 89.996, 150),
        ]
        #expect(clusters(sites) == [["east", "west"], ["pole1", "pole2"]])
    }

    @Test("the representative is the open record first, then the richest, then the smallest source id")
    func representative() throws {
        let pairs: [([RawSite], String)] = [
            ([try site("a", "X Reef", 0, 0, licence: .ccBySA(version: "3.0"), depth: 20, country: "Fiji"), try site("b", "X Reef", 0, 0.001)], "b"),
            ([try site("a", "X Reef", 0, 0), try site("b", "X Reef", 0, 0.001, depth: 20)], "b"),
            ([try site("b", "X Reef", 0, 0, depth: 10), try site("a", "X Reef", 0, 0.001, depth: 20)], "a"),
        ]
        for (sites, expected) in pairs {
            let output = stage.run(sites)
            #expect(output.clusters.count == 1)
            #expect(output.clusters.first.map { sites[$0.representative].sourceID } == expected)
        }
    }

    @Test("the grid finds the same clusters as comparing every pair", arguments: [1, 2, 3])
    func matchesBruteForce(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let names = [
            "Shark Reef", "Shark Reeef", "Manta Point", "Manta Piont", "Manta Pt.", "Blue Hole", "Blue Hole 2", "North Blue Hole",
            "Coral Garden",
        ]
        var sites: [RawSite] = []
        for index in 0..<1_500 {
            // Dense enough that many pairs are within 1 km, in a band that crosses the antimeridian.
            let latitude = Double.random(in: -10.0...(-9.8), using: &random)
            var longitude = Double.random(in: 179.9...180.1, using: &random)
            if longitude > 180 { longitude -= 360 }
            sites.append(try site("s\(index)", names.randomElement(using: &random) ?? "", latitude, longitude))
        }
        var sets = UnionFind(count: sites.count)
        for i in sites.indices {
            for j in sites.indices where j > i {
                guard haversineDistance(from: sites[i].coordinate, to: sites[j].coordinate) <= 1_000 else { continue }
                if NameKey(sites[i].name).matches(NameKey(sites[j].name), threshold: 0.92) { sets.union(i, j) }
            }
        }
        var expected: [Int: [String]] = [:]
        for index in sites.indices { expected[sets.find(index), default: []].append(sites[index].sourceID) }
        #expect(clusters(sites) == expected.values.map { $0.sorted() }.sorted { $0[0] < $1[0] })
        #expect(expected.count < sites.count - 100)
    }
}
