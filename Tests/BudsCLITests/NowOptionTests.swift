import Foundation
import TestSupport
import Testing

/// `--now` is the journal's clock: receipts are signed at that time, and a claimed session time
/// is checked against it, so a run can be reproduced.
@Suite("buds --now")
struct NowOptionTests {
    @Test("a session added with --now is created at that time and dated by it")
    func addUsesNow() throws {
        let buds = BudsProcess()
        defer { try? FileManager.default.removeItem(at: buds.store) }
        let added = try buds.add(["--strain", "X", "--type", "flower", "--rating", "3", "--now", "2020-05-01T12:00:00Z"])
        #expect(added["createdAt"] as? String == "2020-05-01T12:00:00Z")
        #expect(added["sessionAt"] as? String == "2020-05-01T12:00:00Z")
        let history = try buds.jsonArray(["history", try #require(added["id"] as? String)])
        #expect(history.first?["createdAtMs"] as? Int == 1_588_334_400_000, "\(history)")
    }

    @Test("a claimed time after --now is in the future and changes nothing")
    func futureAgainstNow() throws {
        let buds = BudsProcess()
        defer { try? FileManager.default.removeItem(at: buds.store) }
        let result = try buds.run([
            "add", "--strain", "X", "--type", "flower", "--rating", "3", "--at", "2020-06-01", "--now", "2020-05-01T12:00:00Z",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("at: is in the future"), "\(result.stderr)")
        #expect((try buds.run(["list", "--json"]).json() as? [Any])?.isEmpty == true)
    }
}
