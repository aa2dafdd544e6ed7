public import Foundation

/// Why a GPX file could not be read; each case gives the line to look at.
public enum GPXError: Error, Equatable, Sendable {
    /// The XML itself is broken (unclosed tag, bad character, …); `reason` is XMLKit's message,
    /// which names the line itself.
    case malformedXML(line: Int, reason: String)
    /// The document's root element is not `<gpx>`.
    case notGPX(root: String)
    /// A point lacks its `lat` or `lon` attribute.
    case missingAttribute(line: Int, element: String, attribute: String)
    /// A point's `lat`/`lon` is not a number in range.
    case invalidCoordinate(line: Int, reason: String)
    /// A `<time>` is not an ISO 8601 date-time.
    case invalidTime(line: Int, text: String)
    /// An `<ele>` is not a finite number.
    case invalidElevation(line: Int, text: String)
    /// The file has no `trkpt`, `rtept` or `wpt`.
    case noPoints
    /// The file is larger than the parser accepts.
    case tooLarge(bytes: Int, limit: Int)
    /// The file uses markup GPX does not need and the parser refuses (a DOCTYPE, an empty
    /// processing instruction).
    case unsupportedMarkup(line: Int, what: String)
    /// The file is not UTF-8 text.
    case notUTF8(line: Int)
    /// The file could not be read at all.
    case unreadableFile(reason: String)
}

extension GPXError: LocalizedError {
    /// "64 MiB" for whole mebibytes, otherwise "70,000,001 bytes", so a limit is never rounded.
    private static func size(_ bytes: Int) -> String {
        let mebibyte = 1 << 20
        if bytes >= mebibyte, bytes % mebibyte == 0 { return "\(bytes / mebibyte) MiB" }
        return "\(bytes.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))) bytes"
    }

    public var errorDescription: String? {
        switch self {
        case .malformedXML(_, let reason):
            // XMLKit's reason already names the line and ends with a full stop.
            "the XML is malformed: \(reason)"
        case .notGPX(let root):
            "the file is not GPX: its root element is <\(root)>, expected <gpx>."
        case .missingAttribute(let line, let element, let attribute):
            "line \(line): <\(element)> has no \(attribute) attribute."
        case .invalidCoordinate(let line, let reason):
            "line \(line): \(reason)."
        case .invalidTime(let line, let text):
            "line \(line): <time> \"\(text.prefix(40))\" is not an ISO 8601 date-time such as 2025-06-01T09:30:00Z."
        case .invalidElevation(let line, let text):
            "line \(line): <ele> \"\(text.prefix(40))\" is not a number of metres."
        case .noPoints:
            "the file has no track, route or waypoint points (trkpt, rtept, wpt)."
        case .tooLarge(let bytes, let limit):
            "the file is \(Self.size(bytes)); GPX files of at most \(Self.size(limit)) are read."
        case .unsupportedMarkup(let line, let what):
            "line \(line): \(what) is not accepted in a GPX file."
        case .notUTF8(let line):
            "line \(line): the file is not UTF-8 text (GPX files are UTF-8)."
        case .unreadableFile(let reason):
            "cannot read the file (\(reason))."
        }
    }
}
