import Foundation
import Geo
import Testing

@testable import UmiLogPipeline

@Suite("Standardisation (stage 4): names, ids, regions")
struct StandardisationTests {
    /// Names in one case only: a name in mixed case is kept as written (the regression suite
    /// `SiteNameCasingTests`), so "McKenzie reef" stays and "MCKENZIE REEF" cannot know its Mc.
    @Test(
        "title case keeps acronyms, numerals and apostrophes sensible",
        arguments: [
            ("shark reef", "Shark Reef"), ("SS THISTLEGORM", "SS Thistlegorm"), ("hms hermes wreck", "HMS Hermes Wreck"),
            ("usat liberty", "USAT Liberty"), ("devil's throat", "Devil's Throat"), ("o'neill point", "O'Neill Point"),
            ("STRAIT OF TIRAN", "Strait of Tiran"), ("the canyon", "The Canyon"), ("bay of the pigs", "Bay of the Pigs"),
            ("layang-layang", "Layang-Layang"), ("kicker rock (león dormido)", "Kicker Rock (León Dormido)"),
            ("u-352 wreck", "U-352 Wreck"), ("MCKENZIE REEF", "Mckenzie Reef"), ("Blue Hole GBR", "Blue Hole GBR"),
            ("ċirkewwa arch", "Ċirkewwa Arch"), ("zenobia ii", "Zenobia II"), ("ras umm sid", "Ras Umm Sid"),
        ])
    func titleCase(name: String, expected: String) {
        #expect(SiteNameFormatter.format(name) == expected)
    }

    @Test(
        "a trailing \"Dive Site\" is removed, in its common spellings",
        arguments: [
            ("Shark Reef Dive Site", "Shark Reef"), ("Shark Reef dive site", "Shark Reef"), ("Shark Reef Divesite", "Shark Reef"),
            ("Shark Reef - Dive Site", "Shark Reef"), ("Shark Reef (dive site)", "Shark Reef"), ("Shark Reef – dive-site", "Shark Reef"),
            ("Dive Site", "Dive Site"), ("Dive Sites of Malta", "Dive Sites of Malta"), ("Parkside", "Parkside"),
        ])
    func suffix(name: String, expected: String) {
        #expect(SiteNameFormatter.format(name) == expected)
    }

    @Test("ids are stable slugs with a hash of the source id")
    func ids() {
        let id = SiteIdentifier.id(name: "Shark & Yolanda Reef", sourceID: "osm:node/1")
        #expect(id.hasPrefix("shark-yolanda-reef-"))
        #expect(id.count == "shark-yolanda-reef-".count + 8)
        #expect(id == SiteIdentifier.id(name: "Shark & Yolanda Reef", sourceID: "osm:node/1"))
        #expect(id != SiteIdentifier.id(name: "Shark & Yolanda Reef", sourceID: "osm:node/2"))
        #expect(SiteIdentifier.id(name: "大瀬崎", sourceID: "x").hasPrefix("site-"))
        #expect(SiteIdentifier.slug(String(repeating: "verylongword ", count: 10)).count <= SiteIdentifier.maximumSlugLength)
    }

    @Test("tags take the taxonomy's form")
    func tags() {
        #expect(StandardisationStage.normalisedTags(["Whale Sharks", "reef", "reef", " wall "]) == ["reef", "wall", "whale-sharks"])
        #expect(StandardisationStage.normalisedTags(["a", "b"]) == ["a", "b"])
    }

    @Test("every site of the shipped sites.json gets the region it is listed under")
    func shippedSites() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/UmiLogCore/Resources/sites.json")
        struct Site: Decodable {
            struct Position: Decodable {
                let latitude: Double
                let longitude: Double
            }
            let name: String
            let coordinate: Position
            let region: String
        }
        let sites = try JSONDecoder().decode([Site].self, from: Data(contentsOf: url))
        #expect(sites.count > 150)
        #expect(Set(sites.map(\.region)) == Set(RegionAssigner.all))
        for site in sites {
            let coordinate = try Coordinate(latitude: site.coordinate.latitude, longitude: site.coordinate.longitude)
            #expect(RegionAssigner.region(for: coordinate) == site.region, "\(site.name)")
        }
    }

    @Test("every coordinate of a global grid gets one of the ten regions")
    func everywhere() throws {
        let names = Set(RegionAssigner.all)
        var seen: Set<String> = []
        for latitude in stride(from: -90.0, through: 90, by: 1) {
            for longitude in stride(from: -180.0, through: 180, by: 1) {
                let region = RegionAssigner.region(for: try Coordinate(latitude: latitude, longitude: longitude))
                #expect(names.contains(region))
                seen.insert(region)
            }
        }
        #expect(seen == names)
    }

    @Test(
        "regions across the antimeridian and at the edges of their neighbours",
        arguments: [
            (-17.8, 178.0, "Pacific"), (-17.8, -178.0, "Pacific"), (-29.3, -177.9, "Australia & New Zealand"),
            (-10.42, 105.67, "Indian Ocean"), (-8.8, 115.5, "Southeast Asia"), (25.0, -80.4, "Atlantic"), (25.7, -79.3, "Caribbean"),
            (9.4, -84.2, "Americas Pacific"), (10.0, -83.0, "Caribbean"), (-89.9, 0, "Atlantic"), (89.9, 100, "Arctic & North Atlantic"),
        ])
    func borders(latitude: Double, longitude: Double, region: String) throws {
        #expect(RegionAssigner.region(for: try Coordinate(latitude: latitude, longitude: longitude)) == region)
    }
}
