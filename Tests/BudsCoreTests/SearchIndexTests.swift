import BudsCore
import DAGCBOR
import Foundation
import GRDB
import Identity
import TestSupport
import Testing
import Validation

/// New chain rows enter full-text search once per batch (migration v2), large batches are
/// signed on other threads while the writer stores them; these tests hold both to the results
/// of the one-receipt-at-a-time path.
@Suite("Search index and large batches: the same results as one receipt at a time")
struct SearchIndexTests {
    @Test("a batch of many chunks stores every session in order, each found by search once")
    func largeBatchIsStoredInOrderAndSearchable() async throws {
        let test = try TestJournal()
        let count = 700
        let drafts = (0..<count).map { index in
            var draft = SessionDraft.sample("Strain \(index)", rating: index % 5 + 1)
            draft.notes = "word\(index) crème"
            draft.claimedTime = Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 60)
            return draft
        }
        let ids = try await test.journal.manager.createBatch(drafts)
        #expect(ids.count == count && Set(ids).count == count)

        let all = try await test.repository.fetchAll()
        #expect(all.map(\.id) == ids.reversed())
        #expect(all.last?.strainName == "Strain 0" && all.first?.strainName == "Strain 699")
        for index in [0, 255, 256, 511, 512, 699] {
            let found = try await test.repository.fetchAll(filter: MemoryFilter(searchText: "word\(index)"))
            #expect(found.map(\.id) == [ids[index]])
        }
        #expect(try await test.repository.fetchAll(filter: MemoryFilter(searchText: "creme")).count == count)
        try checkSearchIndex(test)
    }

    @Test("an invalid draft anywhere in a large batch fails it with that draft's error; nothing is stored")
    func invalidDraftInLaterChunkFailsBatch() async throws {
        let test = try TestJournal()
        var drafts = (0..<600).map { SessionDraft.sample("Strain \($0)") }
        drafts[450].rating = 0
        drafts[520].strainName = " "
        await #expect(throws: BudsError.invalidField(FieldIssue(.rating, "must be a whole number from 1 to 5"))) {
            try await test.journal.manager.createBatch(drafts)
        }
        // Validation comes before storing, as when every draft was checked first: a photo
        // missing from the journal (found only while storing) does not hide the invalid draft.
        drafts[10].image = .existing(cid: CID(codec: .raw, hashing: Data("not in the journal".utf8)).string)
        await #expect(throws: BudsError.invalidField(FieldIssue(.rating, "must be a whole number from 1 to 5"))) {
            try await test.journal.manager.createBatch(drafts)
        }
        drafts[450].rating = 3
        drafts[520].strainName = "Fine"
        await #expect(throws: BudsError.self) {
            try await test.journal.manager.createBatch(drafts)
        }
        #expect(try await test.repository.fetchAll().isEmpty)
        let report = try await test.journal.verifier.verifyAll()
        #expect(report.total == 0)
        try checkSearchIndex(test)
    }

    @Test("an imported archive with edits and a deletion is searchable by its latest versions only")
    func importedChainsAreSearchable() async throws {
        let clock = TestClock()
        let source = try TestJournal(clock: clock)
        var draft = SessionDraft.sample("Gelato")
        draft.notes = "first visit"
        let kept = try await source.repository.create(draft)
        clock.advance(by: 60)
        draft.notes = "second thoughts"
        _ = try await source.repository.update(kept.id, with: draft)
        let gone = try await source.repository.create(.sample("Wedding Cake"))
        clock.advance(by: 60)
        try await source.repository.delete(gone.id)
        let (archive, _) = try await source.journal.archive.export()

        let target = try TestJournal(clock: clock)
        _ = try await target.journal.archive.importArchive(archive)
        func search(_ text: String) async throws -> [UUID] {
            try await target.repository.fetchAll(filter: MemoryFilter(searchText: text)).map(\.id)
        }
        #expect(try await search("second") == [kept.id])
        #expect(try await search("first").isEmpty)
        #expect(try await search("wedding").isEmpty)
        try checkSearchIndex(target)
    }

    @Test("a journal made before migration v2 upgrades: old and new memories stay searchable")
    func journalUpgradesFromV1() async throws {
        let clock = TestClock()
        let old = try TestJournal(clock: clock)
        let first = try await old.repository.create(.sample("Blue Dream"))
        let second = try await old.repository.create(.sample("Sour Diesel"))
        // Turn the store back into a v1 one: the insert trigger as v1 created it, and no v2.
        let v1 = try DatabaseQueue()
        try BudsSchema.migrator.migrate(v1, upTo: "v1")
        let trigger = try await v1.read { db in
            try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = '__memories_fts_ai'")
        }
        let store = try DatabaseQueue(path: old.directory.appendingPathComponent("buds.sqlite").path)
        try await store.write { db in
            try db.execute(sql: try #require(trigger))
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v2'")
        }
        try store.close()

        let test = try TestJournal(clock: clock, directory: old.directory)
        #expect(try await test.repository.fetchAll().count == 2)
        clock.advance(by: 60)
        _ = try await test.repository.update(second.id, with: .sample("Green Crack"))
        let third = try await test.repository.create(.sample("Blue Cheese"))
        _ = try await test.journal.manager.createBatch((0..<300).map { .sample("Batch \($0)") })
        func search(_ text: String) async throws -> Set<UUID> {
            Set(try await test.repository.fetchAll(filter: MemoryFilter(searchText: text)).map(\.id))
        }
        #expect(try await search("blue") == [first.id, third.id])
        #expect(try await search("diesel").isEmpty)
        #expect(try await search("green") == [second.id])
        #expect(try await search("batch").count == 300)
        try checkSearchIndex(test)
    }

    /// Fails unless `memories_fts` holds exactly the terms of `local_receipts` (rank 1 makes
    /// FTS5 compare the index with the content table).
    private func checkSearchIndex(_ test: TestJournal) throws {
        let database = try DatabaseQueue(path: test.directory.appendingPathComponent("buds.sqlite").path)
        try database.write { db in
            try db.execute(sql: "INSERT INTO memories_fts(memories_fts, rank) VALUES('integrity-check', 1)")
        }
    }
}
