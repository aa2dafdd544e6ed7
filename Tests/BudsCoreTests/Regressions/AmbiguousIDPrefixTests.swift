import BudsCore
import Foundation
import Testing

/// Guards issue 14: an id prefix had to be 8+ characters (every other app takes 4), and a prefix
/// that began several ids was reported as "not found", as if typing more could not help.
@Suite("Id prefixes: four characters find a memory; a shared prefix is ambiguous, not missing")
struct AmbiguousIDPrefixTests {
    /// Records sessions until two ids begin with the same four characters, and returns that
    /// prefix with every id that begins with it (nil if 4,000 sessions never do). Ids are
    /// hashes, so about 300 sessions make a shared 4-character prefix likely, and 4,000 leave
    /// odds of about e⁻¹²² against.
    static func memoriesSharingAPrefix(in manager: ReceiptManager) async throws -> (prefix: String, ids: [String])? {
        var byPrefix: [String: [String]] = [:]
        for round in 0..<10 {
            let drafts = (0..<400).map { SessionDraft.sample("Strain \(round)-\($0)") }
            for id in try await manager.createBatch(drafts) {
                let text = id.uuidString.lowercased()
                byPrefix[String(text.prefix(4)), default: []].append(text)
            }
            if let shared = byPrefix.first(where: { $0.value.count > 1 }) {
                return (shared.key, shared.value)
            }
        }
        return nil
    }

    @Test("a prefix shared by two memories is ambiguous and names how many it matches")
    func sharedPrefixIsAmbiguous() async throws {
        let test = try TestJournal()
        let (prefix, ids) = try #require(try await Self.memoriesSharingAPrefix(in: test.journal.manager))
        await #expect(throws: BudsError.ambiguousReference(prefix, matches: ids.count)) {
            try await test.repository.resolve(prefix)
        }
        await #expect(throws: BudsError.ambiguousReference(prefix.uppercased(), matches: ids.count)) {
            try await test.repository.history(of: prefix.uppercased())
        }
        let message = BudsError.ambiguousReference(prefix, matches: ids.count).errorDescription ?? ""
        #expect(message.contains("matches \(ids.count) memories; type more characters of the id"), "\(message)")
    }

    @Test("a unique 4-character prefix finds its memory; three characters are no id")
    func uniqueFourCharacterPrefix() async throws {
        let test = try TestJournal()
        let memory = try await test.repository.create(.sample())
        let id = memory.id.uuidString.lowercased()
        #expect(try await test.repository.resolve(String(id.prefix(4))).id == memory.id)
        #expect(try await test.repository.history(of: String(id.prefix(4))).count == 1)
        let short = String(id.prefix(3))
        await #expect(throws: BudsError.memoryNotFound(short)) { try await test.repository.resolve(short) }
    }
}
