/// A value the quality checks (stage 5) found outside what recreational diving makes plausible
/// (seed, "Data Quality Checks"). Flagged sites are kept, for a person to review.
package enum QualityFlag: String, DropReason, CaseIterable, Comparable {
    case depthOutOfRange = "depth-out-of-range"
    case visibilityOutOfRange = "visibility-out-of-range"
    case temperatureOutOfRange = "temperature-out-of-range"

    package var code: String { rawValue }

    var explanation: String {
        switch self {
        case .depthOutOfRange: "Maximum depth outside 5–130 m, the recreational and technical diving range."
        case .visibilityOutOfRange: "Visibility outside 3–60 m, the range divers realistically report."
        case .temperatureOutOfRange: "Water temperature outside 0–35 °C."
        }
    }

    package static func < (lhs: QualityFlag, rhs: QualityFlag) -> Bool { lhs.rawValue < rhs.rawValue }
}
