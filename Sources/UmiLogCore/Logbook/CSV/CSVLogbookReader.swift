/// Reads a CSV table as a dive log through a mapping.
///
/// Each row is one dive. A row whose date, time, duration or max depth is missing or
/// unreadable is skipped, any other unreadable value is dropped, and both are reported as
/// issues naming the row and the line it starts on. The table as a whole is refused when the
/// mapping lacks a date, max depth or duration column, names a column the table does not have,
/// or when no row is a dive (with `wrongUnit` when values are out of range, as feet read as
/// metres are).
public enum CSVLogbookReader {
    public static func read(_ table: CSVTable, mapping: CSVMapping) throws(LogbookReadError) -> LogbookReadResult {
        let missing = mapping.missingFields
        guard missing.isEmpty else {
            let names = missing.map(\.displayName).joined(separator: ", ")
            let fields = missing.map { "COLUMN=\($0.rawValue)" }.joined(separator: " ")
            throw .unreadableTable(reason: "no column is mapped to \(names); map one with --map \(fields)")
        }
        if let (column, field) = mapping.columns.sorted(by: { $0.key < $1.key }).first(where: { $0.key < 0 || $0.key >= table.columnCount }) {
            throw .unreadableTable(
                reason: "column \(column + 1) is mapped to \(field.displayName), but the table has \(table.columnCount) columns")
        }
        guard !table.rows.isEmpty else { throw .noDives }

        var sites = CSVSiteCollector()
        var dives: [LogbookDive] = []
        var issues: [LogbookIssue] = []
        var firstSkip: (problem: CSVCellProblem, line: Int)?
        for (index, row) in table.rows.enumerated() {
            let record = "row \(index + 1)"
            let draft = CSVDiveDraft(row: row, mapping: mapping, decimalComma: table.delimiter.allowsDecimalComma)
            issues += draft.issues(record: record, line: row.line, raggedNote: raggedNote(row, in: table))
            if let skip = draft.skipReason {
                if firstSkip == nil { firstSkip = (skip, row.line) }
                continue
            }
            let siteKey = sites.siteKey(for: draft, record: record, line: row.line, issues: &issues)
            if let dive = draft.dive(siteKey: siteKey) { dives.append(dive) }
        }
        if dives.isEmpty, let (problem, line) = firstSkip {
            switch problem.kind {
            case .implausible:
                throw .wrongUnit(field: problem.field.displayName, value: problem.value, expected: problem.expectation, line: line)
            case .missing, .unreadable:
                throw .unreadableTable(reason: "no row is a dive; the first, on line \(line): \(problem.message)")
            }
        }
        return LogbookReadResult(
            logbook: Logbook(sites: sites.sites, dives: dives), issues: issues,
            assumptions: mapping.unitsAssumption.map { [$0] } ?? []
        )
    }

    /// How a row's width differs from the table's, `nil` when it does not.
    static func raggedNote(_ row: CSVRow, in table: CSVTable) -> String? {
        guard row.fields.count != table.expectedFieldCount else { return nil }
        let reference = table.header == nil ? "most rows" : "the header"
        return "the row has \(row.fields.count) cells where \(reference) has \(table.expectedFieldCount)"
    }
}
