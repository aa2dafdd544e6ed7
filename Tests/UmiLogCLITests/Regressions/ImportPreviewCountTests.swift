import Foundation
import TestSupport
import Testing

/// Issue 13: a dry run into a store that did not exist created and seeded it; the "skipped"
/// count disagreed with the lines that said "skipped"; and the CLI printed "1 dives".
@Suite("Regression: import --dry-run writes nothing, counts match the lines, nouns agree", .serialized)
struct ImportPreviewCountTests {
    /// Three dives: one good, one without a date (the reader skips it) and one repeated (the
    /// import skips it as appearing twice).
    static let threeDives = """
        <divelog program='subsurface' version='3'>
        <dives>
        <dive number='1' date='2019-08-10' time='11:00:00' duration='45:00 min'><divecomputer><depth max='12.0 m' /></divecomputer></dive>
        <dive number='2' duration='30:00 min'><divecomputer><depth max='10.0 m' /></divecomputer></dive>
        <dive number='3' date='2019-08-10' time='11:00:00' duration='45:00 min'><divecomputer><depth max='12.0 m' /></divecomputer></dive>
        </dives>
        </divelog>
        """

    static let oneDive = """
        <divelog program='subsurface' version='3'>
        <dives>
        <dive number='1' date='2019-08-10' time='11:00:00' duration='45:00 min'><divecomputer><depth max='12.0 m' /></divecomputer></dive>
        </dives>
        </divelog>
        """

    @Test("a dry run into a store that does not exist creates nothing")
    func dryRunCreatesNoStore() throws {
        let cli = CLIProcess.umilog()
        let file = try cli.file("one.xml", Data(Self.oneDive.utf8))
        #expect(!FileManager.default.fileExists(atPath: cli.store.path))
        let result = try cli.run(["import", file, "--dry-run", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try result.json() as? [String: Any])
        #expect(report["dryRun"] as? Bool == true)
        #expect((report["dives"] as? [[String: Any]])?.map { $0["action"] as? String } == ["add"])
        #expect(!FileManager.default.fileExists(atPath: cli.store.path))
    }

    @Test("the skipped count is the number of lines that say skipped, reader and import skips alike")
    func skippedCountMatchesLines() throws {
        let cli = CLIProcess.umilog()
        let file = try cli.file("three.xml", Data(Self.threeDives.utf8))
        for arguments in [["--dry-run"], []] {
            let result = try cli.run(["import", file] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.text.split(separator: "\n")
            let summary = try #require(lines.last)
            let skippedLines = lines.dropLast().filter { $0.contains("skipped") }
            #expect(summary.contains("\(skippedLines.count) skipped"), "\(result.text)")
            #expect(skippedLines.count == 2, "\(result.text)")
        }
        // Again: both copies of the dive are in the log now; only the dateless one is skipped.
        let json = try #require(try cli.run(["import", file, "--json"]).json() as? [String: Any])
        #expect(json["skipped"] as? Int == 1)
        #expect(json["alreadyInLog"] as? Int == 2)
        #expect((json["issues"] as? [[String: Any]])?.filter { $0["outcome"] as? String == "skipped" }.count == 1)
    }

    @Test("one dive is \"1 dive\", never \"1 dives\"")
    func singular() throws {
        let cli = CLIProcess.umilog()
        let file = try cli.file("one.xml", Data(Self.oneDive.utf8))
        let dryRun = try cli.run(["import", file, "--dry-run"]).text
        #expect(dryRun.contains("1 dive would be added"), "\(dryRun)")
        let imported = try cli.run(["import", file]).text
        #expect(imported.contains("Imported 1 dive ("), "\(imported)")
        #expect(!dryRun.contains("1 dives") && !imported.contains("1 dives"))
    }
}
