/// One data row of a `CSVTable`.
public struct CSVRow: Hashable, Sendable {
    /// The physical line of the file where the row starts (a quoted field may span lines).
    public let line: Int
    /// The cells as written, unquoted; unquoted cells without surrounding spaces.
    public let fields: [String]

    init(line: Int, fields: [String]) {
        self.line = line
        self.fields = fields
    }

    /// The cell in a 0-based column; empty when the row is too short to have it.
    public subscript(column: Int) -> String {
        fields.indices.contains(column) ? fields[column] : ""
    }
}
