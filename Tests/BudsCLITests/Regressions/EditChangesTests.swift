import Foundation
import TestSupport
import Testing

/// Guards issue 13: contradictory edit options (`--clear-effects --effect happy`) passed
/// silently, and an edit that changed nothing recorded a new version.
@Suite("buds edit: contradictions and edits that change nothing")
struct EditChangesTests {
    private func journalWithOne(_ extra: [String] = []) throws -> (BudsProcess, String) {
        let buds = BudsProcess()
        let added = try buds.add(["--strain", "X", "--type", "flower", "--rating", "3", "--effect", "calm"] + extra)
        return (buds, try #require(added["id"] as? String))
    }

    @Test(
        "a clear option with a new value for the same field is a usage error naming both",
        arguments: [
            (["--clear-effects", "--effect", "happy"], ["--clear-effects", "--effect"]),
            (["--clear-location", "--lat", "1", "--lon", "2"], ["--clear-location", "--lat", "--lon"]),
            (["--clear-location", "--place", "Home"], ["--clear-location", "--place"]),
            (["--clear-location", "--exact-location"], ["--clear-location", "--exact-location"]),
            (["--remove-image", "--image", "photo.png"], ["--remove-image", "--image"]),
        ])
    func contradictionsAreUsageErrors(_ options: [String], _ named: [String]) throws {
        let (buds, id) = try journalWithOne()
        let result = try buds.run(["edit", id] + options)
        #expect(result.status == 2)
        for name in named {
            #expect(result.stderr.contains(name), "\(name) in \(result.stderr)")
        }
        #expect((try buds.run(["history", id, "--json"]).json() as? [Any])?.count == 1)
    }

    @Test(
        "an edit that changes nothing exits 1, says so and records no version",
        arguments: [
            [String](), ["--rating", "3"], ["--effect", "Calm"], ["--strain", " X "],
        ])
    func nothingToChange(_ options: [String]) throws {
        let (buds, id) = try journalWithOne(["--lat", "52.37", "--lon", "4.89", "--at", "2025-05-01T20:00:00.123Z"])
        let result = try buds.run(["edit", id] + options)
        #expect(result.status == 1)
        #expect(result.stderr.contains("Nothing to change"), "\(result.stderr)")
        #expect((try buds.run(["history", id, "--json"]).json() as? [Any])?.count == 1)
    }

    @Test("an edit of one field keeps the claimed time to the millisecond")
    func editKeepsClaimedTime() throws {
        let (buds, id) = try journalWithOne(["--at", "2025-05-01T20:00:00.123Z"])
        let edited = try buds.jsonObject("edit", [id, "--rating", "4"])
        #expect(edited["rating"] as? Int == 4)
        #expect(edited["claimedTimeMs"] as? Int == 1_746_129_600_123)
    }
}
