import XMLKit

/// The units a UDDF file turns out to use, judged per field over the whole file before any dive
/// is read.
///
/// UDDF is SI by schema, so a tank pressure is pascal. Some writers put psi there: 3000 "Pa" is
/// 0.03 bar, which no reading value by value can notice. A field is read in another unit only
/// when that is unambiguous for all its values together — every positive value fits the other
/// unit, and none could be pascal (nor bar): then every value of the field is converted and the
/// preview says so. Anything less clear is read as the schema says, value by value, as before.
struct UDDFFileUnits: Hashable, Sendable {
    enum PressureUnit: Hashable, Sendable {
        case pascal
        case psi
    }

    /// Tank pressures: `tankdata`'s begin and end, and waypoints' `tankpressure`.
    var tankPressure = PressureUnit.pascal
    /// What the preview shows for each field not read in the schema's unit.
    var assumptions: [LogbookUnitAssumption] = []

    /// The elements whose values are tank pressures.
    static let tankPressureElements: Set<String> = ["tankpressurebegin", "tankpressureend", "tankpressure"]

    /// psi of the fullest cylinder there is (450 bar); above it a value is not psi.
    static let highestPSI = 450 * UnitSystem.psiPerBar
    /// Bar of the fullest cylinder there is; above it a value is not bar.
    static let highestBar = 450.0

    /// The survey of a field's values, kept as it goes so a streamed file needs no second copy.
    struct Survey: Hashable, Sendable {
        private(set) var count = 0
        private(set) var lowest = Double.infinity
        private(set) var highest = 0.0

        mutating func add(_ text: String) {
            guard let value = UDDFDecimal(text)?.doubleValue, value.isFinite, value > 0 else { return }
            count += 1
            lowest = min(lowest, value)
            highest = max(highest, value)
        }
    }

    /// Judges the units from the tank pressures surveyed.
    init(tankPressures survey: Survey) {
        // Above the fullest cylinder in bar, within it in psi, and so far below one bar as
        // pascal (at most 0.07 bar) that no value can be pascal: psi, for all of them.
        guard survey.count > 0, survey.highest > Self.highestBar, survey.highest <= Self.highestPSI else { return }
        tankPressure = .psi
        let range = "\(Self.text(survey.lowest))–\(Self.text(survey.highest))"
        let asBar = "\(Self.text(survey.lowest / UnitSystem.psiPerBar))–\(Self.text(survey.highest / UnitSystem.psiPerBar)) bar"
        assumptions.append(
            LogbookUnitAssumption(
                field: "tank pressure", unit: "psi",
                reason: "UDDF requires pascal, but every tank pressure in the file is \(range), under 0.1 bar as pascal and \(asBar) as psi"
            ))
    }

    init() {}

    /// Surveys the tank pressures under `element` (a dive, or the whole document).
    static func survey(_ element: XMLTree, into survey: inout Survey) {
        var pending = [element]
        while let next = pending.popLast() {
            if tankPressureElements.contains(next.name), let text = next.trimmedText { survey.add(text) }
            pending.append(contentsOf: next.children)
        }
    }

    private static func text(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(Double(Int(value * 100)) / 100)
    }
}
