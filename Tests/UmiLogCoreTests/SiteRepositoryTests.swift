import Foundation
import Geo
import TestSupport
import Testing

@testable import UmiLogCore

@Suite("SiteRepository: search, viewport, near and lists")
struct SiteRepositoryTests {
    @Test("search matches word prefixes in name, area, country, description and tags, ignoring case and accents")
    func search() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        let sites = log.services.sites
        #expect(try await sites.search("thistle").map(\.id) == ["ss-thistlegorm"])
        #expect(try await sites.search("CURACAO").map(\.id) == ["playa-lagun"])
        #expect(try await sites.search("wreck").map(\.id) == ["ss-thistlegorm"])
        #expect(try await sites.search("ras moh").map(\.id) == ["ras-mohammed-shark-reef"])
        #expect(Set(try await sites.search("egypt").map(\.id)) == ["ss-thistlegorm", "ras-mohammed-shark-reef"])
        #expect(try await sites.search("nowhere").isEmpty)
        #expect(try await sites.search("  ** ").isEmpty)
        #expect(try await sites.search("\"unbalanced").isEmpty)
    }

    @Test("a name hit ranks above a description hit")
    func ranking() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        try await log.services.sites.insert([
            DiveSite(id: "a", name: "Coral Garden", coordinate: .at(1, 1), region: "Pacific", country: "X", description: "reef"),
            DiveSite(id: "b", name: "North Wall", coordinate: .at(1, 2), region: "Pacific", country: "X", description: "A garden of coral heads"),
        ])
        let found = try await log.services.sites.search("coral").map(\.id)
        #expect(Array(found.prefix(2)) == ["a", "b"])
    }

    @Test("find takes an id or an exact name")
    func find() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        #expect(try await log.services.sites.find("salt-pier").name == "Salt Pier")
        #expect(try await log.services.sites.find("salt pier").id == "salt-pier")
        await #expect(throws: UmiLogError.siteNotFound("Salt")) { try await log.services.sites.find("Salt") }
    }

    @Test("viewport across the antimeridian finds Fiji")
    func antimeridianViewport() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        let fiji = try MapBounds(south: -20, west: 175, north: -15, east: -175)
        #expect(try await log.services.sites.fetchInBounds(fiji).map(\.id) == ["namena-reserve"])
        let redSea = try MapBounds(south: 27, west: 33, north: 28.5, east: 35)
        #expect(try await log.services.sites.fetchInBounds(redSea).map(\.name) == ["Shark and Yolanda Reef", "SS Thistlegorm"])
        #expect(try await log.services.sites.fetchInBounds(redSea, limit: 1).count == 1)
    }

    @Test("near is nearest first with distances")
    func near() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        let found = try await log.services.sites.near(.at(27.8, 34.0), radius: 50_000)
        #expect(found.map(\.site.id) == ["ss-thistlegorm", "ras-mohammed-shark-reef"])
        #expect(abs(found[0].distanceMeters - haversineDistance(from: .at(27.8, 34.0), to: .at(27.8136, 33.9203))) < 1e-6)
    }

    @Test("list marks: wishlist and visited, cleared; a site with dives stays logged")
    func listState() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        let sites = log.services.sites
        try await sites.setStatus(.wishlist, for: "blue-corner", at: .testNow)
        #expect(try await sites.status(of: "blue-corner") == .wishlist)
        try await sites.setStatus(.visited, for: "blue-corner", at: .testNow)
        #expect(try await sites.status(of: "blue-corner") == .visited)
        try await sites.setStatus(nil, for: "blue-corner", at: .testNow)
        #expect(try await sites.status(of: "blue-corner") == nil)
        _ = try await log.services.saver.save(.essentials(site: "salt-pier"), at: .testNow)
        try await sites.setStatus(.wishlist, for: "salt-pier", at: .testNow)
        #expect(try await sites.status(of: "salt-pier") == .logged)
        #expect(try await sites.listStates().map(\.siteID) == ["salt-pier"])
        await #expect(throws: UmiLogError.siteNotFound("atlantis")) { try await sites.setStatus(.wishlist, for: "atlantis", at: .testNow) }
    }
}

@Suite("SiteRepository equals brute force on generated sites")
struct SiteQueryPropertyTests {
    /// 3,000 sites: uniform over the globe, plus clusters at the antimeridian, the poles and
    /// on exact degree lines (where R-tree rounding matters most).
    static func generatedSites() -> [DiveSite] {
        var random = SplitMix64(seed: 0x5173)
        var sites: [DiveSite] = []
        func add(_ latitude: Double, _ longitude: Double) {
            sites.append(
                DiveSite(
                    id: "g\(sites.count)", name: "Site \(sites.count)", coordinate: .at(latitude, longitude), region: "Generated",
                    country: "Nowhere"
                ))
        }
        for _ in 0..<1_500 { add(Double.random(in: -90...90, using: &random), Double.random(in: -180...180, using: &random)) }
        for _ in 0..<500 {
            let side = [-1.0, 1.0].randomElement(using: &random)!
            add(Double.random(in: -30...30, using: &random), side * (180 - Double.random(in: 0...2, using: &random)))
        }
        for _ in 0..<500 {
            add(
                [-1.0, 1.0].randomElement(using: &random)! * Double.random(in: 85...90, using: &random), Double.random(in: -180...180, using: &random)
            )
        }
        for _ in 0..<500 { add(Double(Int.random(in: -10...10, using: &random)), Double(Int.random(in: -10...10, using: &random))) }
        return sites
    }

