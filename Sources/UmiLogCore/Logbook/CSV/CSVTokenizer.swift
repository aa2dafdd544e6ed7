/// Splits UTF-8 bytes into records by RFC 4180, leniently enough for hand-made files.
///
/// - A field that starts with `"` (after optional spaces) is quoted: it runs to the next lone
///   `"`, may hold the delimiter, line breaks (CR, LF or CRLF, kept as written) and doubled
///   quotes (`""` is one `"`). Text between the closing quote and the next delimiter is kept
///   rather than refused.
/// - An unquoted field runs to the delimiter or the end of the line; a `"` inside it is an
///   ordinary character. Spaces (and tabs, unless tab is the delimiter) around an unquoted
///   field are dropped — people type `1, 10/1/13, 18` — while a quoted field is kept exactly,
///   which is how the writer protects leading or trailing spaces.
/// - Records end at CR, LF or CRLF. Blank lines carry no record and are skipped, wherever
///   they are.
/// - A quote that is never closed would swallow the rest of the file, so it is an error
///   naming the line where it opened.
struct CSVTokenizer {
    private static let quote = UInt8(ascii: "\"")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")

    let bytes: [UInt8]
    let delimiter: UInt8

    /// The first `limit` records.
    func records(limit: Int = .max) throws(LogbookReadError) -> [CSVRecord] {
        var records: [CSVRecord] = []
        var index = 0
        var line = 1
        while index < bytes.count, records.count < limit {
            let startLine = line
            var fields: [String] = []
            var isBlank = true
            while true {
                let field = try readField(at: &index, line: &line)
                fields.append(field.text)
                if field.isQuoted || !field.text.isEmpty { isBlank = false }
                guard index < bytes.count else { break }
                if bytes[index] == delimiter {
                    isBlank = false
                    index += 1
                    continue
                }
                skipLineBreak(at: &index, line: &line)
                break
            }
            if !isBlank { records.append(CSVRecord(line: startLine, fields: fields)) }
        }
        return records
    }

    private func readField(at index: inout Int, line: inout Int) throws(LogbookReadError) -> (text: String, isQuoted: Bool) {
        while index < bytes.count, isPadding(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == Self.quote else {
            let start = index
            while index < bytes.count, !endsField(bytes[index]) { index += 1 }
            var end = index
            while end > start, isPadding(bytes[end - 1]) { end -= 1 }
            return (String(decoding: bytes[start..<end], as: UTF8.self), false)
        }
        let openingLine = line
        index += 1
        var value: [UInt8] = []
        var isClosed = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Self.quote {
                if index + 1 < bytes.count, bytes[index + 1] == Self.quote {
                    value.append(Self.quote)
                    index += 2
                    continue
                }
                index += 1
                isClosed = true
                break
            }
            if byte == Self.lineFeed || (byte == Self.carriageReturn && !(index + 1 < bytes.count && bytes[index + 1] == Self.lineFeed)) {
                line += 1
            }
            value.append(byte)
            index += 1
        }
        guard isClosed else {
            throw .unreadableTable(reason: "the quoted field that opens on line \(openingLine) is never closed")
        }
        let tailStart = index
        while index < bytes.count, !endsField(bytes[index]) { index += 1 }
        var tailEnd = index
        while tailEnd > tailStart, isPadding(bytes[tailEnd - 1]) { tailEnd -= 1 }
        value.append(contentsOf: bytes[tailStart..<tailEnd])
        return (String(decoding: value, as: UTF8.self), true)
    }

    private func skipLineBreak(at index: inout Int, line: inout Int) {
        if bytes[index] == Self.carriageReturn, index + 1 < bytes.count, bytes[index + 1] == Self.lineFeed {
            index += 2
        } else {
            index += 1
        }
        line += 1
    }

    private func endsField(_ byte: UInt8) -> Bool {
        byte == delimiter || byte == Self.lineFeed || byte == Self.carriageReturn
    }

    private func isPadding(_ byte: UInt8) -> Bool {
        byte == Self.space || (byte == Self.tab && delimiter != Self.tab)
    }
}
