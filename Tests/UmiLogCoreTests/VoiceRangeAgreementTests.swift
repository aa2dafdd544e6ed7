import Testing

@testable import UmiLogCore

@Suite("VoiceField limits agree with the dive form")
struct VoiceRangeAgreementTests {
    @Test("every voice field accepts exactly what DiveDraft accepts")
    func rangesMatchDiveDraft() {
        #expect(VoiceField.maxDepth.validRange == DiveDraft.depthRange)
        #expect(VoiceField.averageDepth.validRange == DiveDraft.depthRange)
        let minutes = DiveDraft.bottomTimeMinutesRange
        #expect(VoiceField.bottomTime.validRange == Double(minutes.lowerBound * 60)...Double(minutes.upperBound * 60))
        #expect(VoiceField.waterTemperature.validRange == DiveDraft.temperatureRange)
        #expect(VoiceField.visibility.validRange == DiveDraft.visibilityRange)
        #expect(VoiceField.startPressure.validRange == DiveDraft.pressureRange)
        #expect(VoiceField.endPressure.validRange == DiveDraft.pressureRange)
        let oxygen = DiveDraft.oxygenRange
        #expect(VoiceField.oxygen.validRange == Double(oxygen.lowerBound)...Double(oxygen.upperBound))
        let rating = DiveDraft.ratingRange
        #expect(VoiceField.rating.validRange == Double(rating.lowerBound)...Double(rating.upperBound))
        #expect(VoiceField.buddy.validRange == nil)
    }

    @Test("a buddy's name from voice always fits the form")
    func buddyNameFits() {
        let name = VoiceCommandParser.fields("buddy " + String(repeating: "Abcdefghij ", count: 20)).buddy ?? ""
        #expect(!name.isEmpty)
        #expect(name.count <= DiveDraft.maximumNameLength)
    }
}
