import Foundation

/// One logical line of a card split into its property name, parameters and raw value
/// (`[group "."] name *(";" param) ":" value`).
struct VCardContentLine {
    /// 1-based physical line where the property starts.
    let lineNumber: Int
    /// Upper-cased property name without its group (`item1.EMAIL` → `EMAIL`).
    let name: String
    /// Parameter values by upper-cased parameter name, unquoted. vCard 2.1 bare parameters (`;JPEG`,
    /// `;QUOTED-PRINTABLE`) are filed under `ENCODING` when they name an encoding and under `TYPE` otherwise.
    let parameters: [String: [String]]
    /// The undecoded value bytes (still escaped or encoded).
    let value: ArraySlice<UInt8>

    /// Returns `nil` when the line has no `:` separating name and value.
    init?(_ line: VCardLineUnfolder.Line) {
        let bytes = line.bytes[...]
        guard let colon = Self.firstColon(in: bytes) else { return nil }
        let head = Self.split(bytes[..<colon], on: VCardASCII.semicolon)
        let qualifiedName = String(decoding: head.first ?? [], as: UTF8.self)
        let unqualifiedName = qualifiedName.split(separator: ".", omittingEmptySubsequences: false).last ?? ""

        lineNumber = line.number
        name = unqualifiedName.trimmingCharacters(in: .whitespaces).uppercased()
        parameters = Self.parameters(from: head.dropFirst())
        value = bytes[(colon + 1)...]
    }

    /// The values of parameter `key` (upper-case).
    func parameterValues(_ key: String) -> [String] {
        parameters[key] ?? []
    }

    /// Whether parameter `key` (upper-case) has `value`, compared case-insensitively.
    func hasParameter(_ key: String, value: String) -> Bool {
        parameterValues(key).contains { $0.caseInsensitiveCompare(value) == .orderedSame }
    }

    private static let encodingNames: Set<String> = ["QUOTED-PRINTABLE", "BASE64", "B", "8BIT", "7BIT"]

    private static func parameters(from parts: ArraySlice<ArraySlice<UInt8>>) -> [String: [String]] {
        var parameters: [String: [String]] = [:]
        for part in parts {
            if let equals = part.firstIndex(of: VCardASCII.equals) {
                let key = String(decoding: part[..<equals], as: UTF8.self).trimmingCharacters(in: .whitespaces).uppercased()
                let values = split(part[(equals + 1)...], on: VCardASCII.comma).map(unquoted)
                parameters[key, default: []].append(contentsOf: values)
            } else {
                let bare = unquoted(part)
                let key = encodingNames.contains(bare.uppercased()) ? "ENCODING" : "TYPE"
                parameters[key, default: []].append(bare)
            }
        }
        return parameters
    }

    private static func unquoted(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return text }
        return String(text.dropFirst().dropLast())
    }

    /// The first `:` outside a quoted parameter value; if quotes never close, the first `:` at all.
    private static func firstColon(in bytes: ArraySlice<UInt8>) -> Int? {
        var isQuoted = false
        for index in bytes.indices {
            switch bytes[index] {
            case VCardASCII.quote: isQuoted.toggle()
            case VCardASCII.colon where !isQuoted: return index
            default: continue
            }
        }
        return bytes.firstIndex(of: VCardASCII.colon)
    }

    private static func split(_ bytes: ArraySlice<UInt8>, on separator: UInt8) -> [ArraySlice<UInt8>] {
        var parts: [ArraySlice<UInt8>] = []
        var isQuoted = false
        var start = bytes.startIndex
        for index in bytes.indices {
            switch bytes[index] {
            case VCardASCII.quote: isQuoted.toggle()
            case separator where !isQuoted:
                parts.append(bytes[start..<index])
                start = index + 1
            default: continue
            }
        }
        parts.append(bytes[start..<bytes.endIndex])
        return parts
    }
}
