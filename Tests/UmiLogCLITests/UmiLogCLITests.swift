import Foundation
import TestSupport
import Testing

@Suite("umilog: the dive log from a terminal", .serialized)
struct UmiLogCLITests {
    @Test("a dive logged with sightings shows in list, show, stats, species popular and the site")
    func logAndSeeEverywhere() throws {
        let cli = CLIProcess.umilog()
        let site = try cli.siteID("thistlegorm")
        let logged = try cli.jsonObject(
            "log",
            [
                "--site", site, "--at", "2026-10-01T09:00:00Z", "--depth", "28.5", "--time", "45", "--temp", "24",
                "--gas", "ean32", "--buddy", "Sam", "--tag", "wreck", "--sighting", "Green Sea Turtle:2",
                "--sighting", "cheilinus-undulatus",
            ])
        let id = try #require(logged["id"] as? String)
        #expect(logged["maxDepthMeters"] as? Double == 28.5)
        #expect(logged["bottomTimeSeconds"] as? Int == 2_700)
        #expect(logged["oxygenPercent"] as? Int == 32)
        #expect(logged["startTime"] as? String == "2026-10-01T09:00:00Z")
        let sightings = try #require(logged["sightings"] as? [[String: Any]])
        #expect(sightings.map { $0["speciesID"] as? String } == ["chelonia-mydas", "cheilinus-undulatus"])
        #expect(sightings.first?["count"] as? Int == 2)

        #expect(try cli.jsonArray(["list"]).map { $0["id"] as? String } == [id])
        #expect(try cli.jsonObject("show", [String(id.prefix(8))])["siteID"] as? String == site)
        let stats = try cli.jsonObject("stats", [])
        #expect(stats["dives"] as? Int == 1)
        #expect(stats["species"] as? Int == 2)
        #expect(stats["maxDepthMeters"] as? Double == 28.5)
        #expect(stats["countries"] as? [String] == ["Egypt"])
        let popular = try cli.jsonArray(["species", "popular", "--region", "Red Sea", "--limit", "2"])
        #expect(Set(popular.compactMap { $0["id"] as? String }) == ["chelonia-mydas", "cheilinus-undulatus"])
        #expect(popular.allSatisfy { $0["sightings"] as? Int == 1 })
        let shown = try cli.jsonObject("sites", ["show", site])
        #expect(shown["status"] as? String == "logged")

        let text = try cli.run(["list"]).text
        #expect(text.contains(String(id.prefix(8))))
        #expect(text.contains("28.5 m"))
    }