    @Test("viewports, including antimeridian-crossing ones, match a scan of every site")
    func viewports() async throws {
        let log = try await TemporaryLog(dataset: SeedDataset(sites: Self.generatedSites(), species: [], sampleDives: []))
        defer { log.remove() }
        let all = try await log.services.sites.fetchAll()
        var random = SplitMix64(seed: 99)
        for index in 0..<300 {
            let bounds: MapBounds
            switch index % 3 {
            case 0:
                let south = Double(Int.random(in: -12...9, using: &random))
                let west = Double(Int.random(in: -12...9, using: &random))
                bounds = try MapBounds(
                    south: south, west: west, north: south + Double(Int.random(in: 0...3, using: &random)),
                    east: west + Double(Int.random(in: 0...3, using: &random)))
            case 1:
                let south = Double.random(in: -40...30, using: &random)
                bounds = try MapBounds(
                    south: south, west: Double.random(in: 170...180, using: &random),
                    north: south + Double.random(in: 0...20, using: &random), east: Double.random(in: -180 ... -170, using: &random))
            default:
                let south = Double.random(in: -90...80, using: &random)
                let west = Double.random(in: -180...170, using: &random)
                bounds = try MapBounds(
                    south: south, west: west, north: min(90, south + Double.random(in: 0...30, using: &random)),
                    east: min(180, west + Double.random(in: 0...60, using: &random)))
            }
            let expected = try all.filter { bounds.boundingBox.contains(try #require($0.coordinate)) }.map(\.id).sorted()
            let found = try await log.services.sites.fetchInBounds(bounds).map(\.id).sorted()
            #expect(found == expected, "bounds \(bounds)")
        }
    }

    @Test("near queries match a haversine scan of every site, near the poles and the antimeridian too")
    func nearQueries() async throws {
        let log = try await TemporaryLog(dataset: SeedDataset(sites: Self.generatedSites(), species: [], sampleDives: []))
        defer { log.remove() }
        let all = try await log.services.sites.fetchAll()
        var random = SplitMix64(seed: 7)
        for index in 0..<300 {
            let center: Coordinate
            switch index % 3 {
            case 0: center = .at(Double.random(in: -90...90, using: &random), Double.random(in: -180...180, using: &random))
            case 1: center = .at(Double.random(in: -30...30, using: &random), [179.9, -179.9, 180, -180].randomElement(using: &random)!)
            default:
                center = .at(
                    [-1.0, 1.0].randomElement(using: &random)! * Double.random(in: 85...90, using: &random),
                    Double.random(in: -180...180, using: &random))
            }
            let radius = [1_000.0, 50_000, 300_000, 2_000_000].randomElement(using: &random)!
            let expected = try all.filter { haversineDistance(from: center, to: try #require($0.coordinate)) <= radius }.map(\.id).sorted()
            let found = try await log.services.sites.near(center, radius: radius)
            #expect(found.map(\.site.id).sorted() == expected, "center \(center) radius \(radius)")
            #expect(zip(found, found.dropFirst()).allSatisfy { $0.distanceMeters <= $1.distanceMeters })
        }
    }
}

@Suite("SiteRepository as the map's site source")
struct SiteRepositoryMapSourceTests {
    @Test("the map gets the viewport's sites with their list status")
    func mapSites() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        _ = try await log.services.saver.save(.essentials(), at: .testNow)
        try await log.services.sites.setStatus(.wishlist, for: "ras-mohammed-shark-reef", at: .testNow)
        let source: any MapSiteSource = log.services.sites
        let sites = try await source.sites(in: MapBounds(south: 27, west: 33, north: 28.5, east: 35))
        #expect(
            Dictionary(uniqueKeysWithValues: sites.map { ($0.id, $0.status) }) == [
                "ss-thistlegorm": .logged, "ras-mohammed-shark-reef": .wishlist,
            ])
    }
}

@Suite("SiteRepository search ranking")
struct SiteSearchRankingTests {
    @Test("names holding every word come first, the shortest first; then the rest by bm25 (a word in the name weighs most); the limit holds")
    func tiers() async throws {
        let log = try await TemporaryLog(
            dataset: SeedDataset(
                sites: [
                    DiveSite(id: "long", name: "Blue Hole Outer Wall", coordinate: .at(1, 1), region: "R", country: "X"),
                    DiveSite(id: "exact", name: "Blue Hole", coordinate: .at(1, 2), region: "R", country: "X"),
                    DiveSite(id: "desc", name: "Canyon", coordinate: .at(1, 3), region: "R", country: "X", description: "Next to the blue hole"),
                    DiveSite(id: "half", name: "Blue Corner", coordinate: .at(1, 4), region: "R", country: "X", description: "No hole here"),
                    DiveSite(id: "none", name: "Red Wall", coordinate: .at(1, 5), region: "R", country: "X"),
                ], species: [], sampleDives: []))
        defer { log.remove() }
        let sites = log.services.sites
        #expect(try await sites.search("blue hole").map(\.id) == ["exact", "long", "half", "desc"])
        #expect(try await sites.search("blue hole", limit: 2).map(\.id) == ["exact", "long"])
        #expect(try await sites.search("blue hole", limit: 3).map(\.id) == ["exact", "long", "half"])
        #expect(try await sites.search("blue", limit: 0).isEmpty)
    }
}
