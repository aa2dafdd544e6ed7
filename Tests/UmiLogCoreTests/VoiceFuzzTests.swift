import Foundation
import TestSupport
import Testing

@testable import UmiLogCore

@Suite("VoiceCommandParser: fuzzing and properties")
struct VoiceFuzzTests {
    @Test("random Unicode never crashes, is read the same way twice and keeps every promise")
    func randomCharacters() {
        var generator = SplitMix64(seed: 0x5EED_0001)
        let parser = VoiceCommandParser()
        for iteration in 0..<6_000 {
            let transcript = generator.transcriptCharacters(maximumLength: 60)
            let result = parser.parse(transcript)
            #expect(VoiceCommandParser().parse(transcript) == result, "\(transcript.debugDescription)")
            let violations = VoiceInvariants.violations(in: result, checkingJSON: iteration % 10 == 0)
            #expect(violations.isEmpty, "\(transcript.debugDescription): \(violations)")
        }
    }

    @Test("random sequences of the parser's own vocabulary never crash and keep every promise")
    func randomVocabulary() {
        var generator = SplitMix64(seed: 0x5EED_0002)
        let parser = VoiceCommandParser()
        for iteration in 0..<10_000 {
            let transcript = generator.transcriptWords(maximumWords: 30)
            let result = parser.parse(transcript)
            #expect(parser.parse(transcript) == result, "\(transcript.debugDescription)")
            let violations = VoiceInvariants.violations(in: result, checkingJSON: iteration % 10 == 0)
            #expect(violations.isEmpty, "\(transcript.debugDescription): \(violations)")
        }
    }

    @Test("random bytes read as UTF-8 never crash")
    func randomBytes() {
        var generator = SplitMix64(seed: 0x5EED_0003)
        for iteration in 0..<3_000 {
            let bytes = generator.bytes(Int.random(in: 0...64, using: &generator))
            let result = VoiceCommandParser().parse(String(decoding: bytes, as: UTF8.self))
            #expect(VoiceInvariants.violations(in: result, checkingJSON: iteration % 10 == 0).isEmpty)
        }
    }

    @Test("words the parser does not know never fill a field and are always reported")
    func unknownWordsNeverFillFields() {
        // Consonants that spell no keyword, number, unit or filler.
        let letters = Array("bdgjkqvwxz")
        var generator = SplitMix64(seed: 0x5EED_0004)
        for _ in 0..<2_000 {
            let words = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                let length = Int.random(in: 1...7, using: &generator)
                return String((0..<length).map { _ in letters[Int.random(in: 0..<letters.count, using: &generator)] })
            }
            let result = VoiceCommandParser().parse(words.joined(separator: " "))
            #expect(result.fields.isEmpty)
            #expect(result.issues == [.unrecognized(words: words.joined(separator: " "))])
        }
    }

    @Test("a value with chatter around it reads the same as the value alone")
    func chatterDoesNotChangeValues() {
        var generator = SplitMix64(seed: 0x5EED_0005)
        let fillers = ["um", "uh", "like", "about", "around", "roughly", "and", "so", "the", "was", ",", "."]
        for _ in 0..<2_000 {
            let depth = Int.random(in: 0...330, using: &generator)
            let minutes = Int.random(in: 1...600, using: &generator)
            func chatter() -> String {
                (0..<Int.random(in: 0...3, using: &generator)).map { _ in fillers[Int.random(in: 0..<fillers.count, using: &generator)] }
                    .joined(separator: " ")
            }
            let transcript =
                "\(chatter()) depth \(chatter()) \(depth) meters \(chatter()) "
                + "time \(chatter()) \(minutes) minutes \(chatter())"
            let result = VoiceCommandParser().parse(transcript)
            #expect(result.fields == VoiceDiveFields(maxDepthMeters: Double(depth), bottomTimeSeconds: minutes * 60), "\(transcript)")
            #expect(result.issues.isEmpty, "\(transcript)")
        }
    }

    @Test("every whole number up to 9999 said in words reads back as itself")
    func spokenNumbersRoundTrip() {
        for value in 0...9_999 {
            let transcript = "pressure \(Self.words(value)) psi"
            let heard = VoiceCommandParser().parse(transcript)
            let expected = (Double(value) * 0.068_947_572_931_683_6 * 100).rounded() / 100
            if expected <= 350 {
                #expect(heard.fields.startPressureBar == expected, "\(transcript)")
            } else {
                #expect(heard.issues == [.outOfRange(field: .startPressure, value: Double(value), unit: "psi")], "\(transcript)")
            }
        }
    }

    @Test("very long transcripts finish and stay deterministic")
    func longTranscripts() {
        var generator = SplitMix64(seed: 0x5EED_0006)
        let long = (0..<40).map { _ in generator.transcriptWords(maximumWords: 2_000) }.joined(separator: " ")
        let result = VoiceCommandParser().parse(long)
        #expect(VoiceCommandParser().parse(long) == result)
        #expect(VoiceInvariants.violations(in: result).isEmpty)
        let fillers = String(repeating: "um ", count: 50_000) + "depth 25 " + String(repeating: "depth ", count: 5_000)
        #expect(VoiceCommandParser.fields(fillers) == VoiceDiveFields(maxDepthMeters: 25))
        let digits = "pressure " + String(repeating: "one ", count: 20_000)
        #expect(VoiceInvariants.violations(in: VoiceCommandParser().parse(digits)).isEmpty)
    }

    @Test("parsing from many tasks at once gives the same results")
    func concurrentParsing() async {
        let transcripts = (0..<64).map { "depth \($0 % 40) time \($0 + 10) buddy Sam nitrox 32 no \(22 + $0 % 10)" }
        let expected = transcripts.map { VoiceCommandParser().parse($0) }
        let parser = VoiceCommandParser()
        let results = await withTaskGroup(of: (Int, VoiceParseResult).self) { group in
            for (index, transcript) in transcripts.enumerated() {
                group.addTask { (index, parser.parse(transcript)) }
            }
            var results = [VoiceParseResult?](repeating: nil, count: transcripts.count)
            for await (index, result) in group { results[index] = result }
            return results
        }
        #expect(results == expected.map(Optional.some))
    }

    /// English words for `value` (0…9999) in the textbook form: "two thousand five hundred and six".
    private static func words(_ value: Int) -> String {
        let ones = [
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
            "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
        ]
        let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
        func belowHundred(_ n: Int) -> String {
            n < 20 ? ones[n] : tens[n / 10] + (n % 10 == 0 ? "" : "-" + ones[n % 10])
        }
        if value < 100 { return belowHundred(value) }
        var parts: [String] = []
        if value >= 1000 { parts.append("\(ones[value / 1000]) thousand") }
        if value % 1000 >= 100 { parts.append("\(ones[value % 1000 / 100]) hundred") }
        if value % 100 != 0 { parts.append("and " + belowHundred(value % 100)) }
        return parts.joined(separator: " ")
    }
}
