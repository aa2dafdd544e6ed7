import Foundation
import Testing
import Validation

@testable import UmiLogCore

@Suite("DiveDraft: the wizard's validation, field by field")
struct DiveDraftTests {
    @Test("step 1 needs site and time; saving needs depth and bottom time too")
    func essentials() {
        var draft = DiveDraft()
        #expect(!draft.isStepOneComplete)
        #expect(draft.issues().map(\.field) == [.site, .startTime, .maxDepth, .bottomTime])
        draft.siteID = "ss-thistlegorm"
        draft.startTime = .testNow
        #expect(draft.isStepOneComplete)
        #expect(!draft.canSave)
        draft.maxDepthMeters = 18
        draft.bottomTimeSeconds = 2_400
        #expect(draft.canSave)
    }

    @Test(
        "ranges follow the wizard: depth 0–330 m, time 1–600 min, −2–40 °C, visibility 0–100 m",
        arguments: [
            (DiveField.maxDepth, { @Sendable (d: inout DiveDraft) in d.maxDepthMeters = -1 }),
            (.maxDepth, { @Sendable (d: inout DiveDraft) in d.maxDepthMeters = 330.5 }),
            (.maxDepth, { @Sendable (d: inout DiveDraft) in d.maxDepthMeters = .nan }),
            (.bottomTime, { @Sendable (d: inout DiveDraft) in d.bottomTimeSeconds = 59 }),
            (.bottomTime, { @Sendable (d: inout DiveDraft) in d.bottomTimeSeconds = 601 * 60 }),
            (.waterTemperature, { @Sendable (d: inout DiveDraft) in d.waterTemperatureCelsius = -2.5 }),
            (.waterTemperature, { @Sendable (d: inout DiveDraft) in d.waterTemperatureCelsius = 41 }),
            (.visibility, { @Sendable (d: inout DiveDraft) in d.visibilityMeters = 101 }),
            (.averageDepth, { @Sendable (d: inout DiveDraft) in d.averageDepthMeters = 40 }),
            (.oxygen, { @Sendable (d: inout DiveDraft) in d.oxygenPercent = 20 }),
            (
                .endPressure,
                { @Sendable (d: inout DiveDraft) in
                    d.startPressureBar = 100
                    d.endPressureBar = 150
                }
            ),
            (.startPressure, { @Sendable (d: inout DiveDraft) in d.startPressureBar = 400 }),
            (.rating, { @Sendable (d: inout DiveDraft) in d.rating = 6 }),
            (.tags, { @Sendable (d: inout DiveDraft) in d.tags = ["  "] }),
            (.sighting, { @Sendable (d: inout DiveDraft) in d.sightings = [SightingDraft(speciesID: "chelonia-mydas", count: 0)] }),
        ] as [(DiveField, @Sendable (inout DiveDraft) -> Void)])
    func outOfRange(field: DiveField, change: @Sendable (inout DiveDraft) -> Void) {
        var draft = DiveDraft.essentials()
        change(&draft)
        #expect(draft.issues().map(\.field) == [field])
        #expect(throws: UmiLogError.self) { try draft.validated(id: UUID(), createdAt: .testNow, updatedAt: .testNow) }
    }

    @Test("the edges of every range are accepted")
    func edgesAccepted() throws {
        var draft = DiveDraft.essentials(depth: 330, minutes: 600)
        draft.waterTemperatureCelsius = -2
        draft.visibilityMeters = 0
        draft.oxygenPercent = 100
        draft.rating = 1
        #expect(draft.issues().isEmpty)
        draft = .essentials(depth: 0, minutes: 1)
        draft.waterTemperatureCelsius = 40
        draft.visibilityMeters = 100
        #expect(draft.issues().isEmpty)
    }

    @Test("messages name the field and what to do")
    func messages() {
        let issue = DiveDraft.essentials(depth: 400).issues()[0]
        #expect(issue.message == "depth: must be 0–330 m")
        #expect(UmiLogError.invalidField(FieldIssue(.bottomTime, "must be 1–600 minutes")).errorDescription == "time: must be 1–600 minutes")
    }

    @Test("validated output trims text, lower-cases tags once each, and maps 21 % to air")
    func normalises() throws {
        var draft = DiveDraft.essentials()
        draft.buddy = "  Sam  "
        draft.notes = "   "
        draft.tags = ["Night", "night", " Wreck "]
        draft.oxygenPercent = 21
        let (dive, _) = try draft.validated(id: UUID(), createdAt: .testNow, updatedAt: .testNow)
        #expect(dive.buddy == "Sam")
        #expect(dive.notes == nil)
        #expect(dive.tags == ["night", "wreck"])
        #expect(dive.gas == .air)
    }

    @Test("an issue crosses a process boundary as {\"field\": …, \"reason\": …}")
    func issueJSONShape() throws {
        let issue = DiveDraft.essentials(depth: 400).issues()[0]
        let data = try JSONEncoder().encode(issue)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
        #expect(object == ["field": "depth", "reason": "must be 0–330 m"])
        #expect(try JSONDecoder().decode(type(of: issue), from: data) == issue)
    }
}
