/// A small, tolerant reader of the start tags in SVG text: enough to find `<svg>` and `<circle>`
/// elements and their attributes without a full XML parser.
///
/// It never fails: malformed markup is skipped, comments and CDATA sections are passed over,
/// namespace prefixes (`svg:circle`) are dropped, and tag and attribute names are lower-cased.
/// Every step consumes at least one byte, so any input ends.
struct SVGTagReader {
    struct Tag: Equatable, Sendable {
        let name: String
        /// Attribute values as written (entities not expanded); the first of repeated names wins.
        let attributes: [String: String]
    }

    private let bytes: [UInt8]
    private var index = 0

    private init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The start tags named one of `names` (lower case, no prefix), in document order.
    static func tags(in text: String, named names: Set<String>) -> [Tag] {
        var reader = SVGTagReader(text)
        let wanted = names.map { Array($0.utf8) }
        var tags: [Tag] = []
        while let tag = reader.nextTag(named: wanted) { tags.append(tag) }
        return tags
    }

    private mutating func nextTag(named names: [[UInt8]]) -> Tag? {
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            if skip(opening: "<!--", closing: "-->") || skip(opening: "<![CDATA[", closing: "]]>") { continue }
            index += 1
            var localStart = index
            while index < bytes.count, Self.isNameByte(bytes[index]) {
                if bytes[index] == UInt8(ascii: ":") { localStart = index + 1 }
                index += 1
            }
            let local = bytes[localStart..<index]
            guard let name = names.first(where: { $0.elementsEqual(local.lazy.map(Self.lowercased)) }) else { continue }
            return Tag(name: String(decoding: name, as: UTF8.self), attributes: readAttributes())
        }
        return nil
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    /// Skips a construct that starts at `index` with `opening` up to the end of `closing` (or of
    /// the text); false when `opening` is not there.
    private mutating func skip(opening: String, closing: String) -> Bool {
        let open = Array(opening.utf8)
        guard bytes[index...].starts(with: open) else { return false }
        let close = Array(closing.utf8)
        index += open.count
        while index < bytes.count, !bytes[index...].starts(with: close) { index += 1 }
        index = min(bytes.count, index + close.count)
        return true
    }

    private mutating func readAttributes() -> [String: String] {
        var attributes: [String: String] = [:]
        while index < bytes.count {
            skipWhitespace()
            guard index < bytes.count else { break }
            switch bytes[index] {
            case UInt8(ascii: ">"):
                index += 1
                return attributes
            case UInt8(ascii: "<"):
                return attributes  // a malformed tag: the next one starts here
            default:
                break
            }
            let nameStart = index
            while index < bytes.count, Self.isAttributeNameByte(bytes[index]) { index += 1 }
            guard index > nameStart else {
                index += 1  // a stray `/`, `=` or quote
                continue
            }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
            skipWhitespace()
            var value = ""
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                skipWhitespace()
                value = readValue()
            }
            if attributes[name] == nil { attributes[name] = value }
        }
        return attributes
    }

    private mutating func readValue() -> String {
        guard index < bytes.count else { return "" }
        let quote = bytes[index]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != quote { index += 1 }
            let value = String(decoding: bytes[start..<index], as: UTF8.self)
            index = min(bytes.count, index + 1)
            return value
        }
        let start = index
        while index < bytes.count, !Self.isWhitespace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    private static func isAttributeNameByte(_ byte: UInt8) -> Bool {
        !isWhitespace(byte) && byte != UInt8(ascii: "=") && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "<")
            && byte != UInt8(ascii: "/") && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'")
    }
}
