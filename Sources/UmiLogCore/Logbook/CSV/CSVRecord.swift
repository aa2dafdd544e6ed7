/// One record of a CSV file as the tokenizer splits it: its fields, and the physical line it
/// starts on (a quoted field may span several lines, so records and lines differ).
struct CSVRecord: Hashable, Sendable {
    var line: Int
    var fields: [String]
}
