import Foundation
import Geo
import TestSupport

/// Invalid site lines: one broken rule each, so the truth can name the reason.
extension SyntheticBuilder {
    mutating func addInvalidSiteLine() {
        let (point, region) = nextPlace()
        var site = record(name: ordinaryName(), at: point, region: region, open: true, richness: .random)
        var style = random.next()
        let line: String
        let reason: String
        let kind = random.next() % 11
        // Style 0 mod 5 writes "kind":"site" itself, which would hide the planted kind.
        if kind == 9, style % 5 == 0 { style += 1 }
        switch kind {
        case 0:
            line = random.pick(["{\"source\": \"osm\", \"name\": \"Broken", "not json at all", "[1, 2, 3]", "{\"a\":1}}", "{\"name\":\"x\",}"])
            reason = "invalid-json"
        case 1:
            line = Self.removing("name", from: site.line(style: style))
            reason = "missing-name"
        case 2:
            site.name = "   "
            line = site.line(style: style)
            reason = "missing-name"
        case 3:
            line = Self.removing("source_id", from: site.line(style: style))
            reason = "missing-source_id"
        case 4:
            line = Self.removing("license", from: site.line(style: style))
            reason = "missing-license"
        case 5:
            site.retrievedAt = random.pick(["last week", "2025-02-30", "2025-13-01", "18/10/2025"])
            line = site.line(style: style)
            reason = "invalid-retrieved_at"
        case 6:
            line = Self.replacing("latitude", with: random.pick(["95.5", "-90.25", "1e400"]), in: site.line(style: style))
            reason = "latitude-out-of-range"
            invalidTargets.append(site.sourceID)
        case 7:
            line = Self.replacing("longitude", with: random.pick(["180.5", "-181"]), in: site.line(style: style))
            reason = "longitude-out-of-range"
            invalidTargets.append(site.sourceID)
        case 8:
            line = Self.replacing("latitude", with: "\"\(site.coordinate.latitude)\"", in: site.line(style: style))
            reason = "invalid-latitude"
        case 9:
            line = "{\"kind\":\"shop\"," + site.line(style: style).dropFirst()
            reason = "unknown-kind"
        default:
            site.maxDepth = 20
            line = Self.replacing("max_depth_m", with: "\"deep\"", in: site.line(style: style))
            reason = "invalid-max_depth_m"
        }
        append(line, .invalid(reason))
    }

    /// The JSON line without one member (the generator writes no nested values, so a member
    /// runs to the next `,"` or the closing brace).
    private static func removing(_ key: String, from line: String) -> String {
        guard let range = memberRange(key, in: line) else { return line }
        var result = line
        result.removeSubrange(range)
        return result.replacingOccurrences(of: "{,", with: "{").replacingOccurrences(of: ",}", with: "}")
            .replacingOccurrences(of: "{, ", with: "{").replacingOccurrences(of: ", }", with: "}")
    }

    private static func replacing(_ key: String, with value: String, in line: String) -> String {
        guard let range = memberRange(key, in: line) else { return line }
        let separator = line[range].contains(": ") ? ": " : ":"
        let leading = line[range].hasPrefix(",") ? "," : ""
        let trailing = line[range].hasSuffix(",") ? "," : ""
        return line.replacingCharacters(in: range, with: "\(leading)\"\(key)\"\(separator)\(value)\(trailing)")
    }

    /// The range of `"key": value` with one adjacent comma.
    private static func memberRange(_ key: String, in line: String) -> Range<String.Index>? {
        guard let start = line.range(of: "\"\(key)\"") else { return nil }
        var index = line.index(start.upperBound, offsetBy: 0)
        var inString = false
        var escaped = false
        while index < line.endIndex {
            let character = line[index]
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "," || character == "}" {
                break
            }
            index = line.index(after: index)
        }
        if index < line.endIndex, line[index] == "," {
            return start.lowerBound..<line.index(after: index)
        }
        // Last member: take the comma before it instead.
        var lower = start.lowerBound
        if lower > line.startIndex {
            let before = line.index(before: lower)
            if line[before] == "," {
                lower = before
            } else if line[before] == " ", before > line.startIndex, line[line.index(before: before)] == "," {
                lower = line.index(before: before)
            }
        }
        return lower..<index
    }
}
