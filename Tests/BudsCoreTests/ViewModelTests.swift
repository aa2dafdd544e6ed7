import BudsCore
import Foundation
import Geo
import TestSupport
import Testing
import Validation

@Suite("View models: the UI contract")
@MainActor
struct ViewModelTests {
    @Test("the add form reports every invalid field with its message and saves nothing")
    func formReportsFieldErrors() async throws {
        let test = try TestJournal()
        let form = CreateMemoryViewModel(repository: test.repository, now: test.clock.function)
        form.strain = ""
        form.productType = "flowers"
        form.rating = "five"
        form.thc = "abc"
        form.latitude = "91"
        form.longitude = "0"
        form.at = "yesterday"
        #expect(form.validate() == false)
        #expect(form.fieldErrors[.strain] == "is required")
        #expect(form.fieldErrors[.type]?.hasPrefix("must be one of flower, edible") == true)
        #expect(form.fieldErrors[.rating] == "must be a whole number from 1 to 5")
        #expect(form.fieldErrors[.thc] == "must be a number")
        #expect(form.fieldErrors[.lat] == "must be between -90 and 90")
        #expect(form.fieldErrors[.at]?.contains("ISO 8601") == true)
        await #expect(throws: BudsError.invalidField(FieldIssue(.strain, "is required"))) { try await form.save() }
        #expect(try await test.repository.fetchAll().isEmpty)
    }

    @Test("the add form saves a valid session with its location and claimed time")
    func formSaves() async throws {
        let test = try TestJournal()
        let form = CreateMemoryViewModel(repository: test.repository, now: test.clock.function, timeZone: TimeZone(identifier: "UTC")!)
        form.strain = "Blue Dream"
        form.productType = "Flower"
        form.rating = "5"
        form.thc = "23.5"
        form.effects = ["Relaxed"]
        form.method = "vape"
        form.latitude = "52.3702"
        form.longitude = "4.8952"
        form.place = "Amsterdam"
        form.at = "2025-11-19T21:30"
        let memory = try await form.save()
        #expect(form.fieldErrors.isEmpty)
        #expect(memory.productType == .flower && memory.rating == 5 && memory.thcPercent == 23.5)
        #expect(memory.consumptionMethod == .vape && memory.effects == ["relaxed"])
        #expect(memory.location?.placeName == "Amsterdam" && memory.location?.isExact == false)
        #expect(memory.claimedTimeMs == 1_763_587_800_000)
    }

    @Test("the edit form changes only what was changed and keeps photo and location")
    func editKeepsUntouchedFields() async throws {
        let test = try TestJournal()
        var draft = SessionDraft.sample("Blue Dream", rating: 3)
        draft.brand = "Cookies"
        draft.image = .data(pngBytes)
        draft.location = LocationInput(coordinate: try .init(latitude: 10.123456, longitude: 20.654321), exact: true)
        let original = try await test.repository.create(draft)
        let form = CreateMemoryViewModel(editing: original, repository: test.repository, now: test.clock.function)
        #expect(form.isEditing && form.rating == "3" && form.brand == "Cookies")
        form.rating = "4"
        let edited = try await form.save()
        #expect(edited.id == original.id && edited.rating == 4 && edited.brand == "Cookies")
        #expect(edited.imageCID == original.imageCID && edited.location == original.location)
        #expect(edited.receiptCID != original.receiptCID)
    }

    @Test("the timeline loads page by page and toggles favourites in place")
    func timelinePagesAndFavourites() async throws {
        let test = try TestJournal()
        _ = try await test.journal.manager.createBatch((0..<7).map { .sample("S\($0)") })
        let timeline = TimelineViewModel(repository: test.repository, pageSize: 3)
        await timeline.reload()
        #expect(timeline.memories.count == 3 && timeline.hasMore)
        await timeline.loadNextPage()
        await timeline.loadNextPage()
        #expect(timeline.memories.count == 7 && !timeline.hasMore)
        let id = timeline.memories[2].id
        await timeline.toggleFavorite(id)
        #expect(timeline.memories[2].isFavorited)
        timeline.filter.favoritesOnly = true
        await timeline.reload()
        #expect(timeline.memories.map(\.id) == [id])
        await timeline.toggleFavorite(id)
        #expect(timeline.memories.isEmpty)
    }

    @Test("the detail view shows the chain's history and whether it verifies")
    func detailShowsHistory() async throws {
        let test = try TestJournal()
        let memory = try await test.repository.create(.sample())
        _ = try await test.repository.update(memory.id, with: .sample(rating: 1))
        let detail = MemoryDetailViewModel(reference: memory.receiptCID, repository: test.repository)
        await detail.load()
        #expect(detail.memory?.rating == 1)
        #expect(detail.history.count == 2 && detail.isVerified && !detail.isDeleted)
        try await test.repository.delete(memory.id)
        await detail.load()
        #expect(detail.memory == nil && detail.isDeleted && detail.history.count == 3)
        #expect(detail.errorMessage?.contains("was deleted") == true)
    }
}
