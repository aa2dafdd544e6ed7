/// Folds content lines to at most 75 octets (RFC 6350 §3.2), never inside a UTF-8 sequence, so strict readers
/// accept the file and no character is ever cut in half.
enum VCardLineFolder {
    static let maximumLineOctets = 75

    /// Appends `line` folded onto continuation lines that start with a space, each line ended by CRLF.
    static func appendFolded(_ line: String, to output: inout String) {
        let bytes = Array(line.utf8)
        var start = 0
        var limit = maximumLineOctets
        repeat {
            var end = min(start + limit, bytes.count)
            // Back up to the start of a scalar: UTF-8 continuation bytes look like 0b10xxxxxx.
            while end < bytes.count, end > start, bytes[end] & 0xC0 == 0x80 {
                end -= 1
            }
            if start > 0 {
                output += " "
            }
            output += String(decoding: bytes[start..<end], as: UTF8.self)
            output += "\r\n"
            start = end
            limit = maximumLineOctets - 1
        } while start < bytes.count
    }
}
