/// Which unit system a CSV file's unlabelled numbers are in, judged once for the whole file
/// from every measured field together.
///
/// A header may say metric (or say nothing) while the numbers are imperial: depths of 98–130
/// read as metres are possible, so judging each value alone kept them, while dropping every
/// temperature of 70–85 (°C) and pressure of 3000 (bar) as wrong units. Here every unlabelled
/// depth, visibility, temperature, pressure and weight of the file is read both ways. The file
/// is read against what its header says (metric when it names no unit) only when at least half
/// of those values would be impossible that way and fewer are impossible the other way: a stray
/// bad value is that value's problem, not the file's. A cell with its own unit (`60 ft`) is read
/// in that unit either way and is not counted. The choice is applied to every row, and shown in
/// the preview when it differs from the header's; `--csv-units` overrides it.
struct CSVUnitJudgement {
    /// The system chosen.
    let units: UnitSystem
    /// What the preview says when the values overrode the header; `nil` otherwise.
    let assumption: LogbookUnitAssumption?

    /// The measured fields and how each is read.
    private static let quantities: [(CSVField, CSVQuantity)] = [
        (.maxDepth, .depth), (.meanDepth, .depth), (.visibility, .distance), (.waterTemperature, .temperature),
        (.airTemperature, .temperature), (.startPressure, .pressure), (.endPressure, .pressure), (.weight, .weight),
    ]

    init(table: CSVTable, mapping: CSVMapping, declared: UnitSystem) {
        let decimalComma = table.delimiter.allowsDecimalComma
        var counted = 0
        var impossible: [UnitSystem: Int] = [.metric: 0, .imperial: 0]
        var example: [UnitSystem: String] = [:]
        for (field, quantity) in Self.quantities {
            guard let column = mapping.column(for: field) else { continue }
            for cell in table.cells(inColumn: column) {
                guard let number = CSVNumber(cell, decimalComma: decimalComma), number.unit.isEmpty else { continue }
                counted += 1
                for system in UnitSystem.allCases {
                    if case .failure(.outOfRange) = quantity.value(of: cell, units: system, decimalComma: decimalComma) {
                        impossible[system, default: 0] += 1
                        if example[system] == nil { example[system] = "\(field.displayName) \(CSVText.trimmed(cell))" }
                    }
                }
            }
        }
        let other: UnitSystem = declared == .metric ? .imperial : .metric
        let wrong = impossible[declared] ?? 0
        let right = impossible[other] ?? 0
        let chosen = counted > 0 && wrong * 2 >= counted && right < wrong ? other : declared
        units = chosen
        guard chosen != declared else {
            assumption = nil
            return
        }
        let symbols = chosen == .imperial ? "ft, °F, psi, lb" : "m, °C, bar, kg"
        var reason = "as \(declared.rawValue), \(wrong) of \(counted) values would be impossible"
        if let sample = example[declared] { reason += " (\(sample))" }
        reason += right == 0 ? "; as \(chosen.rawValue), none" : "; as \(chosen.rawValue), \(right)"
        assumption = LogbookUnitAssumption(
            field: "numbers without a unit", unit: "\(chosen.rawValue) (\(symbols))", reason: reason
        )
    }
}
