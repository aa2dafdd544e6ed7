public import Foundation

/// Why a command-line mapping (`--map COLUMN=FIELD`) cannot be applied: a usage error, told
/// with the names that would have worked.
public enum CSVMappingError: LocalizedError, Equatable, Sendable {
    /// No `=` between column and field.
    case malformedAssignment(String)
    /// Neither a header name nor a column number of the table.
    case unknownColumn(String, columns: [String])
    case unknownField(String)

    public var errorDescription: String? {
        switch self {
        case .malformedAssignment(let text):
            "\"\(text)\" is not COLUMN=FIELD (for example maxdepth=max-depth or 5=max-depth)."
        case .unknownColumn(let column, let columns):
            "The table has no column \"\(column)\"; use a header name or a number from 1 to \(columns.count): \(columns.joined(separator: ", "))."
        case .unknownField(let field):
            "\"\(field)\" is not a field; use one of: \(CSVField.allCases.map(\.rawValue).joined(separator: ", "))."
        }
    }
}
