import Foundation

/// Reads dive details from a speech transcript: "depth twenty five, bottom time forty two minutes,
/// temperature twenty eight point five, pressure two hundred to fifty, nitrox thirty two, four
/// stars, buddy Sam".
///
/// Deterministic rules rather than a model: a diver on a boat says a small, predictable vocabulary,
/// and a rule either reads a number exactly or reports that it could not, which is what a log needs.
/// A field keyword comes before its value; values take units (metres or feet, minutes, hours and
/// seconds, °C or °F, bar or psi, percent, stars) and are stored in SI. Numbers may be said as words
/// ("one hundred and eighty"), digit by digit ("one eight zero", "two oh five"), with a decimal
/// ("twenty eight point five", "28,5") or written ("180"). "No, twenty six", "I mean …", "sorry …"
/// correct the last value; "scratch that" withdraws it; saying a field again overrides it.
/// Out-of-range values, numbers without a field and unknown words become issues, never guesses.
///
/// The parser is a pure function of the transcript: it keeps no state, needs no locale, and any
/// string, however long or strange, gives a result.
public struct VoiceCommandParser: Sendable {
    public init() {}

    public func parse(_ transcript: String) -> VoiceParseResult {
        var interpreter = VoiceInterpreter(tokens: VoiceTokenizer.tokens(in: transcript))
        return interpreter.interpret()
    }
}
