import Geo

/// One synthetic site record before it becomes a JSON line.
struct SyntheticSite: Sendable {
    var source: String
    var sourceID: String
    var licence: String
    var retrievedAt: String
    var name: String
    var coordinate: Coordinate
    var country: String?
    var maxDepth: Double?
    var visibility: Double?
    var temperature: Double?
    var description: String?
    var tags: [String] = []
    var type: String?

    /// The record as one JSON line. `style` varies spacing, key order and escapes the way
    /// different exporters do, so the parser sees more than one shape.
    func line(style: UInt64) -> String {
        var members: [(String, String)] = [
            ("source", Self.quoted(source, style: style)), ("source_id", Self.quoted(sourceID, style: style)),
            ("license", Self.quoted(licence, style: style)), ("retrieved_at", Self.quoted(retrievedAt, style: style)),
            ("name", Self.quoted(name, style: style)), ("latitude", "\(coordinate.latitude)"),
            ("longitude", "\(coordinate.longitude)"),
        ]
        if style % 5 == 0 { members.insert(("kind", "\"site\""), at: 0) }
        if let country { members.append(("country", Self.quoted(country, style: style))) }
        if let maxDepth { members.append(("max_depth_m", "\(maxDepth)")) }
        if let visibility { members.append(("visibility_m", "\(visibility)")) }
        if let temperature { members.append(("temperature_c", "\(temperature)")) }
        if let description { members.append(("description", Self.quoted(description, style: style))) }
        if !tags.isEmpty { members.append(("tags", "[" + tags.map { Self.quoted($0, style: style) }.joined(separator: ",") + "]")) }
        if let type { members.append(("type", Self.quoted(type, style: style))) }
        if style % 3 == 1 { members.reverse() }
        let separator = style % 4 == 2 ? ", " : ","
        let colon = style % 4 == 2 ? ": " : ":"
        return "{" + members.map { "\"\($0.0)\"\(colon)\($0.1)" }.joined(separator: separator) + "}"
    }

    /// A JSON string literal; with some styles non-ASCII letters are written as \u escapes.
    static func quoted(_ text: String, style: UInt64) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default:
                if scalar.value < 0x20 || (scalar.value > 0x7F && scalar.value < 0x10000 && style % 7 == 3) {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
