import BudsCore
import Foundation
import Geo
import Testing
import Validation

/// Guards issue 13: an edit that changed nothing recorded a new version; and re-saving an
/// edit form moved the claimed time by its milliseconds.
@Suite("Edits that change nothing record nothing")
struct NothingToChangeTests {
    @Test("updating with the same draft throws nothingToChange and the chain keeps one receipt")
    func sameDraft() async throws {
        let test = try TestJournal()
        let draft = SessionDraft.sample()
        let memory = try await test.repository.create(draft)
        await #expect(throws: BudsError.nothingToChange(memory.id.uuidString.lowercased())) {
            _ = try await test.repository.update(memory.id, with: draft)
        }
        #expect(try await test.repository.history(of: memory.id.uuidString).count == 1)
    }

    @Test("an edit form saved untouched changes nothing, location and millisecond time included")
    @MainActor
    func untouchedForm() async throws {
        let test = try TestJournal()
        let claimed = Date(timeIntervalSince1970: 1_746_129_600.123)
        var draft = SessionDraft.sample()
        draft.claimedTime = claimed
        draft.location = LocationInput(coordinate: try .init(latitude: -33.9, longitude: -70.6), placeName: "Cerro")
        let memory = try await test.repository.create(draft)
        #expect(memory.claimedTimeMs == 1_746_129_600_123)

        let form = CreateMemoryViewModel(editing: memory, repository: test.repository)
        await #expect(throws: BudsError.nothingToChange(memory.id.uuidString.lowercased())) { _ = try await form.save() }

        let changed = CreateMemoryViewModel(editing: memory, repository: test.repository)
        changed.rating = "5"
        let edited = try await changed.save()
        #expect(edited.rating == 5)
        #expect(edited.claimedTimeMs == 1_746_129_600_123)
        #expect(edited.location == memory.location)
    }

    @Test("empty values: dates and numbers are errors; optional numbers clear on edit")
    func emptyValueRules() {
        #expect(BudsField.at.emptyValueIssue(editing: false)?.field == .at)
        #expect(BudsField.at.emptyValueIssue(editing: true)?.field == .at)
        #expect(BudsField.lat.emptyValueIssue(editing: true) != nil)
        #expect(BudsField.thc.emptyValueIssue(editing: false) != nil)
        #expect(BudsField.thc.emptyValueIssue(editing: true) == nil)
        #expect(BudsField.notes.emptyValueIssue(editing: false) == nil)
        #expect(BudsField.rating.emptyValueIssue(editing: true)?.message == "rating: is required")
    }
}
