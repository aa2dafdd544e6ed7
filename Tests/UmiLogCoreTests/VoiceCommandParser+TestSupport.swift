import Foundation
import TestSupport

@testable import UmiLogCore

/// Helpers shared by the voice parser suites.
extension VoiceCommandParser {
    /// The fields of `transcript`, for tests that only look at what was filled.
    static func fields(_ transcript: String) -> VoiceDiveFields {
        VoiceCommandParser().parse(transcript).fields
    }

    /// The issues of `transcript`.
    static func issues(_ transcript: String) -> [VoiceParseIssue] {
        VoiceCommandParser().parse(transcript).issues
    }

    /// Words a diver might say, including every kind of vocabulary the parser knows, numbers written
    /// both ways, units, fillers, corrections, punctuation and a few words it does not know.
    static let fuzzVocabulary: [String] = [
        "depth", "max", "max depth", "maximum", "average", "average depth", "time", "bottom time", "dive time",
        "duration", "temperature", "temp", "water", "water temp", "visibility", "vis", "viz", "pressure",
        "start pressure", "pressure in", "pressure out", "end pressure", "start", "end", "nitrox", "ean", "EAN32",
        "enriched air", "air", "oxygen", "o2", "rating", "stars", "star", "buddy", "Sam", "sam", "Max", "de",
        "zero", "oh", "o", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "fifteen", "nineteen", "twenty", "thirty", "forty", "ninety", "hundred", "thousand", "a", "an", "and",
        "point", "dot", "half", "minus", "negative", "twenty-five", "0", "1", "5", "8", "25", "180", "28.5", "28,5",
        "3,000", "-2", "99999999999999999999", "meters", "m", "feet", "ft", "minutes", "min", "hour", "hours",
        "seconds", "s", "h", "degrees", "°", "°C", "℃", "c", "f", "fahrenheit", "celsius", "bar", "psi", "p s i",
        "percent", "%", "out of", "/", "deep", "no", "I mean", "sorry", "correction", "make that", "scratch that",
        "undo", "um", "uh", "like", "about", "around", "the", "was", "to", "from", "down", "safety stop",
        "air temperature", "current", "no current", "1:10", "banana", "turtle", "great", ",", ".", "!", "?", "-",
        "—", ":", "'", "’", "🐠", "e\u{301}", "\u{0}", "\u{200B}", "ｄｅｐｔｈ", "２５",
    ]
}

/// Checks every promise the parser makes about a result, whatever the input.
enum VoiceInvariants {
    /// Problems with `result`; empty when every filled field is inside the form's limits, every
    /// number is finite, every issue has a message and (when `checkingJSON`) the result survives a
    /// JSON round trip.
    static func violations(in result: VoiceParseResult, checkingJSON: Bool = true) -> [String] {
        var problems: [String] = []
        let fields = result.fields
        func check(_ value: Double?, _ range: ClosedRange<Double>, _ name: String) {
            if let value, !(value.isFinite && range.contains(value)) { problems.append("\(name) = \(value)") }
        }
        check(fields.maxDepthMeters, 0...330, "maxDepthMeters")
        check(fields.averageDepthMeters, 0...330, "averageDepthMeters")
        check(fields.bottomTimeSeconds.map(Double.init), 60...36_000, "bottomTimeSeconds")
        check(fields.waterTemperatureCelsius, -2...40, "waterTemperatureCelsius")
        check(fields.visibilityMeters, 0...100, "visibilityMeters")
        check(fields.startPressureBar, 0...350, "startPressureBar")
        check(fields.endPressureBar, 0...350, "endPressureBar")
        check(fields.oxygenPercent.map(Double.init), 21...100, "oxygenPercent")
        check(fields.rating.map(Double.init), 1...5, "rating")
        if let buddy = fields.buddy, buddy.isEmpty || buddy.count > 64 || buddy != buddy.trimmingCharacters(in: .whitespaces) {
            problems.append("buddy = \(buddy)")
        }
        for issue in result.issues {
            if (issue.errorDescription ?? "").isEmpty { problems.append("no message for \(issue)") }
            switch issue {
            case .outOfRange(_, let value, _), .numberWithoutField(let value, _):
                if !value.isFinite { problems.append("non-finite value in \(issue)") }
            case .unrecognized(let words):
                if words.isEmpty { problems.append("empty unrecognized words") }
            case .missingValue, .wrongUnit, .unsupportedField, .incompleteCorrection, .nothingToScratch:
                break
            }
        }
        guard checkingJSON else { return problems }
        do {
            let data = try JSONEncoder().encode(result)
            let decoded = try JSONDecoder().decode(VoiceParseResult.self, from: data)
            if decoded != result { problems.append("JSON round trip changed the result") }
        } catch {
            problems.append("JSON round trip failed: \(error)")
        }
        return problems
    }
}

extension SplitMix64 {
    /// A random string of up to `maximumLength` characters drawn from ASCII, punctuation, digits,
    /// accents, emoji, CJK, right-to-left script, control and invisible characters.
    mutating func transcriptCharacters(maximumLength: Int) -> String {
        let pools: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x00...0x1F, 0xA0...0xFF, 0x300...0x36F,
            0x2000...0x206F, 0x2100...0x214F, 0x4E00...0x4E80, 0x0600...0x06FF, 0x1F300...0x1F64F, 0xFF01...0xFF5E,
            0xFE00...0xFE0F,
        ]
        let length = Int.random(in: 0...maximumLength, using: &self)
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
            let pool = pools[Int.random(in: 0..<pools.count, using: &self)]
            if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &self)) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    /// A random sequence of up to `maximumWords` vocabulary entries joined by spaces.
    mutating func transcriptWords(maximumWords: Int) -> String {
        let count = Int.random(in: 0...maximumWords, using: &self)
        let vocabulary = VoiceCommandParser.fuzzVocabulary
        return (0..<count).map { _ in vocabulary[Int.random(in: 0..<vocabulary.count, using: &self)] }
            .joined(separator: " ")
    }
}
