/// The character that separates fields: the four that spreadsheets and Subsurface use.
public enum CSVDelimiter: String, CaseIterable, Codable, Hashable, Sendable {
    case comma = ","
    case semicolon = ";"
    case tab = "\t"
    case pipe = "|"

    /// Reads a delimiter as a person types it on a command line: the character itself,
    /// `\t`, or its name (`comma`, `semicolon`, `tab`, `pipe`), case-insensitive.
    public init?(name: String) {
        switch name.lowercased() {
        case ",", "comma": self = .comma
        case ";", "semicolon": self = .semicolon
        case "\t", "\\t", "tab": self = .tab
        case "|", "pipe": self = .pipe
        default: return nil
        }
    }

    /// How the delimiter is named to people ("tab" rather than an invisible character).
    public var displayName: String {
        switch self {
        case .comma: "comma"
        case .semicolon: "semicolon"
        case .tab: "tab"
        case .pipe: "pipe"
        }
    }

    var byte: UInt8 {
        switch self {
        case .comma: UInt8(ascii: ",")
        case .semicolon: UInt8(ascii: ";")
        case .tab: UInt8(ascii: "\t")
        case .pipe: UInt8(ascii: "|")
        }
    }

    /// Whether `18,5` can be a number: only when the comma cannot be the delimiter.
    var allowsDecimalComma: Bool { self != .comma }

    /// The delimiter that splits the first records most consistently into more than one field.
    ///
    /// Each candidate tokenizes the first lines with quotes honoured; the winner has the
    /// largest share of records with the same field count, then the most fields, then comes
    /// first in `allCases` (comma, the RFC's own). A file that no candidate splits is a single
    /// column, read with commas.
    static func detect(in bytes: [UInt8], sampleRecords: Int = 20) -> CSVDelimiter {
        var best: (delimiter: CSVDelimiter, consistency: Double, fields: Int)?
        for candidate in allCases {
            let tokenizer = CSVTokenizer(bytes: bytes, delimiter: candidate.byte)
            guard let records = try? tokenizer.records(limit: sampleRecords), !records.isEmpty else { continue }
            var counts: [Int: Int] = [:]
            for record in records { counts[record.fields.count, default: 0] += 1 }
            guard let (fields, occurrences) = counts.max(by: { ($0.value, $0.key) < ($1.value, $1.key) }), fields > 1
            else { continue }
            let consistency = Double(occurrences) / Double(records.count)
            if let current = best, (current.consistency, current.fields) >= (consistency, fields) { continue }
            best = (candidate, consistency, fields)
        }
        return best?.delimiter ?? .comma
    }
}
