/// A CSV file split into cells, before any mapping: the first step of the import wizard.
///
/// Parsing follows RFC 4180 with the leniency real files need (see `CSVTokenizer`): the
/// delimiter is detected among `,` `;` tab `|`, a UTF-8 byte order mark is dropped, blank lines
/// are skipped, and rows with a different number of cells are kept and reported
/// (`raggedRows`) rather than refused. Only a quote that is never closed refuses the file.
public struct CSVTable: Hashable, Sendable {
    public let delimiter: CSVDelimiter
    /// The column names, when the first row is a header; a leading `#` of the first name (as in
    /// Subsurface's `#Nr`) is dropped.
    public let header: [String]?
    /// The physical line of the header, when there is one.
    public let headerLine: Int?
    public let rows: [CSVRow]
    /// The widest row's width (at least the header's): the columns a mapping can name.
    public let columnCount: Int
    /// The width a row should have: the header's, or else the most common one.
    public let expectedFieldCount: Int

    /// Splits `bytes` (UTF-8, UTF-16 with a byte order mark, or Latin-1).
    ///
    /// - Parameters:
    ///   - delimiter: `nil` detects it.
    ///   - hasHeader: `nil` detects it: the first row is a header when none of its cells is a
    ///     number, date or time and some later row has one.
    /// - Throws: `LogbookReadError.unreadableTable` naming the line of a quote never closed.
    public init(bytes: [UInt8], delimiter: CSVDelimiter? = nil, hasHeader: Bool? = nil) throws(LogbookReadError) {
        let text = CSVTextDecoding.utf8(bytes)
        let delimiter = delimiter ?? CSVDelimiter.detect(in: text)
        var records = try CSVTokenizer(bytes: text, delimiter: delimiter.byte).records()
        let isHeader = hasHeader ?? Self.looksLikeHeader(records, decimalComma: delimiter.allowsDecimalComma)
        if isHeader, let first = records.first {
            var names = first.fields.map(CSVText.trimmed)
            if let name = names.first, name.hasPrefix("#") {
                names[0] = CSVText.trimmed(String(name.drop { $0 == "#" }))
            }
            header = names
            headerLine = first.line
            records.removeFirst()
        } else {
            header = nil
            headerLine = nil
        }
        self.delimiter = delimiter
        rows = records.map { CSVRow(line: $0.line, fields: $0.fields) }
        let widths = rows.map(\.fields.count)
        columnCount = max(header?.count ?? 0, widths.max() ?? 0)
        expectedFieldCount = header?.count ?? Self.mostCommon(widths) ?? 0
    }

    /// Splits text already in memory (a leading byte order mark is dropped).
    public init(text: String, delimiter: CSVDelimiter? = nil, hasHeader: Bool? = nil) throws(LogbookReadError) {
        try self.init(bytes: Array(text.utf8), delimiter: delimiter, hasHeader: hasHeader)
    }

    /// Rows whose width differs from `expectedFieldCount`: often an unquoted delimiter in a
    /// text cell, which shifts the cells after it.
    public var raggedRows: [CSVRow] {
        rows.filter { $0.fields.count != expectedFieldCount }
    }

    /// A 0-based column as people see it: its header name, or `column 3` (1-based).
    public func name(ofColumn column: Int) -> String {
        if let header, header.indices.contains(column), !header[column].isEmpty { return header[column] }
        return "column \(column + 1)"
    }

    /// The 0-based column with this header name (case-insensitive, a leading `#` optional).
    public func column(named name: String) -> Int? {
        guard let header else { return nil }
        let wanted = CSVText.trimmed(String(CSVText.trimmed(name).drop { $0 == "#" })).lowercased()
        return header.firstIndex { $0.lowercased() == wanted }
    }

    /// The cells of one 0-based column, row by row.
    func cells(inColumn column: Int) -> [String] {
        rows.map { $0[column] }
    }

    private static func looksLikeHeader(_ records: [CSVRecord], decimalComma: Bool) -> Bool {
        guard let first = records.first else { return false }
        let shapes = first.fields.map { CSVCellShape($0, decimalComma: decimalComma) }
        guard !shapes.contains(where: \.isData), shapes.contains(.text) else { return false }
        if records.count == 1 { return true }
        return records.dropFirst().prefix(50).contains { record in
            record.fields.contains { CSVCellShape($0, decimalComma: decimalComma).isData }
        }
    }

    private static func mostCommon(_ values: [Int]) -> Int? {
        var counts: [Int: Int] = [:]
        for value in values { counts[value, default: 0] += 1 }
        return counts.max { ($0.value, $0.key) < ($1.value, $1.key) }?.key
    }
}
