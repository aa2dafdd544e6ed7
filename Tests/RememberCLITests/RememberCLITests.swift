import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("remember CLI: the real executable on a real store")
struct RememberCLITests {
    @Test("a person added shows up due; reviews move the due date as the seed's rule says")
    func add_thenReview_movesDueDate() throws {
        let cli = CLIProcess.remember()
        let added = try cli.addPerson([
            "--name", "Maria Gonzalez", "--context", "Climbing gym",
            "--ramble", "tall with curly brown hair and glasses, works as a nurse", "--now", "2026-11-23T10:00:00Z",
        ])
        let id = try #require(added["id"] as? String)
        #expect(added["name"] as? String == "Maria Gonzalez")
        #expect(added["isDue"] as? Bool == true)

        let due = try cli.jsonArray(["due", "--now", "2026-11-23T10:00:00Z"])
        #expect(due.map { $0["id"] as? String } == [id])

        let reviewed = try cli.jsonObject("review", ["--answer", String(id.prefix(8)), "got", "--now", "2026-11-23T11:00:00Z"])
        let review = try #require(reviewed["review"] as? [String: Any])
        #expect(review["intervalDays"] as? Int == 2)
        #expect(review["easeFactor"] as? Double == 2.6)
        #expect(review["dueAt"] as? String == "2026-11-25T11:00:00Z")
        #expect(try cli.jsonArray(["due", "--now", "2026-11-24T11:00:00Z"]).isEmpty)
        #expect(try cli.jsonArray(["due", "--now", "2026-11-25T11:00:00Z"]).count == 1)

        let missed = try cli.jsonObject("review", ["--answer", id, "missed", "--now", "2026-11-25T12:00:00Z"])
        let afterMiss = try #require(missed["review"] as? [String: Any])
        #expect(afterMiss["intervalDays"] as? Int == 1)
        #expect(afterMiss["dueAt"] as? String == "2026-11-26T12:00:00Z")
    }

