extension CSVMapping {
    /// The mapping a diver most likely wants for `table`, to confirm or correct.
    ///
    /// Columns are mapped from their header names (English synonyms and Subsurface's manual
    /// CSV headers, see `CSVHeaderSynonyms`); each field goes to its leftmost column. Without a
    /// header, or where a header name is not known (`Tiefe`), columns are guessed from the shape
    /// of their values, for the fields the names left open. The date format comes from
    /// all dates in the file: a first number above 12 means day-first, a second above 12
    /// month-first; when no number tells, month-first `mm/dd/yy` (Subsurface's manual-CSV
    /// default) is proposed and `isDateFormatAmbiguous` is set. Units are judged for the whole
    /// file from the header and all measured values together (`judgeUnits(in:)`).
    public static func propose(for table: CSVTable) -> CSVMapping {
        var mapping = CSVMapping()
        var named = Set<Int>()
        if let header = table.header {
            for (column, name) in header.enumerated() {
                guard let field = CSVHeaderSynonyms.field(forHeader: name) else { continue }
                named.insert(column)
                if mapping.column(for: field) == nil { mapping.columns[column] = field }
            }
        }
        // Columns whose header names nothing known (or a file without one) get the shape guess,
        // for the fields the names left unmapped.
        for (column, field) in CSVShapeProposal(table: table).columns.sorted(by: { $0.key < $1.key })
        where !named.contains(column) && mapping.column(for: field) == nil {
            mapping.columns[column] = field
        }
        var dates: [String] = []
        for field in [CSVField.date, .dateTime] {
            if let column = mapping.column(for: field) { dates += table.cells(inColumn: column) }
        }
        let proposal = CSVDateFormatProposal(cells: dates)
        mapping.setProposedDateFormat(proposal.format, isAmbiguous: proposal.isAmbiguous)
        if let column = mapping.column(for: .duration) {
            mapping.durationFormat = proposedDurationFormat(table.cells(inColumn: column))
        }
        mapping.judgeUnits(in: table)
        return mapping
    }

    /// `h:mm:ss` when every clock-like duration has three parts, plain minutes when none has a
    /// colon, else `mm:ss`. Never `h:mm`: that reading must be chosen explicitly.
    private static func proposedDurationFormat(_ cells: [String]) -> CSVDurationFormat {
        let written = cells.map(CSVText.trimmed).filter { !$0.isEmpty }
        let colons = written.map { $0.filter { $0 == ":" }.count }
        if !colons.isEmpty, colons.allSatisfy({ $0 == 2 }) { return .hoursMinutesSeconds }
        if !colons.isEmpty, colons.allSatisfy({ $0 == 0 }) { return .minutes }
        return .minutesSeconds
    }
}
