import Foundation
import Testing

@testable import UmiLogCore

@Suite("VoiceCommandParser: issues instead of guesses")
struct VoiceIssueTests {
    private static let outOfRangeCases: [(String, VoiceParseIssue)] = [
        ("depth 400", .outOfRange(field: .maxDepth, value: 400, unit: "m")),
        ("depth minus three", .outOfRange(field: .maxDepth, value: -3, unit: "m")),
        ("average depth 331", .outOfRange(field: .averageDepth, value: 331, unit: "m")),
        ("time 601 minutes", .outOfRange(field: .bottomTime, value: 601, unit: "min")),
        ("time 30 seconds", .outOfRange(field: .bottomTime, value: 30, unit: "s")),
        ("time zero", .outOfRange(field: .bottomTime, value: 0, unit: "min")),
        ("temperature 82", .outOfRange(field: .waterTemperature, value: 82, unit: "°C")),
        ("temperature minus five", .outOfRange(field: .waterTemperature, value: -5, unit: "°C")),
        ("temperature 120 fahrenheit", .outOfRange(field: .waterTemperature, value: 120, unit: "°F")),
        ("visibility 150", .outOfRange(field: .visibility, value: 150, unit: "m")),
        ("pressure 3000", .outOfRange(field: .startPressure, value: 3000, unit: "bar")),
        ("end pressure 6000 psi", .outOfRange(field: .endPressure, value: 6000, unit: "psi")),
        ("nitrox 20", .outOfRange(field: .oxygen, value: 20, unit: "%")),
        ("nitrox 101", .outOfRange(field: .oxygen, value: 101, unit: "%")),
        ("nitrox 32.5", .outOfRange(field: .oxygen, value: 32.5, unit: "%")),
        ("rating six", .outOfRange(field: .rating, value: 6, unit: "stars")),
        ("rating zero", .outOfRange(field: .rating, value: 0, unit: "stars")),
        ("rating three point five", .outOfRange(field: .rating, value: 3.5, unit: "stars")),
    ]

    @Test("values outside the form's limits are issues, not fields", arguments: outOfRangeCases)
    func outOfRange(transcript: String, issue: VoiceParseIssue) {
        let result = VoiceCommandParser().parse(transcript)
        #expect(result.fields.isEmpty)
        #expect(result.issues == [issue])
    }

