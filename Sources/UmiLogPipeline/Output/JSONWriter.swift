/// Appends JSON text to a byte buffer: the pipeline's fast path for writing a million sites,
/// where `JSONEncoder` would dominate the run time. Only what the output files need: strings,
/// finite numbers, arrays of strings and raw JSON fragments.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func raw(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// A string literal with the escapes JSON requires (quote, backslash, control characters).
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most text needs no escapes: scan its contiguous UTF-8 and copy it in one go.
        let copied = text.utf8.withContiguousStorageIfAvailable { buffer -> Bool in
            guard buffer.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) else { return false }
            bytes.append(contentsOf: buffer)
            return true
        }
        if copied == true {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A finite number in Swift's shortest round-trip form ("30.0", "-8.797", "1e-05").
    mutating func number(_ value: Double) {
        raw(value.isFinite ? value.description : "null")
    }

    mutating func strings(_ values: [String]) {
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// `"key":` — keys are written by the pipeline itself, but escaped all the same.
    mutating func key(_ key: String, first: Bool = false) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        string(key)
        bytes.append(UInt8(ascii: ":"))
    }

    /// An input object written back, with the values of `replacing` substituted for its keys.
    mutating func object(_ object: JSONLineObject, replacing: [String: String] = [:]) {
        bytes.append(UInt8(ascii: "{"))
        for (index, member) in object.members.enumerated() {
            key(member.key, first: index == 0)
            if let replacement = replacing[member.key] {
                string(replacement)
                continue
            }
            switch member.value {
            case .string(let text): string(text)
            case .number(_, let text): raw(text)
            case .bool(let flag): raw(flag ? "true" : "false")
            case .null: raw("null")
            case .strings(let values): strings(values)
            case .raw(let text): raw(text)
            }
        }
        bytes.append(UInt8(ascii: "}"))
    }
}