    @Test("the interactive quiz reads typed names, forgives case and accents, and sums up")
    func review_interactive_judgesTypedAnswers() throws {
        let cli = CLIProcess.remember()
        _ = try cli.addPerson(["--name", "Zoë", "--context", "Book club", "--now", "2026-11-23T10:00:00Z"])
        _ = try cli.addPerson(["--name", "Ben", "--now", "2026-11-23T10:01:00Z"])

        let result = try cli.run(["review", "--now", "2026-11-23T12:00:00Z"], input: "zoe\nGustavo\n")

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("met:      Book club"))
        #expect(result.text.contains("✓ Right: Zoë"))
        #expect(result.text.contains("✗ It was Ben"))
        #expect(result.text.contains("2 reviewed, 1 right, 1 missed"))
        #expect(try cli.jsonArray(["due", "--now", "2026-11-23T12:00:00Z"]).isEmpty)
    }

    @Test("the quiz ends cleanly at end of input, recording only what was answered")
    func review_interactive_endOfInputStopsSession() throws {
        let cli = CLIProcess.remember()
        _ = try cli.addPerson(["--name", "Ana", "--now", "2026-11-23T10:00:00Z"])
        _ = try cli.addPerson(["--name", "Ben", "--now", "2026-11-23T10:01:00Z"])

        let result = try cli.run(["review", "--json", "--now", "2026-11-23T12:00:00Z"], input: "ana\n")

        #expect(result.status == 0)
        let summary = try #require(try result.json() as? [String: Any])
        #expect(summary["reviewed"] as? Int == 1)
        #expect(try cli.jsonArray(["due", "--now", "2026-11-23T12:00:00Z"]).map { $0["name"] as? String } == ["Ben"])
    }

    @Test("delete removes the record, the sketch and the photo")
    func delete_removesRecordAndFiles() throws {
        let cli = CLIProcess.remember()
        let photo = try cli.file("ana.jpg", ValidImages.jpeg())
        let added = try cli.addPerson(["--name", "Ana", "--photo", photo])
        let sketch = try #require(added["sketchFile"] as? String)
        let storedPhoto = try #require(added["photoFile"] as? String)
        #expect(FileManager.default.fileExists(atPath: sketch))
        #expect(FileManager.default.fileExists(atPath: storedPhoto))

        let result = try cli.run(["delete", try #require(added["id"] as? String)])

        #expect(result.status == 0)
        #expect(!FileManager.default.fileExists(atPath: sketch))
        #expect(!FileManager.default.fileExists(atPath: storedPhoto))
        #expect(try cli.jsonArray(["list"]).isEmpty)
    }

    @Test("list searches and filters; show prints one card")
    func list_andShow() throws {
        let cli = CLIProcess.remember()
        let ana = try cli.addPerson(["--name", "Ana Lima", "--context", "Work", "--ramble", "loves sourdough"])
        _ = try cli.addPerson(["--name", "José", "--context", "Gym"])

        #expect(try cli.jsonArray(["list", "--search", "sourdough"]).map { $0["name"] as? String } == ["Ana Lima"])
        #expect(try cli.jsonArray(["list", "--search", "jose"]).map { $0["name"] as? String } == ["José"])
        #expect(try cli.jsonArray(["list", "--context", "gym"]).map { $0["name"] as? String } == ["José"])

        let shown = try cli.run(["show", String(try #require(ana["id"] as? String).prefix(8))])
        #expect(shown.status == 0)
        #expect(shown.text.hasPrefix("Ana Lima\n"))
        #expect(shown.text.contains("Work"))
    }

    @Test("sketch --out writes a valid SVG equal to the stored one")
    func sketch_writesValidSVG() throws {
        let cli = CLIProcess.remember()
        let added = try cli.addPerson(["--name", "Kim", "--ramble", "short black hair, round glasses, a red scarf"])
        let out = cli.store.deletingLastPathComponent().appendingPathComponent("kim-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: out) }

        let result = try cli.run(["sketch", try #require(added["id"] as? String), "--out", out.path])

        #expect(result.status == 0, "\(result.stderr)")
        let written = try Data(contentsOf: out)
        #expect(written == (try Data(contentsOf: URL(fileURLWithPath: try #require(added["sketchFile"] as? String)))))
        let parser = XMLParser(data: written)
        #expect(parser.parse())
    }

    @Test(
        "bad input: one-line reasons naming the field, exit 1 or 2, nothing written",
        arguments: [
            (["add", "--name", "  "], Int32(1), "name: Please enter a name."),
            (["add", "--name", "Ana", "--photo", "/nonexistent/x.jpg"], 1, "photo: /nonexistent/x.jpg cannot be read"),
            (["add", "--name", "Ana", "--ramble", "x", "--ramble-file", "f"], 2, "ramble: give --ramble or --ramble-file"),
            (["add", "--name", "Ana", "--now", "yesterday"], 2, "now"),
            (["add", "--name", "Ana", "--scheduler", "leitner"], 2, "scheduler"),
            (["review", "--answer", "abcd", "maybe"], 2, "answer: the result must be"),
            (["show", "deadbeef"], 1, "No person with id deadbeef"),
        ])
    func badInput_failsWithReason(arguments: [String], status: Int32, reason: String) throws {
        let cli = CLIProcess.remember()
        let result = try cli.run(arguments)
        #expect(result.status == status)
        #expect(result.stderr.contains(reason), "\(result.stderr)")
        let list = try cli.run(["list", "--json"])
        #expect(list.text.trimmingCharacters(in: .whitespacesAndNewlines) == "[\n\n]")
    }

    @Test("export then import into another store brings the same people back, once")
    func exportImport_roundTrip() throws {
        let source = CLIProcess.remember()
        let photo = try source.file("p.jpg", ValidImages.jpeg())
        _ = try source.addPerson(["--name", "Ana Lima", "--context", "Work", "--ramble", "tall, loves jazz; has a dog, really", "--photo", photo])
        _ = try source.addPerson(["--name", "Zoë", "--context", "Book club"])
        let file = source.store.deletingLastPathComponent().appendingPathComponent("people-\(UUID().uuidString).vcf")
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try source.run(["export", file.path, "--vcard-version", "4.0"]).status == 0)

        let target = CLIProcess.remember()
        let imported = try target.jsonObject("import", [file.path])
        #expect((imported["imported"] as? [Any])?.count == 2)
        let people = try target.jsonArray(["list"])
        #expect(Set(people.compactMap { $0["name"] as? String }) == ["Ana Lima", "Zoë"])
        let ana = try #require(people.first { $0["name"] as? String == "Ana Lima" })
        #expect(ana["transcript"] as? String == "tall, loves jazz; has a dog, really")
        #expect(ana["context"] as? String == "Work")
        #expect((ana["photoFile"] as? String).map { try? Data(contentsOf: URL(fileURLWithPath: $0)) } == ValidImages.jpeg())

        let again = try target.jsonObject("import", [file.path])
        #expect((again["imported"] as? [Any])?.count == 0)
        #expect((again["duplicates"] as? [String])?.count == 2)
    }
}
