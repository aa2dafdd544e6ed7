import Foundation
import Geo
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The `XMLParser` delegate behind ``GPXTrack/parse(_:)``: collects points and stops at the
/// first error, remembering the line it happened on.
final class GPXReader: NSObject, XMLParserDelegate {
    private(set) var points: [GPXPoint] = []
    private(set) var failure: GPXError?
    private(set) var sawRoot = false

    private struct OpenPoint {
        let kind: GPXPoint.Kind
        let coordinate: Coordinate
        let line: Int
        var time: Date?
        var elevation: Double?
    }

    private var current: OpenPoint?
    /// The child of a point being read (`time` or `ele`) and its text so far.
    private var field: (name: String, line: Int, text: String)?
    private let plainTime = ISO8601DateFormatter()
    private let fractionalTime = ISO8601DateFormatter()

    override init() {
        plainTime.formatOptions = [.withInternetDateTime]
        fractionalTime.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    }

    /// `trkpt` for `gpx:trkpt` and `trkpt` alike.
    private static func localName(_ name: String) -> String {
        name.split(separator: ":").last.map(String.init) ?? name
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes: [String: String] = [:]
    ) {
        let name = Self.localName(elementName)
        if !sawRoot {
            sawRoot = true
            if name != "gpx" { return fail(parser, .notGPX(root: String(elementName.prefix(40)))) }
            return
        }
        let kind: GPXPoint.Kind? = switch name {
        case "trkpt": .track
        case "rtept": .route
        case "wpt": .waypoint
        default: nil
        }
        if let kind {
            startPoint(kind, name: name, attributes: attributes, parser: parser)
        } else if current != nil, name == "time" || name == "ele" {
            field = (name, parser.lineNumber, "")
        }
    }

    private func startPoint(_ kind: GPXPoint.Kind, name: String, attributes: [String: String], parser: XMLParser) {
        let line = parser.lineNumber
        guard let latText = attributes["lat"] else {
            return fail(parser, .missingAttribute(line: line, element: name, attribute: "lat"))
        }
        guard let lonText = attributes["lon"] else {
            return fail(parser, .missingAttribute(line: line, element: name, attribute: "lon"))
        }
        let trimmedLat = latText.trimmingCharacters(in: .whitespaces)
        let trimmedLon = lonText.trimmingCharacters(in: .whitespaces)
        guard let latitude = Double(trimmedLat), latitude.isFinite else {
            return fail(parser, .invalidCoordinate(line: line, reason: "lat \"\(latText.prefix(40))\" is not a number"))
        }
        guard let longitude = Double(trimmedLon), longitude.isFinite else {
            return fail(parser, .invalidCoordinate(line: line, reason: "lon \"\(lonText.prefix(40))\" is not a number"))
        }
        do {
            current = OpenPoint(kind: kind, coordinate: try Coordinate(latitude: latitude, longitude: longitude), line: line)
        } catch {
            let reason = switch error {
            case .invalidLatitude: "lat \(latitude) is outside -90...90"
            case .invalidLongitude: "lon \(longitude) is outside -180...180"
            case .invertedLatitudes, .invalidRadius: error.errorDescription ?? "invalid coordinate"
            }
            fail(parser, .invalidCoordinate(line: line, reason: reason))
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard var open = field else { return }
        // A time or elevation is short; refuse to buffer megabytes of text inside one.
        guard open.text.utf8.count < 256 else { return }
        open.text += string
        field = open
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        let name = Self.localName(elementName)
        if let open = field, open.name == name {
            field = nil
            finishField(open, parser: parser)
            return
        }
        if let point = current, name == "trkpt" || name == "rtept" || name == "wpt" {
            points.append(GPXPoint(
                kind: point.kind, coordinate: point.coordinate, time: point.time, elevation: point.elevation, line: point.line
            ))
            current = nil
        }
    }

    private func finishField(_ open: (name: String, line: Int, text: String), parser: XMLParser) {
        let text = open.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if open.name == "time" {
            guard let date = plainTime.date(from: text) ?? fractionalTime.date(from: text) else {
                return fail(parser, .invalidTime(line: open.line, text: text))
            }
            current?.time = date
        } else {
            guard let meters = Double(text), meters.isFinite else {
                return fail(parser, .invalidElevation(line: open.line, text: text))
            }
            current?.elevation = meters
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard failure == nil else { return }
        let code = (parseError as NSError).code
        failure = .malformedXML(line: parser.lineNumber, column: parser.columnNumber, reason: "XML error \(code)")
    }

    private func fail(_ parser: XMLParser, _ error: GPXError) {
        guard failure == nil else { return }
        failure = error
        parser.abortParsing()
    }
}
