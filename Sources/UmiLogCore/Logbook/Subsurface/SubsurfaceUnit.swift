/// The metric unit a native Subsurface file writes after each kind of number.
///
/// Subsurface reads only the leading number of an attribute and assumes metric, so the suffix is
/// decoration — unless it names another unit (`ft`, `psi`, `F`, …). Such a file was not written
/// by Subsurface's native writer, and reading its numbers as metric would silently corrupt every
/// dive, so the reader refuses it instead (`LogbookReadError.wrongUnit`).
enum SubsurfaceUnit: CaseIterable, Sendable {
    case depth
    case temperature
    case pressure
    case volume
    case weight
    case salinity
    case percent
    case duration
    /// A plain count (heart beats): no unit, or `bpm`.
    case count

    /// The unit as Subsurface writes it, used in error messages.
    var symbol: String {
        switch self {
        case .depth: "m"
        case .temperature: "C"
        case .pressure: "bar"
        case .volume: "l"
        case .weight: "kg"
        case .salinity: "g/l"
        case .percent: "%"
        case .duration: "min"
        case .count: "bpm"
        }
    }

    /// Whether `suffix` (already trimmed, possibly empty) is this unit or no unit at all.
    func accepts(_ suffix: String) -> Bool {
        if suffix.isEmpty { return true }
        let lowered = suffix.lowercased()
        switch self {
        case .temperature: return lowered == "c" || lowered == "°c"
        case .depth, .pressure, .volume, .weight, .salinity, .percent, .duration, .count:
            return lowered == symbol
        }
    }
}
