import Foundation
import TestSupport
import Testing

/// Issue 13: the same dive from another program was added twice with no warning. `umilog
/// import` shows it as a likely duplicate and skips it; `--keep-duplicates` imports it.
@Suite("Regression: umilog import shows and skips likely duplicates", .serialized)
struct LikelyDuplicateCLITests {
    static func log(time: String, duration: String, depth: String) -> String {
        """
        <divelog program='subsurface' version='3'>
        <dives>
        <dive number='12' date='2014-04-02' time='\(time)' duration='\(duration)'><divecomputer><depth max='\(depth)' /></divecomputer></dive>
        </dives>
        </divelog>
        """
    }

    @Test("the copy is named a likely duplicate of #12 and skipped; --keep-duplicates adds it")
    func duplicateShownAndSkipped() throws {
        let cli = CLIProcess.umilog()
        let original = try cli.file("original.xml", Data(Self.log(time: "10:00:37", duration: "77:54 min", depth: "38.99 m").utf8))
        let copy = try cli.file("copy.xml", Data(Self.log(time: "10:00:00", duration: "78:00 min", depth: "39.0 m").utf8))
        #expect(try cli.jsonObject("import", [original])["imported"] as? Int == 1)

        let result = try cli.run(["import", copy])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("likely duplicate of #12 (2014-04-02 10:00:37"), "\(result.text)")
        #expect(result.text.contains("Imported 0 dives (0 already in your log, 1 skipped)"), "\(result.text)")
        #expect(try cli.jsonArray(["list"]).count == 1)

        let json = try cli.jsonObject("import", [copy, "--dry-run"])
        #expect((json["dives"] as? [[String: Any]])?.first?["action"] as? String == "likelyDuplicate")
        #expect(json["likelyDuplicates"] as? Int == 1)

        let kept = try cli.jsonObject("import", [copy, "--keep-duplicates"])
        #expect(kept["imported"] as? Int == 1)
        #expect(try cli.jsonArray(["list"]).count == 2)
    }
}