    @Test("a bad field fails with exit 1, names the field, and writes nothing")
    func invalidField() throws {
        let cli = CLIProcess.umilog()
        let site = try cli.siteID("thistlegorm")
        let result = try cli.run(["log", "--site", site, "--at", "2026-10-01T09:00", "--depth", "400", "--time", "45"])
        #expect(result.status == 1)
        #expect(result.stderr == "umilog: depth: must be 0–330 m\n")
        let missing = try cli.run(["log", "--site", site, "--depth", "20", "--time", "45"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("at: give the date and time"))
        let unknown = try cli.run(["log", "--site", "atlantis", "--at", "2026-10-01", "--depth", "20", "--time", "45"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("site: no dive site atlantis"))
        #expect(try cli.jsonArray(["list"]).isEmpty)
        #expect(try cli.run(["log", "--depth", "deep"]).status == 2)
        #expect(try cli.run(["frobnicate"]).status == 2)
    }

    @Test("units: options take feet, °F and psi; --units imperial shows them")
    func units() throws {
        let cli = CLIProcess.umilog()
        let site = try cli.siteID("thistlegorm")
        let logged = try cli.jsonObject(
            "log",
            [
                "--site", site, "--at", "2026-10-01T09:00:00Z", "--depth", "100ft", "--time", "1:05", "--temp", "77F",
                "--start-pressure", "3000psi",
            ])
        #expect(abs((logged["maxDepthMeters"] as? Double ?? 0) - 30.48) < 0.001)
        #expect(logged["bottomTimeSeconds"] as? Int == 3_900)
        #expect(abs((logged["waterTemperatureCelsius"] as? Double ?? 0) - 25) < 0.001)
        #expect(abs((logged["startPressureBar"] as? Double ?? 0) - 206.84) < 0.01)
        let shown = try cli.run(["show", String((logged["id"] as? String ?? "").prefix(8)), "--units", "imperial"]).text
        #expect(shown.contains("max 100 ft"))
        #expect(shown.contains("77 °F"))
        #expect(shown.contains("3000 psi"))
    }

    @Test("quick copies the last dive at the site; edit changes one field; delete removes the dive")
    func quickEditDelete() throws {
        let cli = CLIProcess.umilog()
        let site = try cli.siteID("thistlegorm")
        _ = try cli.jsonObject("log", ["--site", site, "--at", "2026-10-01T09:00:00Z", "--depth", "26", "--time", "50", "--buddy", "Sam"])
        let quick = try cli.jsonObject("quick", ["--site", site, "--now", "2026-10-02T10:00:00Z"])
        #expect(quick["maxDepthMeters"] as? Double == 26)
        #expect(quick["buddy"] as? String == "Sam")
        #expect(quick["startTime"] as? String == "2026-10-02T10:00:00Z")
        let id = try #require(quick["id"] as? String)
        let edited = try cli.jsonObject("edit", [id, "--depth", "31"])
        #expect(edited["maxDepthMeters"] as? Double == 31)
        #expect(edited["buddy"] as? String == "Sam")
        #expect(try cli.run(["delete", id]).status == 0)
        #expect(try cli.jsonArray(["list"]).count == 1)
        let other = try cli.siteID("salt pier")
        let nothing = try cli.run(["quick", "--site", other])
        #expect(nothing.status == 1)
        #expect(nothing.stderr.contains("No earlier dive"))
    }

    @Test("sites: search, near and bounds agree on real sites")
    func sites() throws {
        let cli = CLIProcess.umilog()
        let found = try cli.jsonArray(["sites", "search", "thistlegorm"])
        let thistlegorm = try #require(found.first)
        let lat = try #require(thistlegorm["latitude"] as? Double)
        let lon = try #require(thistlegorm["longitude"] as? Double)
        let near = try cli.jsonArray(["sites", "near", "--lat", "\(lat)", "--lon", "\(lon)", "--radius", "20km"])
        #expect(near.first?["id"] as? String == thistlegorm["id"] as? String)
        #expect(near.first?["distanceMeters"] as? Double == 0)
        let bounds = try cli.jsonArray([
            "sites", "bounds", "--south", "\(lat - 0.1)", "--west", "\(lon - 0.1)", "--north", "\(lat + 0.1)", "--east", "\(lon + 0.1)",
        ])
        #expect(bounds.contains { $0["id"] as? String == thistlegorm["id"] as? String })
        #expect(try cli.run(["sites", "bounds", "--south", "10", "--west", "0", "--north", "5", "--east", "1"]).status == 2)
        let bonaire = try cli.jsonArray(["sites", "bounds", "--south", "12", "--west", "-68.5", "--north", "12.4", "--east", "-68.1"])
        #expect(!bonaire.isEmpty)
        #expect(bonaire.allSatisfy { ($0["longitude"] as? Double ?? 0) < -68 })
        let acrossTheAntimeridian = try cli.jsonArray(["sites", "bounds", "--south", "-40", "--west", "170", "--north", "-30", "--east", "-170"])
        #expect(acrossTheAntimeridian.contains { ($0["country"] as? String) == "New Zealand" })
        #expect(try cli.run(["sites", "near", "--lat", "91", "--lon", "0"]).status == 2)
        let species = try cli.jsonArray(["species", "search", "whale"])
        #expect(species.contains { $0["scientificName"] as? String == "Rhincodon typus" })
    }
}

@Suite("umilog voice")
struct UmiLogVoiceCLITests {
    @Test("a spoken transcript becomes SI fields, printed and as JSON")
    func voice() throws {
        let cli = CLIProcess.umilog()
        let json = try cli.run(["voice", "depth twenty five bottom time forty two minutes pressure one eight zero", "--json"], withStore: false)
        #expect(json.status == 0)
        let fields = try #require((try json.json() as? [String: Any])?["fields"] as? [String: Any])
        #expect(fields["maxDepthMeters"] as? Double == 25)
        #expect(fields["bottomTimeSeconds"] as? Int == 2_520)
        #expect(fields["startPressureBar"] as? Double == 180)
        let text = try cli.run(["voice", "temperature twenty eight point five", "visibility fifteen meters"], withStore: false).text
        #expect(text.contains("28.5 °C"))
        #expect(text.contains("15 m"))
    }
}
