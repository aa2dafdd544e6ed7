import Foundation
import TestSupport
import Testing

/// Issue 13, through the real executable: a phone's vCard file imported twice duplicated every
/// card, and `review --now` accepted a time before the person was met.
@Suite("Regression: remember import twice and review dating")
struct ImportAndReviewDatingCLITests {
    @Test("importing a phone's file (no UIDs) twice adds nobody the second time")
    func importTwice() throws {
        let cli = CLIProcess.remember()
        let file = try cli.file(
            "phone.vcf",
            Data(
                """
                BEGIN:VCARD\r
                VERSION:3.0\r
                FN:Ana Lima\r
                TEL:+351 912 345 678\r
                END:VCARD\r
                BEGIN:VCARD\r
                VERSION:3.0\r
                FN:Ben Okafor\r
                UID:ben-okafor-1\r
                END:VCARD\r

                """.utf8))

        let first = try cli.jsonObject("import", [file])
        #expect((first["imported"] as? [Any])?.count == 2)
        let second = try cli.run(["import", file])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.text.contains("Imported 0 people, 2 already here."), "\(second.text)")
        #expect(try cli.jsonArray(["list"]).count == 2)
    }

    @Test("a review dated before the person was met, or before the last review, fails and changes nothing")
    func reviewBeforeMeeting() throws {
        let cli = CLIProcess.remember()
        let added = try cli.addPerson(["--name", "Ana", "--now", "2026-11-23T10:00:00Z"])
        let id = try #require(added["id"] as? String)

        let early = try cli.run(["review", "--answer", id, "got", "--now", "2026-11-22T10:00:00Z"])
        #expect(early.status == 1)
        #expect(early.stderr.contains("before"), "\(early.stderr)")

        _ = try cli.jsonObject("review", ["--answer", id, "got", "--now", "2026-11-24T10:00:00Z"])
        let back = try cli.run(["review", "--answer", id, "missed", "--now", "2026-11-23T12:00:00Z"])
        #expect(back.status == 1)
        #expect(back.stderr.contains("before"), "\(back.stderr)")
        let shown = try cli.jsonObject("show", [id])
        let review = try #require(shown["review"] as? [String: Any])
        #expect(review["intervalDays"] as? Int == 2)
    }
}
