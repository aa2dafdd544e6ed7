import Testing

@testable import UmiLogCore

@Suite("VoiceCommandParser: corrections, scratch that and repeats")
struct VoiceCorrectionTests {
    @Test(
        "every correction phrase replaces the last value",
        arguments: [
            "depth twenty five no twenty six", "depth twenty five, no, twenty six", "depth twenty five no twenty six",
            "depth twenty five I mean twenty six", "depth twenty five, sorry, twenty six",
            "depth twenty five correction twenty six", "depth twenty five, I meant twenty six",
            "depth twenty five make that twenty six", "depth twenty five, no wait, twenty six",
            "depth twenty five sorry I mean twenty six",
        ]
    )
    func corrections(transcript: String) {
        let result = VoiceCommandParser().parse(transcript)
        #expect(result.fields == VoiceDiveFields(maxDepthMeters: 26))
        #expect(result.issues.isEmpty)
    }

    @Test("a correction applies to the most recent field only")
    func correctsOnlyTheLastField() {
        #expect(
            VoiceCommandParser.fields("depth 25 visibility 15 no 18")
                == VoiceDiveFields(maxDepthMeters: 25, visibilityMeters: 18)
        )
    }

    @Test("a correction keeps the unit rules of the field it corrects")
    func correctionUnits() {
        #expect(VoiceCommandParser.fields("depth 25 no 90 feet").maxDepthMeters == 27.43)
        #expect(VoiceCommandParser.fields("rating four no five stars") == VoiceDiveFields(rating: 5))
        #expect(VoiceCommandParser.fields("air no thirty two") == VoiceDiveFields(oxygenPercent: 32))
        #expect(VoiceCommandParser.fields("buddy Sam, no, Tom") == VoiceDiveFields(buddy: "Tom"))
    }

    @Test("a correction that gives only a unit changes the unit of the last value")
    func unitOnlyCorrection() {
        #expect(VoiceCommandParser.fields("depth eighty meters, no, feet") == VoiceDiveFields(maxDepthMeters: 24.38))
        #expect(VoiceCommandParser.fields("temperature 82, I mean fahrenheit") == VoiceDiveFields(waterTemperatureCelsius: 27.78))
        #expect(VoiceCommandParser.issues("temperature 82, I mean fahrenheit").isEmpty)
    }

    @Test("correcting a bare pressure corrects the pressure it was resolved to")
    func correctingPressure() {
        #expect(
            VoiceCommandParser.fields("pressure 200 pressure 50 no 60")
                == VoiceDiveFields(startPressureBar: 200, endPressureBar: 60)
        )
    }

    @Test("correcting an out-of-range value clears its issue")
    func correctingOutOfRange() {
        let result = VoiceCommandParser().parse("depth four hundred no forty")
        #expect(result.fields == VoiceDiveFields(maxDepthMeters: 40))
        #expect(result.issues.isEmpty)
    }

    @Test("correcting a keyword that had no value fills it")
    func correctingMissing() {
        let result = VoiceCommandParser().parse("depth, um, banana, no twenty")
        #expect(result.fields == VoiceDiveFields(maxDepthMeters: 20))
        #expect(result.issues == [.unrecognized(words: "banana")])
        #expect(VoiceCommandParser.fields("temperature no twenty six") == VoiceDiveFields(waterTemperatureCelsius: 26))
    }

    @Test("a correction followed by another field withdraws the value said against the wrong field")
    func correctionToAnotherField() {
        let result = VoiceCommandParser().parse("depth 25 no visibility 25")
        #expect(result.fields == VoiceDiveFields(visibilityMeters: 25))
        #expect(result.issues.isEmpty)
    }

    @Test("scratch that withdraws the last value, and again the one before")
    func scratchThat() {
        #expect(VoiceCommandParser.fields("depth 25 visibility 15 scratch that") == VoiceDiveFields(maxDepthMeters: 25))
        #expect(VoiceCommandParser.fields("depth 25 visibility 15 scratch that, scratch that").isEmpty)
        #expect(VoiceCommandParser.fields("depth 25 scratch that depth 30") == VoiceDiveFields(maxDepthMeters: 30))
        #expect(VoiceCommandParser.fields("depth 25 depth 30 undo") == VoiceDiveFields(maxDepthMeters: 25))
        #expect(VoiceCommandParser.fields("depth 25 never mind").isEmpty)
    }

    @Test("scratch that after a bare pressure frees the start pressure again")
    func scratchPressure() {
        #expect(
            VoiceCommandParser.fields("pressure 200 scratch that pressure 210") == VoiceDiveFields(startPressureBar: 210)
        )
    }

    @Test("scratch that also withdraws an out-of-range value and its issue")
    func scratchOutOfRange() {
        #expect(VoiceCommandParser().parse("depth 400 scratch that") == VoiceParseResult())
    }

    @Test("scratch that with nothing said is reported")
    func scratchNothing() {
        #expect(VoiceCommandParser.issues("scratch that") == [.nothingToScratch])
    }

    @Test("repeating a field later overrides it")
    func repeats() {
        #expect(VoiceCommandParser.fields("depth 25 visibility 10 depth 28") == VoiceDiveFields(maxDepthMeters: 28, visibilityMeters: 10))
        #expect(VoiceCommandParser.fields("buddy Sam buddy Tom") == VoiceDiveFields(buddy: "Tom"))
    }

    @Test("a correction with nothing after it is reported and changes nothing")
    func incompleteCorrection() {
        let result = VoiceCommandParser().parse("depth 25, no")
        #expect(result.fields == VoiceDiveFields(maxDepthMeters: 25))
        #expect(result.issues == [.incompleteCorrection])
    }

    @Test("a correction word at the start is just speech")
    func correctionAtStart() {
        let result = VoiceCommandParser().parse("No, depth twenty")
        #expect(result.fields == VoiceDiveFields(maxDepthMeters: 20))
        #expect(result.issues.isEmpty)
    }

    @Test("no followed by words is not a correction and keeps the last value")
    func notACorrection() {
        let result = VoiceCommandParser().parse("depth 25 sorry about that")
        #expect(result.fields == VoiceDiveFields(maxDepthMeters: 25))
        #expect(result.issues == [.unrecognized(words: "sorry about that")])
        let current = VoiceCommandParser().parse("depth 25 no current")
        #expect(current.fields == VoiceDiveFields(maxDepthMeters: 25))
        #expect(current.issues == [.unsupportedField(name: "current")])
    }
}
