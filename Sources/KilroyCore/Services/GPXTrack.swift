import Foundation
import Geo
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The points of a GPX 1.0/1.1 file, read with Foundation's `XMLParser`.
///
/// The parser is fed from a stream, in chunks: handed a whole file at once, libxml2 refuses
/// anything past its 10,000,000-byte look-up limit and a valid large track was reported as
/// malformed. (The package's own crash-safe XMLKit reader would be the better reader here; it
/// needs KilroyCore to depend on XMLKit in Package.swift.)
///
/// Reads `trkpt`, `rtept` and `wpt` elements (their `lat`/`lon` attributes, and optional `<time>`
/// and `<ele>` children), in document order, ignoring every other element and namespace
/// prefixes. Malformed XML, a missing or out-of-range coordinate, a bad time or elevation is an
/// error naming the line; no input makes it crash. External entities are not resolved.
public struct GPXTrack: Hashable, Sendable {
    /// The largest file read: 64 MiB, four times a 15 MB day-long track at one point a second.
    public static let maximumBytes = 64 * 1024 * 1024

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
        try GPXPreflight.check(Array(data))
        let parser = XMLParser(stream: InputStream(data: data))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        let reader = GPXReader()
        parser.delegate = reader
        let succeeded = parser.parse()
        if let failure = reader.failure { throw failure }
        guard succeeded else {
            let error = parser.parserError as NSError?
            throw .malformedXML(
                line: parser.lineNumber, column: parser.columnNumber,
                reason: error.map { "XML error \($0.code)" } ?? "unreadable"
            )
        }
        guard reader.sawRoot else { throw .malformedXML(line: 1, column: 1, reason: "no root element") }
        guard !reader.points.isEmpty else { throw .noPoints }
        return GPXTrack(points: reader.points)
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
            throw .unreadableFile(reason: error.localizedDescription)
        }
        return try parse(data)
    }
}
