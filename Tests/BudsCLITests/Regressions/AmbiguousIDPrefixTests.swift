import BudsCore
import Foundation
import Logging
import TestSupport
import Testing

/// Guards issue 14 as `buds` meets it: a 4-character id prefix (what every other app takes) was
/// refused, and a prefix beginning several ids said "No memory matches".
@Suite("buds: 4-character id prefixes and ambiguous ones")
struct AmbiguousIDPrefixTests {
    @Test("show takes a unique 4-character prefix and names an ambiguous one as such, exiting 1")
    func showByShortPrefix() async throws {
        let buds = BudsProcess()
        defer { try? FileManager.default.removeItem(at: buds.store) }
        // The journal is filled through BudsCore: thousands of `buds add` runs would take minutes.
        let journal = try BudsServices.open(at: buds.store, logger: Logger(label: "test"))
        var byPrefix: [String: [String]] = [:]
        for round in 0..<10 where !byPrefix.values.contains(where: { $0.count > 1 }) {
            let drafts = (0..<400).map {
                SessionDraft(strainName: "Strain \(round)-\($0)", productType: .flower, rating: 3)
            }
            for id in try await journal.manager.createBatch(drafts) {
                let text = id.uuidString.lowercased()
                byPrefix[String(text.prefix(4)), default: []].append(text)
            }
        }
        let shared = try #require(byPrefix.first { $0.value.count > 1 })
        let ambiguous = try buds.run(["show", shared.key])
        #expect(ambiguous.status == 1)
        #expect(
            ambiguous.stderr.contains("\(shared.key) matches \(shared.value.count) memories; type more characters of the id"),
            "\(ambiguous.stderr)"
        )

        let unique = try #require(byPrefix.first { $0.value.count == 1 })
        let shown = try buds.run(["show", unique.key, "--json"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect((try shown.json() as? [String: Any])?["id"] as? String == unique.value[0])
    }

    @Test(
        "the commands that take a memory say a 4-character prefix will do",
        arguments: [
            "show", "edit", "delete", "favorite", "history",
        ])
    func helpNamesTheRule(_ command: String) throws {
        let help = try BudsProcess().run([command, "--help"], withStore: false)
        #expect(help.text.contains("4+ character prefix"), "\(help.text)")
    }
}