    @Test("the limits themselves are accepted")
    func boundaries() {
        #expect(
            VoiceCommandParser.fields("depth 330 time 1 minute temperature minus two visibility 0 pressure 350 nitrox 100 rating 1")
                == VoiceDiveFields(
                    maxDepthMeters: 330, bottomTimeSeconds: 60, waterTemperatureCelsius: -2, visibilityMeters: 0,
                    startPressureBar: 350, oxygenPercent: 100, rating: 1
                )
        )
        #expect(VoiceCommandParser.fields("time 600 minutes temperature 40 rating 5 nitrox 21").bottomTimeSeconds == 36_000)
    }

    @Test("a value out of range keeps the value said earlier for that field")
    func outOfRangeKeepsEarlierValue() {
        let result = VoiceCommandParser().parse("depth 25 depth 400")
        #expect(result.fields.maxDepthMeters == 25)
        #expect(result.issues == [.outOfRange(field: .maxDepth, value: 400, unit: "m")])
    }

    @Test("out-of-range messages suggest the unit the diver probably meant")
    func unitHints() {
        let fahrenheit = VoiceParseIssue.outOfRange(field: .waterTemperature, value: 82, unit: "°C")
        #expect(fahrenheit.errorDescription?.contains("82 fahrenheit") == true)
        let psi = VoiceParseIssue.outOfRange(field: .startPressure, value: 3000, unit: "bar")
        #expect(psi.errorDescription?.contains("3000 psi") == true)
        let feet = VoiceParseIssue.outOfRange(field: .maxDepth, value: 500, unit: "m")
        #expect(feet.errorDescription?.contains("500 feet") == true)
        let plain = VoiceParseIssue.outOfRange(field: .maxDepth, value: 5000, unit: "m")
        #expect(plain.errorDescription == "Max depth 5000 m is outside 0–330 m, so it was left out.")
    }

    @Test("unknown words are reported together and never fill a field")
    func unrecognizedWords() {
        let result = VoiceCommandParser().parse("great dive, lots of fish! depth twenty")
        #expect(result.fields == VoiceDiveFields(maxDepthMeters: 20))
        #expect(result.issues == [.unrecognized(words: "great dive"), .unrecognized(words: "lots of fish")])
    }

    @Test("a keyword followed by an unknown word is missing its value")
    func missingValue() {
        let result = VoiceCommandParser().parse("depth banana")
        #expect(result.fields.isEmpty)
        #expect(result.issues == [.missingValue(field: .maxDepth), .unrecognized(words: "banana")])
        #expect(VoiceCommandParser.issues("buddy") == [.missingValue(field: .buddy)])
        #expect(VoiceCommandParser.issues("visibility, depth 20") == [.missingValue(field: .visibility)])
    }

    private static let orphanCases: [(String, VoiceParseIssue)] = [
        ("twenty five meters", .numberWithoutField(value: 25, unit: "m")),
        ("forty two minutes", .numberWithoutField(value: 42, unit: "min")),
        ("twenty eight degrees", .numberWithoutField(value: 28, unit: "°C")),
        ("two hundred bar", .numberWithoutField(value: 200, unit: "bar")),
        ("thirty two", .numberWithoutField(value: 32, unit: nil)),
        ("I mean twenty six", .numberWithoutField(value: 26, unit: nil)),
    ]

    @Test("a number without a field is reported, not guessed", arguments: orphanCases)
    func numbersWithoutField(transcript: String, issue: VoiceParseIssue) {
        let result = VoiceCommandParser().parse(transcript)
        #expect(result.fields.isEmpty)
        #expect(result.issues == [issue])
    }

    @Test("fillers, hesitations and capitals are ignored")
    func fillers() {
        let result = VoiceCommandParser().parse(
            "Um, so the depth was, uh, about twenty five meters and like visibility was roughly fifteen, I think"
        )
        #expect(result.fields == VoiceDiveFields(maxDepthMeters: 25, visibilityMeters: 15))
        #expect(result.issues.isEmpty)
    }

    @Test("things voice cannot log are reported with their numbers, which are not reused")
    func unsupportedFields() {
        let result = VoiceCommandParser().parse(
            "safety stop three minutes at five meters, air temperature thirty, depth eighteen, temperature 26"
        )
        #expect(result.fields == VoiceDiveFields(maxDepthMeters: 18, waterTemperatureCelsius: 26))
        #expect(result.issues == [.unsupportedField(name: "safety stop"), .unsupportedField(name: "air temperature")])
    }

    @Test("a weak keyword without a value is an ordinary word")
    func weakKeywords() {
        let water = VoiceCommandParser().parse("in the water forty minutes")
        #expect(water.fields.isEmpty)
        #expect(water.issues == [.unrecognized(words: "water"), .numberWithoutField(value: 40, unit: "min")])
        #expect(VoiceCommandParser.issues("at the end of the dive") == [.unrecognized(words: "end of the dive")])
    }

    @Test("a clock time is reported rather than read as its first number")
    func clockTimes() {
        let result = VoiceCommandParser().parse("time 1:10")
        #expect(result.fields.isEmpty)
        #expect(result.issues == [.missingValue(field: .bottomTime), .unrecognized(words: "1:10")])
    }

    @Test("issues come in the order they were said")
    func issueOrder() {
        #expect(
            VoiceCommandParser.issues("banana depth 400 visibility kiwi 30 bar")
                == [
                    .unrecognized(words: "banana"), .outOfRange(field: .maxDepth, value: 400, unit: "m"),
                    .missingValue(field: .visibility), .unrecognized(words: "kiwi"),
                    .numberWithoutField(value: 30, unit: "bar"),
                ]
        )
    }

    @Test("every kind of issue has a message a person can act on")
    func messages() {
        let issues: [VoiceParseIssue] = [
            .unrecognized(words: "banana"), .missingValue(field: .maxDepth), .missingValue(field: .buddy),
            .outOfRange(field: .rating, value: 3.5, unit: "stars"), .wrongUnit(field: .bottomTime, unit: "ft"),
            .numberWithoutField(value: 42, unit: "min"), .numberWithoutField(value: 42, unit: nil),
            .unsupportedField(name: "safety stop"), .incompleteCorrection, .nothingToScratch,
        ]
        for issue in issues {
            let message = issue.errorDescription ?? ""
            #expect(message.count > 20, "\(issue)")
            #expect(message.hasSuffix("."), "\(issue)")
        }
        #expect(VoiceParseIssue.missingValue(field: .maxDepth).errorDescription?.contains("“depth twenty five”") == true)
        #expect(VoiceParseIssue.numberWithoutField(value: 42, unit: "min").errorDescription?.contains("“bottom time 42 min”") == true)
        #expect(VoiceParseIssue.wrongUnit(field: .bottomTime, unit: "ft").errorDescription?.contains("minutes, hours or seconds") == true)
        #expect(VoiceParseIssue.outOfRange(field: .rating, value: 3.5, unit: "stars").errorDescription?.contains("whole number") == true)
    }

    @Test("a result round-trips through JSON with SI keys")
    func codable() throws {
        let result = VoiceCommandParser().parse("depth 80 feet, time 42 minutes, buddy Sam, banana, rating 9")
        let data = try JSONEncoder().encode(result)
        #expect(try JSONDecoder().decode(VoiceParseResult.self, from: data) == result)
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains("\"maxDepthMeters\":24.38"))
        #expect(json.contains("\"bottomTimeSeconds\":2520"))
        #expect(json.contains("\"maxDepth\"") == false)
    }
}
