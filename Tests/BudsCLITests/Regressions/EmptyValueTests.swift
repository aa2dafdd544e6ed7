import Foundation
import TestSupport
import Testing

/// Guards issue 13: `buds add --at ""` recorded the session as "now"; an empty value where a
/// date or a number belongs is an error naming the option, and changes nothing.
@Suite("buds: empty values are not silently 'now' or 'none'")
struct EmptyValueTests {
    private let base = ["--strain", "X", "--type", "flower", "--rating", "3"]

    @Test(
        "add refuses an empty date or number and writes nothing",
        arguments: [
            ("--at", "at: must be a date"), ("--thc", "thc: must be a number"), ("--cbd", "cbd: must be a number"),
            ("--grams", "grams: must be a number"), ("--rating", "rating: is required"), ("--image", "image: needs a file"),
        ])
    func addRefusesEmptyValues(_ option: String, _ message: String) throws {
        let buds = BudsProcess()
        let result = try buds.run(["add"] + base + [option, ""])
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect((try buds.run(["list", "--json"]).json() as? [Any])?.isEmpty == true)
    }

    @Test("empty coordinates are refused, not read as 'no location'")
    func emptyCoordinates() throws {
        let buds = BudsProcess()
        let result = try buds.run(["add"] + base + ["--lat", "", "--lon", ""])
        #expect(result.status == 1)
        #expect(result.stderr.contains("lat: must be a number"), "\(result.stderr)")
    }

    @Test("on edit, an empty --at is refused while an empty --thc clears the value")
    func editRules() throws {
        let buds = BudsProcess()
        let id = try #require(try buds.add(base + ["--thc", "20", "--at", "2025-05-01T20:00:00Z"])["id"] as? String)
        let refused = try buds.run(["edit", id, "--at", ""])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("at: must be a date") && refused.stderr.contains("keep the session's time"))
        let history = try #require(try buds.run(["history", id, "--json"]).json() as? [Any])
        #expect(history.count == 1)

        let cleared = try buds.jsonObject("edit", [id, "--thc", ""])
        #expect(cleared["thcPercent"] == nil)
        #expect(cleared["claimedTimeMs"] as? Int == 1_746_129_600_000)
    }
}
