import Testing

@testable import UmiLogCore

@Suite("VoiceCommandParser: units, defaults and conversion to SI")
struct VoiceUnitTests {
    @Test("without a unit: metres, minutes, °C and bar")
    func defaults() {
        #expect(
            VoiceCommandParser.fields("depth 30 time 40 temperature 25 visibility 12 pressure 210")
                == VoiceDiveFields(
                    maxDepthMeters: 30, bottomTimeSeconds: 2400, waterTemperatureCelsius: 25, visibilityMeters: 12,
                    startPressureBar: 210
                )
        )
    }

    @Test(
        "feet become metres",
        arguments: [("depth 100 feet", 30.48), ("depth eighty ft", 24.38), ("depth seventy five foot", 22.86)]
    )
    func feet(transcript: String, meters: Double) {
        #expect(VoiceCommandParser.fields(transcript).maxDepthMeters == meters)
    }

    @Test("visibility in feet becomes metres too")
    func visibilityFeet() {
        #expect(VoiceCommandParser.fields("visibility fifty feet").visibilityMeters == 15.24)
    }

    @Test(
        "durations in minutes, hours and seconds become seconds",
        arguments: [
            ("time 42 min", 2520), ("time 42 mins", 2520), ("time 45 m", 2700), ("time an hour", 3600),
            ("time 2 h", 7200), ("time an hour and ten minutes", 4200), ("time one hour ten", 4200),
            ("time half an hour", 1800), ("time an hour and a half", 5400), ("time one and a half hours", 5400),
            ("time forty two minutes thirty seconds", 2550), ("time 42 minutes and 30 seconds", 2550),
            ("time 90 seconds", 90), ("time forty two point five minutes", 2550),
        ]
    )
    func durations(transcript: String, seconds: Int) {
        #expect(VoiceCommandParser.fields(transcript).bottomTimeSeconds == seconds)
    }

    @Test(
        "Celsius in every spelling, Fahrenheit converted",
        arguments: [
            ("temperature 28 degrees", 28.0), ("temperature 28°C", 28), ("temperature 28 ℃", 28), ("temp 28 c", 28),
            ("temperature 28 degrees celsius", 28), ("temperature 28º", 28), ("water temp eighty two fahrenheit", 27.78),
            ("temperature 82 °F", 27.78), ("temp 82 f", 27.78), ("temperature 82 degrees f", 27.78), ("temperature 32 F", 0),
        ]
    )
    func temperatures(transcript: String, celsius: Double) {
        #expect(VoiceCommandParser.fields(transcript).waterTemperatureCelsius == celsius)
    }

    @Test(
        "psi becomes bar",
        arguments: [("pressure 3000 psi", 206.84), ("pressure three thousand P S I", 206.84), ("end pressure 700 psi", 48.26)]
    )
    func psi(transcript: String, bar: Double) {
        let fields = VoiceCommandParser.fields(transcript)
        #expect((fields.startPressureBar ?? fields.endPressureBar) == bar)
    }

    @Test("bar said explicitly stays bar")
    func bar() {
        #expect(VoiceCommandParser.fields("pressure 200 bar").startPressureBar == 200)
        #expect(VoiceCommandParser.fields("pressure 200 bars").startPressureBar == 200)
    }

    private static let wrongUnitCases: [(String, VoiceField, String)] = [
        ("depth twenty minutes", .maxDepth, "min"), ("depth 25 bar", .maxDepth, "bar"),
        ("temperature 28 meters", .waterTemperature, "m"), ("time 40 feet", .bottomTime, "ft"),
        ("visibility 15 psi", .visibility, "psi"), ("nitrox 32 bar", .oxygen, "bar"),
        ("pressure 200 degrees", .startPressure, "°C"),
    ]

    @Test("a unit that does not measure the field is reported and fills nothing", arguments: wrongUnitCases)
    func wrongUnits(transcript: String, field: VoiceField, unit: String) {
        let result = VoiceCommandParser().parse(transcript)
        #expect(result.fields.isEmpty)
        #expect(result.issues == [.wrongUnit(field: field, unit: unit)])
    }

    @Test("a single letter is a unit only where it cannot mean anything else")
    func singleLetters() {
        #expect(VoiceCommandParser.fields("time 45 m").bottomTimeSeconds == 2700)
        #expect(VoiceCommandParser.fields("depth 45 m").maxDepthMeters == 45)
        let result = VoiceCommandParser().parse("depth 25 c")
        #expect(result.fields.maxDepthMeters == 25)
        #expect(result.issues == [.unrecognized(words: "c")])
    }
}
