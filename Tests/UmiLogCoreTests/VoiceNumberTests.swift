import Testing

@testable import UmiLogCore

@Suite("VoiceCommandParser: spoken and written numbers")
struct VoiceNumberTests {
    private static func depth(_ spoken: String) -> Double? {
        VoiceCommandParser.fields("depth \(spoken)").maxDepthMeters
    }

    private static func pressure(_ spoken: String) -> Double? {
        VoiceCommandParser.fields("pressure \(spoken)").startPressureBar
    }

    @Test(
        "cardinal words from zero to the hundreds",
        arguments: [
            ("zero", 0.0), ("seven", 7), ("twelve", 12), ("nineteen", 19), ("twenty", 20), ("twenty five", 25),
            ("ninety nine", 99), ("hundred", 100), ("a hundred", 100), ("one hundred", 100), ("two hundred", 200),
            ("one hundred and eighty", 180), ("one hundred eighty", 180), ("a hundred and five", 105),
            ("three hundred and thirty", 330),
        ]
    )
    func cardinals(spoken: String, value: Double) {
        #expect(Self.pressure(spoken) == value)
    }

    @Test("hyphenated numbers read as two words", arguments: [("twenty-five", 25.0), ("thirty-two", 32), ("forty-two", 42)])
    func hyphenated(spoken: String, value: Double) {
        #expect(Self.depth(spoken) == value)
    }

    @Test(
        "digit-by-digit sequences, with oh as zero",
        arguments: [
            ("one eight zero", 180.0), ("two zero zero", 200), ("two oh oh", 200), ("one oh five", 105),
            ("two o five", 205), ("one five zero", 150), ("five zero", 50), ("1 8 0", 180), ("zero five", 5),
        ]
    )
    func digitSequences(spoken: String, value: Double) {
        #expect(Self.pressure(spoken) == value)
    }

    private static let psi = 0.068_947_572_931_683_6

    private static let gaugeShortcutCases: [(String, Double)] = [
        ("one eighty", 180), ("one eighty five", 185), ("two fifteen", 215), ("one twenty", 120),
        ("thirty two hundred psi", 3200 * psi), ("fifteen hundred psi", 1500 * psi),
        ("two thousand five hundred psi", 2500 * psi), ("3 thousand psi", 3000 * psi), ("2 hundred", 200),
    ]

    @Test("the gauge shortcuts divers use: one eighty, two fifteen, thirty two hundred", arguments: gaugeShortcutCases)
    func gaugeShortcuts(spoken: String, value: Double) {
        #expect(Self.pressure(spoken) == (value * 100).rounded() / 100)
    }

    @Test(
        "decimals spoken or written, with a point or a comma",
        arguments: [
            ("twenty eight point five", 28.5), ("28.5", 28.5), ("28,5", 28.5), ("28 point 5", 28.5),
            ("twenty eight point two five", 28.25), ("twenty point twenty five", 20.25), ("five point oh five", 5.05),
            ("point five", 0.5), ("twelve and a half", 12.5), ("two eight point five", 28.5), ("12 dot 5", 12.5),
        ]
    )
    func decimals(spoken: String, value: Double) {
        #expect(Self.depth(spoken) == value)
    }

    @Test("written numbers with thousands separators", arguments: [("3,000", 3000.0), ("1,500", 1500), ("3000", 3000)])
    func thousandsSeparators(spoken: String, value: Double) {
        let bar = VoiceCommandParser.fields("pressure \(spoken) psi").startPressureBar
        #expect(bar == (value * Self.psi * 100).rounded() / 100)
    }

    @Test("numbers glued to their unit split cleanly", arguments: ["25m", "25 m", "25 metres", "25meters"])
    func gluedUnits(spoken: String) {
        #expect(Self.depth(spoken) == 25)
    }

    @Test("negative temperatures: minus, negative or a leading sign")
    func negatives() {
        #expect(VoiceCommandParser.fields("temperature minus one").waterTemperatureCelsius == -1)
        #expect(VoiceCommandParser.fields("temperature negative one point five").waterTemperatureCelsius == -1.5)
        #expect(VoiceCommandParser.fields("temp -1.5 degrees").waterTemperatureCelsius == -1.5)
    }

    @Test("hesitations inside a number are skipped, a comma ends it")
    func hesitationsInsideNumbers() {
        #expect(Self.depth("twenty uh five") == 25)
        let result = VoiceCommandParser().parse("depth twenty, five")
        #expect(result.fields.maxDepthMeters == 20)
        #expect(result.issues == [.numberWithoutField(value: 5, unit: nil)])
    }

    @Test("two numbers that do not combine leave the second one reported")
    func numbersThatDoNotCombine() {
        let result = VoiceCommandParser().parse("depth twenty thirty")
        #expect(result.fields.maxDepthMeters == 20)
        #expect(result.issues == [.numberWithoutField(value: 30, unit: nil)])
    }

    @Test("a number too long to be a dive value is reported, never infinite")
    func hugeNumbers() {
        let nines = String(repeating: "9", count: 400)
        let result = VoiceCommandParser().parse("depth " + nines)
        #expect(result.fields.maxDepthMeters == nil)
        #expect(result.issues == [.missingValue(field: .maxDepth), .unrecognized(words: nines)])
        let finite = VoiceCommandParser().parse("depth " + String(repeating: "9", count: 60))
        #expect(finite.issues.count == 1)
        #expect(VoiceInvariants.violations(in: finite).isEmpty)
        let long = VoiceCommandParser().parse("depth " + String(repeating: "nine ", count: 100))
        #expect(long.fields.maxDepthMeters == nil)
        #expect(VoiceInvariants.violations(in: long).isEmpty)
    }
}
