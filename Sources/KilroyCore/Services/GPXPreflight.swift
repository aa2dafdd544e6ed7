import Foundation

/// GPX's own rules, checked on the bytes before the XML reader sees them: a GPX file is UTF-8
/// (the GPX 1.1 schema's files are, and every tracker writes it), declares no other encoding,
/// and needs no DOCTYPE and no empty processing instruction.
///
/// These checks began as a guard for Foundation's `XMLParser`, which crashed on such input on
/// Linux; XMLKit reads them safely, but refusing them still gives a GPX-specific message with
/// its line instead of a generic XML one. The scan is byte-level and conservative: such text
/// inside a comment or CDATA section is refused too.
enum GPXPreflight {
    static func check(_ bytes: [UInt8]) throws(GPXError) {
        try checkUTF8(bytes)
        try checkDeclaredEncoding(bytes)
        let doctype = Array("<!DOCTYPE".utf8)
        var line = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
            } else if byte == UInt8(ascii: "<"), index + 1 < bytes.count {
                if bytes[index + 1] == UInt8(ascii: "!"), bytes[index...].starts(with: doctype) {
                    throw .unsupportedMarkup(line: line, what: "a DOCTYPE declaration (GPX needs none)")
                }
                if bytes[index + 1] == UInt8(ascii: "?"), isEmptyInstruction(bytes, from: index + 2) {
                    throw .unsupportedMarkup(line: line, what: "a processing instruction without data")
                }
            }
            index += 1
        }
    }

    /// Whether the processing instruction whose target starts at `start` has no data: the target,
    /// optional white space, then `?>` (or the end of the input).
    private static func isEmptyInstruction(_ bytes: [UInt8], from start: Int) -> Bool {
        var index = start
        while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "?") {
            index += 1
        }
        while index < bytes.count, isSpace(bytes[index]) {
            index += 1
        }
        return index >= bytes.count || bytes[index] == UInt8(ascii: "?")
    }

    /// Throws `notUTF8` with the line of the first byte sequence that is not UTF-8.
    private static func checkUTF8(_ bytes: [UInt8]) throws(GPXError) {
        var line = 1
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { line += 1 }
            case .emptyInput:
                return
            case .error:
                throw .notUTF8(line: line)
            }
        }
    }

    /// An XML declaration may name UTF-8 (or its subset US-ASCII) and nothing else, so that
    /// libxml2 never re-decodes the bytes checked above.
    private static func checkDeclaredEncoding(_ bytes: [UInt8]) throws(GPXError) {
        let head = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        guard head.starts(with: Array("<?xml".utf8)), let end = head.firstIndex(of: UInt8(ascii: ">")) else { return }
        let declaration = String(decoding: head[..<end], as: UTF8.self).lowercased()
        guard let range = declaration.range(of: "encoding") else { return }
        let rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
        let name = rest.prefix { $0 != "\"" && $0 != "'" && $0 != " " && $0 != "?" }
        guard ["utf-8", "utf8", "us-ascii", "ascii"].contains(String(name)) else {
            throw .unsupportedMarkup(line: 1, what: "the encoding \"\(name.prefix(20))\" (only UTF-8)")
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
