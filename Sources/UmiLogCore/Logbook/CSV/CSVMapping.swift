/// How to read a CSV table as dives: what each column means and how its values are written.
///
/// `CSVMapping.propose(for:)` fills it from the header names (or the values' shapes); the
/// wizard or the command line then corrects it (`apply(_:in:)` reads `--map COLUMN=FIELD`)
/// before `CSVLogbookReader` uses it.
public struct CSVMapping: Hashable, Sendable {
    /// 0-based column → field. Unlisted columns are ignored. When several columns name the same
    /// field, the leftmost is read (`assign(_:toColumn:)` keeps each field on one column).
    public var columns: [Int: CSVField]
    /// Setting it, as a diver confirming the format does, clears `isDateFormatAmbiguous`.
    public var dateFormat: CSVDateFormat {
        didSet { isDateFormatAmbiguous = false }
    }
    public var durationFormat: CSVDurationFormat
    /// The units of values written without a unit; a unit in the cell (`60 ft`) always wins.
    /// Setting it, as a diver choosing the units does, clears `unitsAssumption`.
    public var units: UnitSystem {
        didSet { unitsAssumption = nil }
    }
    /// Set when the file's values, not its header, decided `units` (see `judgeUnits(in:)`).
    public private(set) var unitsAssumption: LogbookUnitAssumption?
    /// `true` when the proposal could not tell day-first from month-first dates (every day and
    /// month is 12 or less, as in `10/1/13`): the diver must confirm `dateFormat`.
    public private(set) var isDateFormatAmbiguous: Bool

    public init(
        columns: [Int: CSVField] = [:], dateFormat: CSVDateFormat = .yearMonthDay,
        durationFormat: CSVDurationFormat = .minutesSeconds, units: UnitSystem = .metric
    ) {
        self.columns = columns
        self.dateFormat = dateFormat
        self.durationFormat = durationFormat
        self.units = units
        isDateFormatAmbiguous = false
        unitsAssumption = nil
    }

    /// Chooses `units` for the whole file from its header and all its measured values
    /// (`CSVUnitJudgement`): imperial when a header names an imperial unit, unless the values
    /// are possible in fewer cells that way than the other; the columns must be mapped first.
    public mutating func judgeUnits(in table: CSVTable) {
        let declared: UnitSystem = table.header?.contains(where: CSVHeaderSynonyms.namesImperialUnit) == true ? .imperial : .metric
        let judgement = CSVUnitJudgement(table: table, mapping: self, declared: declared)
        units = judgement.units
        unitsAssumption = judgement.assumption
    }

    /// The leftmost column mapped to `field`.
    public func column(for field: CSVField) -> Int? {
        columns.filter { $0.value == field }.keys.min()
    }

    /// The field a 0-based column is mapped to (`ignore` when none).
    public func field(forColumn column: Int) -> CSVField {
        columns[column] ?? .ignore
    }

    /// Maps `column` to `field`, taking the field off any other column so it is read from
    /// this one.
    public mutating func assign(_ field: CSVField, toColumn column: Int) {
        if field != .ignore {
            for (other, mapped) in columns where mapped == field && other != column { columns[other] = nil }
        }
        columns[column] = field == .ignore ? nil : field
    }

    /// Applies a command-line assignment `COLUMN=FIELD`: COLUMN is a header name
    /// (case-insensitive) or a 1-based column number, FIELD a `CSVField` name or alias.
    public mutating func apply(_ assignment: String, in table: CSVTable) throws(CSVMappingError) {
        guard let equals = assignment.lastIndex(of: "=") else { throw .malformedAssignment(assignment) }
        let columnText = CSVText.trimmed(String(assignment[..<equals]))
        let fieldText = String(assignment[assignment.index(after: equals)...])
        guard let field = CSVField(name: fieldText) else { throw .unknownField(CSVText.trimmed(fieldText)) }
        if let column = table.column(named: columnText) {
            assign(field, toColumn: column)
        } else if let number = Int(columnText), number >= 1, number <= table.columnCount {
            assign(field, toColumn: number - 1)
        } else {
            throw .unknownColumn(columnText, columns: (0..<table.columnCount).map { table.name(ofColumn: $0) })
        }
    }

    /// The fields a dive cannot do without that no column is mapped to: a date, a max depth
    /// and a duration.
    public var missingFields: [CSVField] {
        var missing: [CSVField] = []
        if column(for: .date) == nil, column(for: .dateTime) == nil { missing.append(.date) }
        if column(for: .maxDepth) == nil { missing.append(.maxDepth) }
        if column(for: .duration) == nil { missing.append(.duration) }
        return missing
    }

    /// For the proposal, which sets the flag along with the format it guessed.
    mutating func setProposedDateFormat(_ format: CSVDateFormat, isAmbiguous: Bool) {
        dateFormat = format
        isDateFormatAmbiguous = isAmbiguous
    }
}
