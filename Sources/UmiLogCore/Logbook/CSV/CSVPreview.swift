/// The first rows of a table as a mapping reads them: the wizard's preview step, shown before
/// anything is imported so the diver can see a wrong column or date format at a glance.
///
/// Values are shown as read, in SI with their unit (`2013-10-01`, `45:00`, `18 m`), so
/// `10/1/13` shows as October or January depending on the date format; a cell that could not
/// be read shows as written. The preview never throws: an incomplete mapping is listed in
/// `missingFields` and its rows show as skipped.
public struct CSVPreview: Hashable, Sendable {
    /// One previewed row.
    public struct Row: Hashable, Sendable {
        /// The physical line where the row starts.
        public let line: Int
        /// Each mapped field's value; fields with an empty cell are absent.
        public let values: [CSVField: String]
        /// The row would not be imported (see `issues`).
        public let isSkipped: Bool
    }

    /// The mapped fields, in column order: the preview's columns.
    public let fields: [CSVField]
    public let rows: [Row]
    /// The previewed rows' problems, as the import would report them.
    public let issues: [LogbookIssue]
    /// Fields a dive needs that no column is mapped to.
    public let missingFields: [CSVField]

    public init(table: CSVTable, mapping: CSVMapping, rowLimit: Int = 10) {
        fields = mapping.columns.filter { $0.value != .ignore }.sorted { $0.key < $1.key }.map(\.value)
            .reduce(into: []) { fields, field in if !fields.contains(field) { fields.append(field) } }
        missingFields = mapping.missingFields
        var rows: [Row] = []
        var issues: [LogbookIssue] = []
        for (index, row) in table.rows.prefix(max(0, rowLimit)).enumerated() {
            let draft = CSVDiveDraft(row: row, mapping: mapping, decimalComma: table.delimiter.allowsDecimalComma)
            issues += draft.issues(
                record: "row \(index + 1)", line: row.line, raggedNote: CSVLogbookReader.raggedNote(row, in: table))
            var values: [CSVField: String] = [:]
            for field in fields {
                guard let column = mapping.column(for: field) else { continue }
                if let text = Self.text(of: field, in: draft) {
                    values[field] = text
                } else if !CSVText.trimmed(row[column]).isEmpty {
                    values[field] = row[column]
                }
            }
            rows.append(Row(line: row.line, values: values, isSkipped: draft.skipReason != nil))
        }
        self.rows = rows
        self.issues = issues
    }

    private static func text(of field: CSVField, in draft: CSVDiveDraft) -> String? {
        func measure(_ value: Double?, _ unit: String) -> String? {
            value.map { "\(CSVValueText.number($0)) \(unit)" }
        }
        switch field {
        case .number: return draft.number.map(String.init)
        case .date: return draft.dateStart?.dateText
        case .dateTime: return draft.dateStart.map { "\($0.dateText) \($0.timeText)" }
        case .time: return draft.time.map(CSVValueText.timeOfDay)
        case .duration: return draft.durationSeconds.map(CSVValueText.duration)
        case .maxDepth: return measure(draft.maxDepthMeters, "m")
        case .meanDepth: return measure(draft.meanDepthMeters, "m")
        case .waterTemperature: return measure(draft.waterTemperatureCelsius, "°C")
        case .airTemperature: return measure(draft.airTemperatureCelsius, "°C")
        case .buddy: return draft.buddy
        case .divemaster: return draft.divemaster
        case .suit: return draft.suit
        case .notes: return draft.notes
        case .location: return draft.location
        case .latitude: return draft.latitude.map(CSVValueText.number)
        case .longitude: return draft.longitude.map(CSVValueText.number)
        case .gps:
            guard let latitude = draft.latitude, let longitude = draft.longitude else { return nil }
            return "\(CSVValueText.number(latitude)), \(CSVValueText.number(longitude))"
        case .tags: return draft.tags.isEmpty ? nil : draft.tags.joined(separator: "; ")
        case .rating: return draft.rating.map(String.init)
        case .visibility: return measure(draft.visibilityMeters, "m")
        case .cylinderSize: return measure(draft.cylinderSizeLiters, "l")
        case .startPressure: return measure(draft.startPressureBar, "bar")
        case .endPressure: return measure(draft.endPressureBar, "bar")
        case .oxygen: return measure(draft.oxygenPercent, "%")
        case .helium: return measure(draft.heliumPercent, "%")
        case .weight: return measure(draft.weightKilograms, "kg")
        case .ignore: return nil
        }
    }
}
