public import Foundation

/// Something in a transcript that could not be used, with a message saying what to say instead.
///
/// Issues never block the fields that were understood: the app shows both, and the diver repeats
/// only what went wrong.
public enum VoiceParseIssue: Equatable, Sendable, Codable, LocalizedError {
    /// Words the parser does not know, as transcribed.
    case unrecognized(words: String)
    /// A field keyword with no value after it ("depth" and then nothing usable).
    case missingValue(field: VoiceField)
    /// A value outside what the dive form accepts, as heard (`value` in `unit`, e.g. 400 m, 3000 bar).
    case outOfRange(field: VoiceField, value: Double, unit: String)
    /// A unit that does not measure the field ("depth twenty minutes").
    case wrongUnit(field: VoiceField, unit: String)
    /// A number said without a field keyword before it; `unit` is the unit said with it, if any.
    case numberWithoutField(value: Double, unit: String?)
    /// Something divers log that voice cannot fill yet ("safety stop", "air temperature").
    case unsupportedField(name: String)
    /// "no" or "I mean" at the end, with no new value after it.
    case incompleteCorrection
    /// "scratch that" before any value was said.
    case nothingToScratch

    public var errorDescription: String? {
        switch self {
        case .unrecognized(let words):
            "Didn't understand “\(words)”, so it was left out. Start with a field name, e.g. “depth twenty five”."
        case .missingValue(let field):
            switch field {
            case .buddy:
                "Heard “buddy” but no name after it. Say, for example, “buddy Sam”."
            case .maxDepth, .averageDepth, .bottomTime, .waterTemperature, .visibility, .startPressure, .endPressure,
                .oxygen, .rating:
                "\(field.displayName) was named but no number followed. Say, for example, “\(field.spokenExample)”."
            }
        case .outOfRange(let field, let value, let unit):
            Self.outOfRangeMessage(field: field, value: value, unit: unit)
        case .wrongUnit(let field, let unit):
            "\(field.displayName) can't be measured in \(unit). Say it in \(Self.acceptedUnits(of: field))."
        case .numberWithoutField(let value, let unit):
            "Heard \(Self.quantity(value, unit)) but not which field it is for, so it was left out. "
                + "Say the field first, e.g. “\(Self.example(value, unit))”."
        case .unsupportedField(let name):
            "\(name.prefix(1).uppercased() + name.dropFirst()) can't be logged by voice yet, so it was left out. "
                + "Enter it in the dive form."
        case .incompleteCorrection:
            "Heard a correction but no new value after it. Say the value again, e.g. “no, twenty six”."
        case .nothingToScratch:
            "“Scratch that” had nothing to remove yet."
        }
    }

    private static func outOfRangeMessage(field: VoiceField, value: Double, unit: String) -> String {
        let heard = quantity(value, unit)
        if field.needsWholeNumber, value != value.rounded() {
            return "\(field.displayName) must be a whole number (\(field.rangeDescription)); heard \(heard)."
        }
        var message = "\(field.displayName) \(heard) is outside \(field.rangeDescription), so it was left out."
        let spoken = format(value)
        switch field {
        case .waterTemperature where unit == VoiceUnit.celsius.symbol && value > 40:
            message += " If you meant Fahrenheit, say “\(spoken) fahrenheit”."
        case .startPressure where unit == VoiceUnit.bar.symbol && value > 350,
            .endPressure where unit == VoiceUnit.bar.symbol && value > 350:
            message += " If you meant psi, say “\(spoken) psi”."
        case .maxDepth where unit == VoiceUnit.meters.symbol && value > 330 && value * 0.3048 <= 330,
            .averageDepth where unit == VoiceUnit.meters.symbol && value > 330 && value * 0.3048 <= 330,
            .visibility where unit == VoiceUnit.meters.symbol && value > 100 && value * 0.3048 <= 100:
            message += " If you meant feet, say “\(spoken) feet”."
        case .maxDepth, .averageDepth, .bottomTime, .waterTemperature, .visibility, .startPressure, .endPressure,
            .oxygen, .rating, .buddy:
            break
        }
        return message
    }

    private static func acceptedUnits(of field: VoiceField) -> String {
        switch field.dimension {
        case .length?: "metres or feet"
        case .time?: "minutes, hours or seconds"
        case .temperature?: "degrees Celsius or Fahrenheit"
        case .pressure?: "bar or psi"
        case .percent?: "percent"
        case .stars?: "stars"
        case nil: "words"
        }
    }

    /// An example that puts the field in front of what was heard, picked by its unit.
    private static func example(_ value: Double, _ unit: String?) -> String {
        let heard = quantity(value, unit)
        switch unit {
        case VoiceUnit.minutes.symbol?, VoiceUnit.hours.symbol?, VoiceUnit.seconds.symbol?: return "bottom time \(heard)"
        case VoiceUnit.celsius.symbol?, VoiceUnit.fahrenheit.symbol?: return "temperature \(heard)"
        case VoiceUnit.bar.symbol?, VoiceUnit.psi.symbol?: return "pressure \(heard)"
        case VoiceUnit.percent.symbol?: return "nitrox \(format(value))"
        default: return "depth \(heard)"
        }
    }

    private static func quantity(_ value: Double, _ unit: String?) -> String {
        guard let unit, !unit.isEmpty else { return format(value) }
        return "\(format(value)) \(unit)"
    }

    /// At most two decimals, none when whole.
    private static func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }
}
