import Foundation

/// A dive-log field that can be filled by voice.
///
/// Issues name the field so the form can point at it; the raw values match the property names of
/// ``VoiceDiveFields`` without their unit suffix.
public enum VoiceField: String, CaseIterable, Codable, Sendable {
    case maxDepth
    case averageDepth
    case bottomTime
    case waterTemperature
    case visibility
    case startPressure
    case endPressure
    case oxygen
    case rating
    case buddy

    /// The field's name as a person reads it in a message ("Max depth").
    public var displayName: String {
        switch self {
        case .maxDepth: "Max depth"
        case .averageDepth: "Average depth"
        case .bottomTime: "Bottom time"
        case .waterTemperature: "Water temperature"
        case .visibility: "Visibility"
        case .startPressure: "Start pressure"
        case .endPressure: "End pressure"
        case .oxygen: "Oxygen"
        case .rating: "Rating"
        case .buddy: "Buddy"
        }
    }

    /// What the diver can say to fill the field, quoted in messages.
    var spokenExample: String {
        switch self {
        case .maxDepth: "depth twenty five"
        case .averageDepth: "average depth eighteen"
        case .bottomTime: "bottom time forty two minutes"
        case .waterTemperature: "temperature twenty eight"
        case .visibility: "visibility fifteen meters"
        case .startPressure: "start pressure two hundred"
        case .endPressure: "end pressure fifty"
        case .oxygen: "nitrox thirty two"
        case .rating: "rating four"
        case .buddy: "buddy Sam"
        }
    }

    /// How the field's value is measured; `nil` for the buddy, who is a name.
    var dimension: VoiceUnit.Dimension? {
        switch self {
        case .maxDepth, .averageDepth, .visibility: .length
        case .bottomTime: .time
        case .waterTemperature: .temperature
        case .startPressure, .endPressure: .pressure
        case .oxygen: .percent
        case .rating: .stars
        case .buddy: nil
        }
    }

    /// The accepted values in SI (metres, seconds, °C, bar, %, stars), the same limits as the
    /// dive form, so a voice value never fills a field the form would then reject.
    var validRange: ClosedRange<Double>? {
        switch self {
        case .maxDepth, .averageDepth: 0...330
        case .bottomTime: 60...36_000
        case .waterTemperature: -2...40
        case .visibility: 0...100
        case .startPressure, .endPressure: 0...350
        case .oxygen: 21...100
        case .rating: 1...5
        case .buddy: nil
        }
    }

    /// Oxygen and rating are stored as integers; "nitrox thirty two point five" is reported, not rounded.
    var needsWholeNumber: Bool {
        switch self {
        case .oxygen, .rating: true
        case .maxDepth, .averageDepth, .bottomTime, .waterTemperature, .visibility, .startPressure, .endPressure,
            .buddy:
            false
        }
    }

    /// The valid range as a person reads it ("0–330 m").
    var rangeDescription: String {
        switch self {
        case .maxDepth, .averageDepth: "0–330 m"
        case .bottomTime: "1–600 minutes"
        case .waterTemperature: "−2–40 °C"
        case .visibility: "0–100 m"
        case .startPressure, .endPressure: "0–350 bar"
        case .oxygen: "21–100 %"
        case .rating: "1–5 stars"
        case .buddy: "a name"
        }
    }
}
