/// Turns a file's bytes into UTF-8 for the tokenizer.
///
/// Spreadsheets write CSV in whatever encoding the machine uses: UTF-8 with or without a byte
/// order mark, UTF-16 ("Unicode text" from Excel) or a legacy 8-bit code page. A dive log must
/// not be refused for that, so anything that is not valid UTF-8 is read as ISO Latin-1, where
/// every byte is a character: names may come out wrong, but no row is lost.
enum CSVTextDecoding {
    static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return Array(String(decoding: bytes.dropFirst(3), as: UTF8.self).utf8)
        }
        if bytes.starts(with: [0xFF, 0xFE]) {
            return utf16(bytes.dropFirst(2), littleEndian: true)
        }
        if bytes.starts(with: [0xFE, 0xFF]) {
            return utf16(bytes.dropFirst(2), littleEndian: false)
        }
        if String(validating: bytes, as: UTF8.self) != nil {
            return bytes
        }
        return Array(String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })).utf8)
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, littleEndian: Bool) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index])
            let second = UInt16(bytes[index + 1])
            units.append(littleEndian ? first | second << 8 : first << 8 | second)
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }
}
