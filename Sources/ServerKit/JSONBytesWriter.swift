/// Writes JSON byte by byte for an answer whose shape is known, with exactly the bytes
/// Foundation's `JSONEncoder` writes with `[.sortedKeys, .withoutEscapingSlashes]` (the options
/// every cloud's OpenAPI layer uses): strings escaped as it escapes them, numbers as it prints
/// them. The caller writes keys in sorted order; ``key(_:)`` puts the comma between members.
///
/// For the few large answers that `JSONEncoder` makes slow (its boxing of every value costs
/// about 6 µs per kilroy of a near answer, more than the query); see ``PrerenderedJSONBody``.
/// Tests compare its output with `JSONEncoder`'s, byte for byte.
public struct JSONBytesWriter: Sendable {
    /// The JSON written so far.
    public private(set) var bytes: [UInt8] = []

    public init(reservingCapacity capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends `text` as it is: punctuation and keys the caller knows need no escaping.
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `"key":` (a key the caller knows needs no escaping), after a comma unless it is
    /// the first member of its object.
    public mutating func key(_ key: StaticString) {
        if let last = bytes.last, last != 0x7B, last != 0x5B { bytes.append(0x2C) }
        bytes.append(0x22)
        raw(key)
        bytes.append(0x22)
        bytes.append(0x3A)
    }

    /// Appends the member `"key":"value"`.
    public mutating func member(_ key: StaticString, _ value: String) {
        self.key(key)
        string(value)
    }

    /// Appends the member `"key":value`.
    public mutating func member(_ key: StaticString, _ value: Double) {
        self.key(key)
        number(value)
    }

    /// Appends the member `"key":value`.
    public mutating func member(_ key: StaticString, _ value: some BinaryInteger) {
        self.key(key)
        number(value)
    }

    /// Appends the member `"key":true` or `"key":false`.
    public mutating func member(_ key: StaticString, _ value: Bool) {
        self.key(key)
        bool(value)
    }

    /// Appends `value` as a JSON string: `"` and `\` escaped, `\b \f \n \r \t` for those
    /// controls and `\u00xx` for the other controls; `/` and everything else as UTF-8.
    public mutating func string(_ value: String) {
        bytes.append(0x22)
        escaped(value)
        bytes.append(0x22)
    }

    /// Appends `first + second` as one JSON string, without joining them first.
    public mutating func string(_ first: String, _ second: String) {
        bytes.append(0x22)
        escaped(first)
        escaped(second)
        bytes.append(0x22)
    }

    /// Appends `value`'s characters as a JSON string holds them (see ``string(_:)``).
    private mutating func escaped(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            // Runs of bytes that need no escape (all of most strings) are copied whole.
            var start = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
                switch byte {
                case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
                case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
                case 0x08: bytes.append(contentsOf: [0x5C, 0x62])
                case 0x0C: bytes.append(contentsOf: [0x5C, 0x66])
                case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
                case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
                case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
    }

    /// Appends a finite `value` as `JSONEncoder` prints it: Swift's shortest round-trip text,
    /// without a trailing `.0` (`500`, `0.1`, `1e-07`, `1e+16`).
    public mutating func number(_ value: Double) {
        precondition(value.isFinite, "JSON has no non-finite numbers")
        var text = value.description
        text.withUTF8 { utf8 in
            // Compared as bytes: `hasSuffix` compares as Unicode text, several times slower.
            let end = utf8.count >= 2 && utf8[utf8.count - 2] == 0x2E && utf8[utf8.count - 1] == 0x30 ? utf8.count - 2 : utf8.count
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[..<end]))
        }
    }

    /// Appends an integer.
    public mutating func number(_ value: some BinaryInteger) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Appends `true` or `false`.
    public mutating func bool(_ value: Bool) {
        value ? raw("true") : raw("false")
    }
}
