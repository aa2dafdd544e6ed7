import BudsCore
import Foundation
import Geo
import TestSupport
import Testing

@Suite("Memory repository: timeline, filters, search, lookup")
struct MemoryRepositoryTests {
    /// 120 sessions one hour apart, oldest first; every third is an edible rated 2.
    private func journalWithSessions(_ count: Int = 120) async throws -> TestJournal {
        let test = try TestJournal()
        let start = test.clock.now.addingTimeInterval(-Double(count) * 3600)
        let drafts = (0..<count).map { index -> SessionDraft in
            var draft = SessionDraft.sample(
                "Strain \(index)", type: index % 3 == 0 ? .edible : .flower, rating: index % 3 == 0 ? 2 : 5,
                effects: index % 2 == 0 ? ["happy", "sleepy"] : ["focused"]
            )
            draft.claimedTime = start.addingTimeInterval(Double(index) * 3600)
            return draft
        }
        _ = try await test.journal.manager.createBatch(drafts)
        return test
    }

    @Test("pages of 50 walk the whole timeline newest first without gaps or repeats")
    func pagingCoversTimelineOnce() async throws {
        let test = try await journalWithSessions()
        var seen: [Memory] = []
        var cursor: TimelineCursor?
        var pageSizes: [Int] = []
        repeat {
            let page = try await test.repository.fetchPage(before: cursor)
            pageSizes.append(page.memories.count)
            seen += page.memories
            cursor = page.next
        } while cursor != nil && pageSizes.count < 10
        #expect(pageSizes == [50, 50, 20])
        #expect(Set(seen.map(\.id)).count == 120)
        #expect(seen.map(\.strainName).first == "Strain 119")
        #expect(seen.map(\.strainName).last == "Strain 0")
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.sessionAt >= $1.sessionAt })
    }

    @Test("every field reads back as written, effects that need JSON escapes included")
    func fieldsReadBackAsWritten() async throws {
        let test = try TestJournal()
        let effects = ["calm / clear", "\"quoted\"", "back\\slash", "tab\tinside", "émue 😌", "plain"]
        var draft = SessionDraft(
            strainName: "Crème Brûlée", productType: .concentrate, rating: 2, notes: "line one\nline two",
            brand: "Kiva", thcPercent: 72.25, cbdPercent: 0, amountGrams: 0.1, effects: effects,
            consumptionMethod: .dab, claimedTime: test.clock.now.addingTimeInterval(-3600)
        )
        draft.location = LocationInput(coordinate: try .init(latitude: 1.5, longitude: -2.25), exact: true, placeName: nil)
        let created = try await test.repository.create(draft)
        let plain = try await test.repository.create(.sample(effects: []))
        #expect(created.effects == effects)
        #expect(plain.effects.isEmpty)
        let page = try await test.repository.fetchPage()
        #expect(page.memories == [plain, created])
        let read = try #require(page.memories.last)
        #expect(read.strainName == "Crème Brûlée" && read.productType == .concentrate && read.rating == 2)
        #expect(read.notes == "line one\nline two" && read.brand == "Kiva" && read.consumptionMethod == .dab)
        #expect(read.thcPercent == 72.25 && read.cbdPercent == 0 && read.amountGrams == 0.1)
        #expect(read.location == MemoryLocation(latitude: 1.5, longitude: -2.25, isExact: true, placeName: nil))
        #expect(read.claimedTimeMs != nil && !read.isFavorited && !read.isShared && read.imageCID == nil)
    }

    @Test("filters narrow by product type, effect, minimum rating and favourites")
    func filtersNarrow() async throws {
        let test = try await journalWithSessions(12)
        #expect(try await test.repository.fetchAll(filter: MemoryFilter(productType: .edible)).count == 4)
        #expect(try await test.repository.fetchAll(filter: MemoryFilter(effect: " Sleepy ")).count == 6)
        #expect(try await test.repository.fetchAll(filter: MemoryFilter(minimumRating: 3)).count == 8)
        #expect(try await test.repository.fetchAll(filter: MemoryFilter(productType: .edible, effect: "happy")).count == 2)
        let any = try #require(try await test.repository.fetchAll().first)
        _ = try await test.repository.setFavorite(any.id, true)
        let favourites = try await test.repository.fetchAll(filter: MemoryFilter(favoritesOnly: true))
        #expect(favourites.map(\.id) == [any.id])
        #expect(favourites.first?.isFavorited == true)
    }

    @Test("full-text search matches strain, brand and notes by word prefix, ignoring case and accents")
    func fullTextSearch() async throws {
        let test = try TestJournal()
        _ = try await test.repository.create(SessionDraft(strainName: "Blue Dream", productType: .flower, rating: 4))
        _ = try await test.repository.create(
            SessionDraft(
                strainName: "Sour Diesel", productType: .flower, rating: 3, notes: "Crème brûlée aftertaste"
            ))
        _ = try await test.repository.create(SessionDraft(strainName: "Gummies", productType: .edible, rating: 5, brand: "Kiva"))
        func search(_ text: String) async throws -> [String] {
            try await test.repository.fetchAll(filter: MemoryFilter(searchText: text)).map(\.strainName).sorted()
        }
        #expect(try await search("blue") == ["Blue Dream"])
        #expect(try await search("DREA") == ["Blue Dream"])
        #expect(try await search("creme brulee") == ["Sour Diesel"])
        #expect(try await search("kiva") == ["Gummies"])
        #expect(try await search("blue diesel") == [])
        #expect(try await search("   ") == [])
        #expect(try await search("\"unbalanced") == [])
    }

    @Test("search follows edits and forgets deleted memories")
    func searchFollowsEditsAndDeletes() async throws {
        let test = try TestJournal()
        let memory = try await test.repository.create(.sample("Blue Dream"))
        _ = try await test.repository.update(memory.id, with: .sample("Green Crack"))
        #expect(try await test.repository.fetchAll(filter: MemoryFilter(searchText: "blue")).isEmpty)
        #expect(try await test.repository.fetchAll(filter: MemoryFilter(searchText: "green")).count == 1)
        try await test.repository.delete(memory.id)
        #expect(try await test.repository.fetchAll(filter: MemoryFilter(searchText: "green")).isEmpty)
        #expect(try await test.repository.fetchAll(filter: MemoryFilter(effect: "relaxed")).isEmpty)
    }

    @Test("a memory is found by id, by an id prefix, and by the CID of any receipt in its chain")
    func resolveReferences() async throws {
        let test = try TestJournal()
        let first = try await test.repository.create(.sample())
        let edited = try await test.repository.update(first.id, with: .sample(rating: 2))
        let id = first.id.uuidString.lowercased()
        for reference in [id, id.uppercased(), String(id.prefix(8)), first.receiptCID, edited.receiptCID] {
            #expect(try await test.repository.resolve(reference).id == first.id, "\(reference)")
        }
        await #expect(throws: BudsError.memoryNotFound("nothing")) { try await test.repository.resolve("nothing") }
        let unknown = UUID().uuidString
        await #expect(throws: BudsError.memoryNotFound(unknown)) { try await test.repository.resolve(unknown) }
    }

    @Test("favourites are local state: setting one signs nothing")
    func favouritesSignNothing() async throws {
        let test = try TestJournal()
        let memory = try await test.repository.create(.sample())
        let favourite = try await test.repository.setFavorite(memory.id, true)
        #expect(favourite.isFavorited && favourite.receiptCID == memory.receiptCID)
        #expect(try await test.repository.setFavorite(memory.id, false).isFavorited == false)
        #expect(try await test.journal.verifier.verifyAll().total == 1)
    }
}
