public import Foundation
import Geo
import Validation
import XMLKit

/// The points of a GPX 1.0/1.1 file, read with the package's crash-safe XMLKit stream reader.
///
/// Foundation's `XMLParser` (libxml2) refused valid tracks past its 10,000,000-byte look-up limit
/// and crashed on some inputs; XMLKit has neither problem. The reader walks the document one
/// element boundary at a time and turns only each point into a small tree, so memory grows
/// with the number of points, not with the markup around them.
///
/// Reads `trkpt`, `rtept` and `wpt` elements (their `lat`/`lon` attributes, and optional `<time>`
/// and `<ele>` children), in document order, ignoring every other element and namespace
/// prefixes. Malformed XML, a missing or out-of-range coordinate, a bad time or elevation is an
/// error naming the line; no input makes it crash. Entities are never expanded.
public struct GPXTrack: Hashable, Sendable {
    /// The largest file read: 64 MiB, four times a 15 MB day-long track at one point a second.
    public static let maximumBytes = 64 * 1024 * 1024

    /// XMLKit's bounds for GPX: the whole file within ``maximumBytes``; one point (with its
    /// extensions) within 1 MiB, far above any real `trkpt`.
    static let limits = XMLLimits(maximumBytes: maximumBytes, maximumTokenBytes: 1 << 20, maximumElementBytes: 1 << 20)

    /// Every point, in document order.
    public let points: [GPXPoint]

    public init(points: [GPXPoint]) {
        self.points = points
    }

    /// The points to replay as a walk: the track points if there are any, else the route points,
    /// else the waypoints (waypoints are usually places of interest, not a path).
    public var replayPoints: [GPXPoint] {
        for kind in [GPXPoint.Kind.track, .route, .waypoint] {
            let selected = points.filter { $0.kind == kind }
            if !selected.isEmpty { return selected }
        }
        return []
    }

    /// Parses GPX data.
    public static func parse(_ data: Data) throws(GPXError) -> GPXTrack {
        guard data.count <= maximumBytes else { throw .tooLarge(bytes: data.count, limit: maximumBytes) }
        let bytes = Array(data)
        try GPXPreflight.check(bytes)
        var reader = XMLStreamReader(source: XMLMemorySource(bytes), limits: limits)
        guard case .startElement(let root)? = try xml({ () throws(XMLError) in try reader.next() }) else {
            throw .malformedXML(line: 1, reason: "no root element")
        }
        guard root.name == "gpx" else { throw .notGPX(root: String(root.name.prefix(40))) }
        var points: [GPXPoint] = []
        while let event = try xml({ () throws(XMLError) in try reader.next() }) {
            guard case .startElement(let tag) = event, let kind = GPXPoint.Kind(elementName: tag.name) else { continue }
            let element = try xml { () throws(XMLError) in try reader.readElement(tag) }
            points.append(try point(kind, from: element))
        }
        guard !points.isEmpty else { throw .noPoints }
        return GPXTrack(points: points)
    }

    /// Parses the GPX file at `url`.
    public static func read(contentsOf url: URL) throws(GPXError) -> GPXTrack {
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size > maximumBytes {
            throw .tooLarge(bytes: size, limit: maximumBytes)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadableFile(reason: (error as NSError).localizedFailureReason ?? error.localizedDescription)
        }
        return try parse(data)
    }

    /// Runs one step of the XML reader, turning its error into the GPX error that names the line.
    private static func xml<T>(_ step: () throws(XMLError) -> T) throws(GPXError) -> T {
        do {
            return try step()
        } catch {
            switch error {
            case .tooLarge(let byteCount, let limit): throw .tooLarge(bytes: byteCount, limit: limit)
            case .invalidUTF8(let line): throw .notUTF8(line: line)
            default: throw .malformedXML(line: error.line ?? 1, reason: error.errorDescription ?? "unreadable")
            }
        }
    }

    /// One `trkpt`/`rtept`/`wpt` element as a point, or the error that names its line.
    private static func point(_ kind: GPXPoint.Kind, from element: XMLTree) throws(GPXError) -> GPXPoint {
        let line = element.line
        guard let latText = element.attribute("lat") else {
            throw .missingAttribute(line: line, element: element.name, attribute: "lat")
        }
        guard let lonText = element.attribute("lon") else {
            throw .missingAttribute(line: line, element: element.name, attribute: "lon")
        }
        guard let latitude = Double(latText.trimmingCharacters(in: .whitespaces)), latitude.isFinite else {
            throw .invalidCoordinate(line: line, reason: "lat \"\(latText.prefix(40))\" is not a number")
        }
        guard let longitude = Double(lonText.trimmingCharacters(in: .whitespaces)), longitude.isFinite else {
            throw .invalidCoordinate(line: line, reason: "lon \"\(lonText.prefix(40))\" is not a number")
        }
        let coordinate: Coordinate
        do {
            coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            let reason =
                switch error {
                case .invalidLatitude: "lat \(latitude) is outside -90...90"
                case .invalidLongitude: "lon \(longitude) is outside -180...180"
                case .invertedLatitudes, .invalidRadius: error.errorDescription ?? "invalid coordinate"
                }
            throw .invalidCoordinate(line: line, reason: reason)
        }
        var time: Date?
        if let field = element.child("time") {
            let text = field.trimmedText ?? ""
            guard let date = ISO8601DateTime.parse(text) else { throw .invalidTime(line: field.line, text: text) }
            time = date
        }
        var elevation: Double?
        if let field = element.child("ele") {
            let text = field.trimmedText ?? ""
            guard let meters = Double(text), meters.isFinite else { throw .invalidElevation(line: field.line, text: text) }
            elevation = meters
        }
        return GPXPoint(kind: kind, coordinate: coordinate, time: time, elevation: elevation, line: line)
    }
}

extension GPXPoint.Kind {
    /// The kind of point an element (by local name) holds, or `nil` for any other element.
    init?(elementName: String) {
        switch elementName {
        case "trkpt": self = .track
        case "rtept": self = .route
        case "wpt": self = .waypoint
        default: return nil
        }
    }
}
