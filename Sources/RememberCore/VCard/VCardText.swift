/// Backslash escaping of vCard text values (RFC 6350 §3.4, RFC 2426 §5).
enum VCardText {
    /// Decodes `\n`, `\N`, `\,`, `\;` and `\\`. A backslash before anything else is kept as written, because real
    /// exports contain Windows paths and emoticons that were never meant as escapes.
    static func unescaped(_ bytes: ArraySlice<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            let next = index + 1 < bytes.endIndex ? bytes[index + 1] : nil
            guard byte == VCardASCII.backslash, let next else {
                output.append(byte)
                index += 1
                continue
            }
            switch next {
            case VCardASCII.lowerN, VCardASCII.upperN: output.append(VCardASCII.lineFeed)
            case VCardASCII.comma, VCardASCII.semicolon, VCardASCII.backslash: output.append(next)
            default: output.append(contentsOf: [byte, next])
            }
            index += 2
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Splits a structured or list value on `separator` where it is not escaped, leaving each part still escaped.
    static func split(_ bytes: ArraySlice<UInt8>, on separator: UInt8) -> [ArraySlice<UInt8>] {
        var parts: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            switch bytes[index] {
            case VCardASCII.backslash:
                index += 2
                continue
            case separator:
                parts.append(bytes[start..<index])
                start = index + 1
            default:
                break
            }
            index += 1
        }
        parts.append(bytes[start..<bytes.endIndex])
        return parts
    }

    /// Escapes text for a value: backslash, comma, semicolon, and every line break (`\r\n`, `\r` or `\n`) as `\n`.
    static func escaped(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\n" where previousWasCarriageReturn:
                continue
            case "\r", "\n":
                output.append(contentsOf: "\\n".unicodeScalars)
            case "\\", ",", ";":
                output.append("\\")
                output.append(scalar)
            default:
                output.append(scalar)
            }
        }
        return String(output)
    }
}
