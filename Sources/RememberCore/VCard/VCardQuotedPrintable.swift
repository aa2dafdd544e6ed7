/// Decoding of vCard 2.1 `ENCODING=QUOTED-PRINTABLE` values, still found in exports from older phones.
enum VCardQuotedPrintable {
    /// Decodes `=XX` escapes into bytes and reads them in `charset` (UTF-8 unless it names Latin-1). Soft line
    /// breaks were already removed while unfolding; an `=` not followed by two hex digits is kept as written.
    /// Line breaks come out as `"\n"` alone, as in every other text Remember reads.
    static func decoded(_ bytes: ArraySlice<UInt8>, charset: String?) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == VCardASCII.equals, index + 2 < bytes.endIndex,
                let high = VCardASCII.hexValue(bytes[index + 1]), let low = VCardASCII.hexValue(bytes[index + 2])
            {
                let byte = high << 4 | low
                if byte == VCardASCII.lineFeed, raw.last == VCardASCII.carriageReturn {
                    raw.removeLast()
                }
                raw.append(byte)
                index += 3
            } else {
                raw.append(bytes[index])
                index += 1
            }
        }
        switch charset?.uppercased() {
        case "ISO-8859-1", "LATIN1", "WINDOWS-1252":
            return Array(String(String.UnicodeScalarView(raw.map { Unicode.Scalar($0) })).utf8)
        default:
            return Array(String(decoding: raw, as: UTF8.self).utf8)
        }
    }
}
