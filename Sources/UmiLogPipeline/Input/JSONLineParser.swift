/// Reads one line of JSON Lines input into a ``JSONLineObject``.
///
/// Written by hand because the pipeline reads a million lines in seconds, which Foundation's
/// decoders do not manage on Linux, and because its input is untrusted: every byte sequence
/// gives either an object or a ``JSONLineError``, never a crash (fuzz-tested). It accepts
/// exactly RFC 8259 JSON with an object at the top level; nesting is limited to
/// ``maximumDepth`` levels so a hostile line cannot exhaust the stack. Invalid UTF-8 inside
/// strings is replaced with U+FFFD, as is a lone surrogate escape.
struct JSONLineParser {
    static let maximumDepth = 64

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses `bytes` as one JSON object, surrounded by nothing but whitespace.
    static func parseObject(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONLineError) -> JSONLineObject {
        var parser = JSONLineParser(bytes: bytes)
        parser.skipWhitespace()
        let object = try parser.object()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.failure("text after the closing brace") }
        return object
    }

    /// Convenience for tests and small inputs.
    static func parseObject(_ text: some Collection<UInt8>) throws(JSONLineError) -> JSONLineObject {
        let array = Array(text)
        let result: Result<JSONLineObject, JSONLineError> = array.withUnsafeBufferPointer { buffer in
            do throws(JSONLineError) {
                return .success(try parseObject(buffer))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    // MARK: Grammar

    private mutating func object() throws(JSONLineError) -> JSONLineObject {
        guard peek == UInt8(ascii: "{") else { throw failure("expected an object") }
        index += 1
        var object = JSONLineObject()
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            index += 1
            return object
        }
        while true {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else { throw failure("expected a key") }
            let key = try string()
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            skipWhitespace()
            object.members.append((key, try value()))
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "}"):
                index += 1
                return object
            default:
                throw failure("expected ',' or '}'")
            }
        }
    }

    private mutating func value() throws(JSONLineError) -> JSONLineValue {
        switch peek {
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try number()
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "["):
            return try array()
        case UInt8(ascii: "{"):
            let start = index
            try skipValue(depth: 1)
            return .raw(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
        default:
            throw failure(index < bytes.count ? "unexpected character" : "unexpected end of line")
        }
    }

    /// An array of strings becomes `.strings`; anything else is kept raw.
    private mutating func array() throws(JSONLineError) -> JSONLineValue {
        let start = index
        index += 1
        var strings: [String] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            index += 1
            return .strings(strings)
        }
        while true {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else {
                index = start
                try skipValue(depth: 1)
                return .raw(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
            }
            strings.append(try string())
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .strings(strings)
            default:
                throw failure("expected ',' or ']'")
            }
        }
    }

    /// Checks any value's syntax without building it (nested objects and arrays).
    private mutating func skipValue(depth: Int) throws(JSONLineError) {
        guard depth <= Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) levels deep") }
        switch peek {
        case UInt8(ascii: "{"):
            index += 1
            skipWhitespace()
            if peek == UInt8(ascii: "}") {
                index += 1
                return
            }
            while true {
                skipWhitespace()
                guard peek == UInt8(ascii: "\"") else { throw failure("expected a key") }
                _ = try string()
                skipWhitespace()
                guard peek == UInt8(ascii: ":") else { throw failure("expected ':'") }
                index += 1
                skipWhitespace()
                try skipValue(depth: depth + 1)
                skipWhitespace()
                switch peek {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"):
                    index += 1
                    return
                default: throw failure("expected ',' or '}'")
                }
            }
        case UInt8(ascii: "["):
            index += 1
            skipWhitespace()
            if peek == UInt8(ascii: "]") {
                index += 1
                return
            }
            while true {
                skipWhitespace()
                try skipValue(depth: depth + 1)
                skipWhitespace()
                switch peek {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"):
                    index += 1
                    return
                default: throw failure("expected ',' or ']'")
                }
            }
        default:
            _ = try value()
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONLineError) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw failure("unexpected end of line") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw failure("unexpected character")
        }
        index += count
    }

    /// A number by the JSON grammar; the value is Swift's correctly rounded conversion (a huge
    /// exponent gives infinity, which the record rules then reject).
    private mutating func number() throws(JSONLineError) -> JSONLineValue {
        let start = index
        if peek == UInt8(ascii: "-") { index += 1 }
        switch peek {
        case UInt8(ascii: "0"):
            index += 1
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            skipDigits()
        default:
            throw failure("expected a digit")
        }
        if peek == UInt8(ascii: ".") {
            index += 1
            guard isDigit(peek) else { throw failure("expected a digit after '.'") }
            skipDigits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard isDigit(peek) else { throw failure("expected a digit in the exponent") }
            skipDigits()
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text) else { throw failure("number out of range") }
        return .number(value, text: text)
    }

    /// A string starting at the opening quote; escapes decoded.
    private mutating func string() throws(JSONLineError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw failure("control character in a string") }
            index += 1
        }
        guard index < bytes.count else { throw failure("unterminated string") }
        var decoded = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                try escape(into: &decoded)
            case 0..<0x20:
                throw failure("control character in a string")
            default:
                decoded.append(byte)
                index += 1
            }
        }
        throw failure("unterminated string")
    }

    private mutating func escape(into decoded: inout [UInt8]) throws(JSONLineError) {
        guard index < bytes.count else { throw failure("unterminated string") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad()
            if (0xD800..<0xDC00).contains(scalar), bytes.count - index >= 6,
                bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            {
                let save = index
                index += 2
                let low = try hexQuad()
                if (0xDC00..<0xE000).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    index = save
                }
            }
            let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
            decoded.append(contentsOf: String(character).utf8)
        default:
            throw failure("invalid escape")
        }
    }

    private mutating func hexQuad() throws(JSONLineError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw failure("unterminated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    // MARK: Bytes

    /// The current byte, or 0 at the end (0 never starts a valid token).
    private var peek: UInt8 { index < bytes.count ? bytes[index] : 0 }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func failure(_ message: String) -> JSONLineError {
        JSONLineError(message: message, offset: index)
    }
}
