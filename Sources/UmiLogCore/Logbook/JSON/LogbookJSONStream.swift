import Foundation

/// UmiLog's JSON export read as a stream, one dive at a time (see ``LogbookSource``).
///
/// The export is one object whose keys are sorted, so `dives` comes before `sites`: the first
/// pass reads `format`, `version` and `sites` and counts the dives, skipping over them; the
/// second decodes each element of `dives` on its own with `JSONDecoder`. Each dive's JSON is
/// limited to ``LogbookXML/maximumElementBytes``, the file to ``LogbookXML/maximumFileBytes``.
struct LogbookJSONStream: LogbookSource {
    let bytes: LogbookBytes
    var format: LogbookFormat { .json }

    func read(header: (LogbookHeader) throws -> Void, dive: (LogbookDiveRead) throws -> Void) throws {
        try header(LogbookHeader(sites: try survey()))
        var scanner = JSONValueScanner(source: try bytes.open(), maximumBytes: LogbookXML.maximumFileBytes)
        var index = 0
        try Self.reading {
            try scanner.forEachMember { scanner, key in
                guard key == "dives" else { return try scanner.skipValue() }
                try scanner.forEachElement { scanner in
                    let text = try scanner.value(limit: LogbookXML.maximumElementBytes)
                    let decoded = try Self.decode(LogbookDive.self, from: text, at: ".dives[\(index)]")
                    index += 1
                    try dive(LogbookDiveRead(dive: decoded))
                }
            }
            try scanner.expectEnd()
        }
    }

    /// The sites, once `format` and `version` are known to be ours and there are dives.
    private func survey() throws -> [LogbookSite] {
        var scanner = JSONValueScanner(source: try bytes.open(), maximumBytes: LogbookXML.maximumFileBytes)
        var format: String?
        var version: Int?
        var sites: [LogbookSite] = []
        var diveCount: Int?
        try Self.reading {
            guard try scanner.peek() == UInt8(ascii: "{") else {
                throw LogbookReadError.wrongFormat(expected: .json, found: "invalid JSON at the top")
            }
            try scanner.forEachMember { scanner, key in
                switch key {
                case "format":
                    format = try Self.decode(String.self, from: try scanner.value(limit: 4_096), at: ".format")
                case "version":
                    version = try Self.decode(Int.self, from: try scanner.value(limit: 4_096), at: ".version")
                case "sites":
                    var index = 0
                    try scanner.forEachElement { scanner in
                        let text = try scanner.value(limit: LogbookXML.maximumElementBytes)
                        sites.append(try Self.decode(LogbookSite.self, from: text, at: ".sites[\(index)]"))
                        index += 1
                    }
                case "dives":
                    var count = 0
                    try scanner.forEachElement { scanner in
                        try scanner.skipValue()
                        count += 1
                    }
                    diveCount = count
                default:
                    try scanner.skipValue()
                }
            }
            try scanner.expectEnd()
        }
        guard let format else { throw LogbookReadError.wrongFormat(expected: .json, found: "no format at the top") }
        guard let version else { throw LogbookReadError.wrongFormat(expected: .json, found: "no version at the top") }
        guard format == LogbookJSON.formatName else {
            throw LogbookReadError.wrongFormat(expected: .json, found: "format \"\(format.prefix(40))\"")
        }
        guard version == LogbookJSON.version else { throw LogbookReadError.unsupportedVersion(format: .json, version: String(version)) }
        guard let diveCount else { throw LogbookReadError.wrongFormat(expected: .json, found: "no dives at the top") }
        guard diveCount > 0 else { throw LogbookReadError.noDives }
        return sites
    }

    /// Runs `body`, turning the scanner's failures into import errors.
    private static func reading(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let failure as JSONValueScanner.Failure {
            switch failure {
            case .malformed(let offset, let expected):
                throw LogbookReadError.wrongFormat(expected: .json, found: "invalid JSON at byte \(offset) (expected \(expected))")
            case .tooLarge(let limit):
                throw LogbookReadError.recordTooLarge(record: "JSON value", limit: limit, line: nil)
            case .fileTooLarge(let bytes, let limit):
                throw LogbookReadError.tooLarge(bytes: bytes, limit: limit)
            case .unreadable(let reason):
                throw LogbookReadError.unreadableFile(reason: reason)
            }
        }
    }

    /// One value decoded; a value of the wrong shape is named by its path, as the whole-file
    /// decoder named it.
    private static func decode<Value: Decodable>(_ type: Value.Type, from text: [UInt8], at path: String) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: Data(text))
        } catch let error as DecodingError {
            throw LogbookReadError.wrongFormat(expected: .json, found: LogbookJSON.describe(error, under: path))
        } catch {
            throw LogbookReadError.wrongFormat(expected: .json, found: "unreadable JSON at \(path)")
        }
    }
}
