import Foundation
import Testing

@testable import UmiLogCore

@Suite("VoiceCommandParser: the issue's examples and every field")
struct VoiceCommandParserTests {
    @Test("the examples from the issue read as the diver meant them")
    func issueExamples() {
        #expect(VoiceCommandParser.fields("depth twenty five") == VoiceDiveFields(maxDepthMeters: 25))
        #expect(VoiceCommandParser.fields("pressure one eight zero") == VoiceDiveFields(startPressureBar: 180))
        #expect(VoiceCommandParser.fields("bottom time forty two minutes") == VoiceDiveFields(bottomTimeSeconds: 2520))
        #expect(VoiceCommandParser.fields("temperature twenty eight point five") == VoiceDiveFields(waterTemperatureCelsius: 28.5))
        #expect(VoiceCommandParser.fields("visibility fifteen meters") == VoiceDiveFields(visibilityMeters: 15))
        #expect(VoiceCommandParser.fields("depth twenty five, no, twenty six") == VoiceDiveFields(maxDepthMeters: 26))
    }

    @Test("a whole dive said in one breath fills every field with no issues")
    func wholeDive() {
        let result = VoiceCommandParser().parse(
            "Max depth 25 meters, average depth eighteen, bottom time forty-two minutes, water temp 28.5 degrees, "
                + "vis 15 m, pressure two hundred to fifty bar, nitrox thirty two, four stars, buddy Sam Smith."
        )
        #expect(
            result.fields
                == VoiceDiveFields(
                    maxDepthMeters: 25, averageDepthMeters: 18, bottomTimeSeconds: 2520, waterTemperatureCelsius: 28.5,
                    visibilityMeters: 15, startPressureBar: 200, endPressureBar: 50, oxygenPercent: 32, rating: 4,
                    buddy: "Sam Smith"
                )
        )
        #expect(result.issues.isEmpty)
    }

    @Test("a terse list with short keywords fills every field")
    func terseList() {
        let result = VoiceCommandParser().parse(
            "depth 18 metres average 12 metres time 55 minutes temp 27 vis 20 start 200 end 60 air rating 5 buddy Kim"
        )
        #expect(
            result.fields
                == VoiceDiveFields(
                    maxDepthMeters: 18, averageDepthMeters: 12, bottomTimeSeconds: 3300, waterTemperatureCelsius: 27,
                    visibilityMeters: 20, startPressureBar: 200, endPressureBar: 60, oxygenPercent: 21, rating: 5,
                    buddy: "Kim"
                )
        )
        #expect(result.issues.isEmpty)
    }

    @Test(
        "every max depth keyword fills max depth",
        arguments: ["depth", "max depth", "maximum depth", "Depth:", "deepest point", "max", "maximum"]
    )
    func maxDepthKeywords(keyword: String) {
        #expect(VoiceCommandParser.fields("\(keyword) thirty") == VoiceDiveFields(maxDepthMeters: 30))
    }

    @Test("average depth has its own keywords and does not touch max depth")
    func averageDepth() {
        #expect(VoiceCommandParser.fields("average depth twelve") == VoiceDiveFields(averageDepthMeters: 12))
        #expect(VoiceCommandParser.fields("average 12.5 m") == VoiceDiveFields(averageDepthMeters: 12.5))
        #expect(
            VoiceCommandParser.fields("max depth 30 average depth 18")
                == VoiceDiveFields(maxDepthMeters: 30, averageDepthMeters: 18)
        )
    }

    @Test("every bottom time keyword fills bottom time", arguments: ["bottom time", "time", "dive time", "duration"])
    func bottomTimeKeywords(keyword: String) {
        #expect(VoiceCommandParser.fields("\(keyword) forty five") == VoiceDiveFields(bottomTimeSeconds: 2700))
    }

    @Test(
        "every temperature keyword fills the water temperature",
        arguments: ["temperature", "temp", "water temp", "water temperature", "water", "bottom temperature"]
    )
    func temperatureKeywords(keyword: String) {
        #expect(VoiceCommandParser.fields("\(keyword) twenty six") == VoiceDiveFields(waterTemperatureCelsius: 26))
    }

    @Test("every visibility keyword fills visibility", arguments: ["visibility", "vis", "viz", "Vis"])
    func visibilityKeywords(keyword: String) {
        #expect(VoiceCommandParser.fields("\(keyword) twenty") == VoiceDiveFields(visibilityMeters: 20))
    }

    @Test("named start and end pressures go to their fields in any order")
    func namedPressures() {
        let both = VoiceDiveFields(startPressureBar: 200, endPressureBar: 50)
        #expect(VoiceCommandParser.fields("start pressure 200 end pressure 50") == both)
        #expect(VoiceCommandParser.fields("starting pressure two hundred ending pressure fifty") == both)
        #expect(VoiceCommandParser.fields("Pressure in: 200 bar. Pressure out: 50 bar.") == both)
        #expect(VoiceCommandParser.fields("end pressure 50 start pressure 200") == both)
    }

    @Test("bare pressure is the start pressure first and the end pressure after")
    func barePressure() {
        let both = VoiceDiveFields(startPressureBar: 200, endPressureBar: 50)
        #expect(VoiceCommandParser.fields("pressure two hundred pressure fifty") == both)
        #expect(VoiceCommandParser.fields("pressure 200 to 50") == both)
        #expect(VoiceCommandParser.fields("tank pressure from two hundred, down to fifty bar") == both)
        #expect(VoiceCommandParser.fields("end pressure 50 pressure 200") == both)
        #expect(VoiceCommandParser.fields("start pressure 200 pressure 50") == both)
        #expect(VoiceCommandParser.fields("pressure 200 pressure 60 pressure 50") == both)
    }

    @Test("oxygen: nitrox, EAN and air in the ways divers say them")
    func oxygen() {
        let nitrox32 = VoiceDiveFields(oxygenPercent: 32)
        #expect(VoiceCommandParser.fields("nitrox thirty two") == nitrox32)
        #expect(VoiceCommandParser.fields("EAN thirty two") == nitrox32)
        #expect(VoiceCommandParser.fields("EAN32") == nitrox32)
        #expect(VoiceCommandParser.fields("ean 32 percent") == nitrox32)
        #expect(VoiceCommandParser.fields("nitrox 32%") == nitrox32)
        #expect(VoiceCommandParser.fields("enriched air thirty-two") == nitrox32)
        #expect(VoiceCommandParser.fields("nitrox three two") == nitrox32)
        #expect(VoiceCommandParser.fields("O2 32") == nitrox32)
        #expect(VoiceCommandParser.fields("thirty two percent nitrox") == nitrox32)
        #expect(VoiceCommandParser.fields("air") == VoiceDiveFields(oxygenPercent: 21))
        #expect(VoiceCommandParser.fields("gas was air") == VoiceDiveFields(oxygenPercent: 21))
    }

    @Test("rating: a keyword, stars, or out of five")
    func rating() {
        let four = VoiceDiveFields(rating: 4)
        #expect(VoiceCommandParser.fields("rating four") == four)
        #expect(VoiceCommandParser.fields("four stars") == four)
        #expect(VoiceCommandParser.fields("rating 4 out of 5 stars") == four)
        #expect(VoiceCommandParser.fields("four out of five") == four)
        #expect(VoiceCommandParser.fields("rating: 4/5") == four)
        #expect(VoiceCommandParser.fields("rated it four") == four)
        #expect(VoiceCommandParser.fields("five star") == VoiceDiveFields(rating: 5))
    }

    @Test("the buddy's name runs to the next keyword and is capitalised")
    func buddy() {
        #expect(VoiceCommandParser.fields("buddy Sam") == VoiceDiveFields(buddy: "Sam"))
        #expect(VoiceCommandParser.fields("buddy sam smith depth 20") == VoiceDiveFields(maxDepthMeters: 20, buddy: "Sam Smith"))
        #expect(
            VoiceCommandParser.fields("my buddy was Sam and Alex, visibility 10")
                == VoiceDiveFields(visibilityMeters: 10, buddy: "Sam and Alex")
        )
        #expect(VoiceCommandParser.fields("buddy ana de souza") == VoiceDiveFields(buddy: "Ana de Souza"))
        #expect(VoiceCommandParser.fields("buddy Mary-Jane O'Brien") == VoiceDiveFields(buddy: "Mary-Jane O'Brien"))
        #expect(VoiceCommandParser.fields("buddy Max") == VoiceDiveFields(buddy: "Max"))
        #expect(VoiceCommandParser.fields("buddy Max depth 20") == VoiceDiveFields(maxDepthMeters: 20, buddy: "Max"))
    }

    @Test("a capitalised name stops at the first lower-case word, which is reported")
    func buddyStopsAtChatter() {
        let result = VoiceCommandParser().parse("Buddy Sam we saw a turtle")
        #expect(result.fields == VoiceDiveFields(buddy: "Sam"))
        #expect(result.issues == [.unrecognized(words: "saw a turtle")])
    }

    @Test("a keyword repeated or said again after its value adds nothing")
    func stutters() {
        let result = VoiceCommandParser().parse("depth, uh, depth twenty five. Nitrox thirty two nitrox")
        #expect(result.fields == VoiceDiveFields(maxDepthMeters: 25, oxygenPercent: 32))
        #expect(result.issues.isEmpty)
    }

    @Test("a length followed by deep is the max depth")
    func metersDeep() {
        #expect(VoiceCommandParser.fields("twenty five meters deep") == VoiceDiveFields(maxDepthMeters: 25))
        #expect(VoiceCommandParser.fields("depth 25 meters deep") == VoiceDiveFields(maxDepthMeters: 25))
    }

    @Test("a number just before a keyword that has none of its own belongs to it")
    func valueBeforeKeyword() {
        #expect(VoiceCommandParser.fields("forty two minutes bottom time") == VoiceDiveFields(bottomTimeSeconds: 2520))
        #expect(VoiceCommandParser.fields("15 meters visibility") == VoiceDiveFields(visibilityMeters: 15))
        // The keyword's own value wins; the number before it is reported.
        let result = VoiceCommandParser().parse("five meters depth twenty")
        #expect(result.fields == VoiceDiveFields(maxDepthMeters: 20))
        #expect(result.issues == [.numberWithoutField(value: 5, unit: "m")])
    }

    @Test("an empty or blank transcript gives an empty result")
    func empty() {
        #expect(VoiceCommandParser().parse("") == VoiceParseResult())
        #expect(VoiceCommandParser().parse("  \n\t ") == VoiceParseResult())
        #expect(VoiceCommandParser().parse("...") == VoiceParseResult())
        #expect(VoiceCommandParser.fields("").isEmpty)
    }

    @Test("capitals, punctuation and accents do not change the reading")
    func normalisation() {
        let expected = VoiceDiveFields(maxDepthMeters: 25, visibilityMeters: 15)
        #expect(VoiceCommandParser.fields("DEPTH TWENTY FIVE; VISIBILITY FIFTEEN!") == expected)
        #expect(VoiceCommandParser.fields("Depth: 25 Mètres — Visibility: 15 mètres.") == expected)
        #expect(VoiceCommandParser.fields("ｄｅｐｔｈ ２５ visibility 15") == expected)
    }
}
