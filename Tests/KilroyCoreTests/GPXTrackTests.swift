import Foundation
import Geo
import KilroyCore
import TestSupport
import Testing

@Suite("GPXTrack: reading GPX files")
struct GPXTrackTests {
    static let sample = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
          <metadata><name>Morning walk</name></metadata>
          <wpt lat="52.3740" lon="4.8897"><name>Café</name></wpt>
          <trk>
            <name>Walk</name>
            <trkseg>
              <trkpt lat="52.3731" lon="4.8922"><ele>2.5</ele><time>2026-05-01T09:30:00Z</time></trkpt>
              <trkpt lat="52.37315" lon="4.89225">
                <ele>3</ele>
                <time>2026-05-01T09:30:04.500Z</time>
              </trkpt>
              <trkpt lat="52.3732" lon="-4.8923"/>
            </trkseg>
          </trk>
        </gpx>
        """

    @Test("track points are read with their times (with or without fractions), elevations and lines")
    func readsTrackPoints() throws {
        let track = try GPXTrack.parse(Data(Self.sample.utf8))
        #expect(track.points.count == 4)
        #expect(track.points[0].kind == .waypoint)
        let walk = track.replayPoints
        #expect(walk.map(\.kind) == [.track, .track, .track])
        #expect(walk.map(\.coordinate) == [coordinate(52.3731, 4.8922), coordinate(52.37315, 4.89225), coordinate(52.3732, -4.8923)])
        #expect(walk[0].time == Date(timeIntervalSince1970: 1_777_627_800))
        #expect(walk[1].time == Date(timeIntervalSince1970: 1_777_627_804.5))
        #expect(walk[2].time == nil)
        #expect(walk.map(\.elevation) == [2.5, 3, nil])
        #expect(walk.map(\.line) == [8, 9, 13])
    }

    @Test("route points are replayed when there is no track, waypoints when there is neither; prefixes are ignored")
    func fallsBackToRoutesAndWaypoints() throws {
        let route = """
            <gpx:gpx xmlns:gpx="http://www.topografix.com/GPX/1/0"><gpx:wpt lat="1" lon="1"/>
            <gpx:rte><gpx:rtept lat="1.5" lon="2.5"><gpx:time>2026-05-01T10:00:00+02:00</gpx:time></gpx:rtept></gpx:rte></gpx:gpx>
            """
        let points = try GPXTrack.parse(Data(route.utf8)).replayPoints
        #expect(points.map(\.kind) == [.route])
        #expect(points.first?.time == Date(timeIntervalSince1970: 1_777_622_400))
        let waypoints = try GPXTrack.parse(Data(#"<gpx><wpt lat="-89.5" lon="179.9"/></gpx>"#.utf8)).replayPoints
        #expect(waypoints.map(\.coordinate) == [coordinate(-89.5, 179.9)])
    }

    @Test("malformed files give an error naming the line")
    func errorsNameTheLine() {
        let cases: [(String, GPXError)] = [
            ("<gpx>\n<trkpt lon=\"4\"/>\n</gpx>", .missingAttribute(line: 2, element: "trkpt", attribute: "lat")),
            ("<gpx>\n\n<trkpt lat=\"4\"></trkpt></gpx>", .missingAttribute(line: 3, element: "trkpt", attribute: "lon")),
            ("<gpx>\n<trkpt lat=\"91\" lon=\"4\"/></gpx>", .invalidCoordinate(line: 2, reason: "lat 91.0 is outside -90...90")),
            ("<gpx><trkpt lat=\"1\" lon=\"-180.5\"/></gpx>", .invalidCoordinate(line: 1, reason: "lon -180.5 is outside -180...180")),
            ("<gpx><trkpt lat=\"north\" lon=\"1\"/></gpx>", .invalidCoordinate(line: 1, reason: "lat \"north\" is not a number")),
            ("<gpx><trkpt lat=\"nan\" lon=\"1\"/></gpx>", .invalidCoordinate(line: 1, reason: "lat \"nan\" is not a number")),
            ("<gpx><trkpt lat=\"1\" lon=\"1\">\n<time>yesterday</time></trkpt></gpx>", .invalidTime(line: 2, text: "yesterday")),
            ("<gpx><trkpt lat=\"1\" lon=\"1\"><ele>high</ele></trkpt></gpx>", .invalidElevation(line: 1, text: "high")),
            ("<kml><Placemark/></kml>", .notGPX(root: "kml")),
            ("<gpx><trk/></gpx>", .noPoints),
        ]
        for (text, expected) in cases {
            #expect(throws: expected, "\(text)") { try GPXTrack.parse(Data(text.utf8)) }
        }
    }

    @Test("broken XML is a malformedXML error with its line")
    func brokenXMLReportsLine() {
        let text = "<gpx>\n<trk>\n<trkseg>\n<trkpt lat=\"1\" lon=\"2\">\n</trk>\n</gpx>"
        #expect {
            try GPXTrack.parse(Data(text.utf8))
        } throws: { error in
            guard case .malformedXML(let line, _) = error as? GPXError else { return false }
            return line >= 4 && line <= 5
        }
        #expect(throws: GPXError.self) { try GPXTrack.parse(Data()) }
        #expect(throws: GPXError.self) { try GPXTrack.parse(Data("plain text".utf8)) }
    }

    @Test("random and mutated input never crashes: it parses or throws a GPXError")
    func fuzzNeverCrashes() {
        var random = SplitMix64(seed: 0x4750_5846_757A)
        let base = Array(Self.sample.utf8)
        let alphabet = Array("<>/=\"' \n&;:?!-[]gpxtrkptlatlon0123456789.eE+".utf8)
        let fragments = [
            "<?x?>", "<?pi data?>", "<!DOCTYPE gpx>", "<!-- c -->", "<![CDATA[x]]>", "&amp;", "&bogus;", "&#0;", "&#x1F600;",
            "<time>", "</time>", "<ele>", "</ele>", "<trkpt lat=\"1\" lon=\"2\">", "</trkpt>", "xmlns:a=\"u\"", "<a:b/>",
        ].map { Array($0.utf8) }
        var parsed = 0
        for round in 0..<2000 {
            var bytes: [UInt8]
            if round % 5 == 0 {
                bytes = random.bytes(Int.random(in: 0..<300, using: &random))
            } else {
                bytes = base
                for _ in 0..<Int.random(in: 1...6, using: &random) where !bytes.isEmpty {
                    let index = Int.random(in: 0..<bytes.count, using: &random)
                    switch Int.random(in: 0..<5, using: &random) {
                    case 4: bytes.insert(contentsOf: fragments[Int.random(in: 0..<fragments.count, using: &random)], at: index)
                    case 0: bytes[index] = alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
                    case 1: bytes.remove(at: index)
                    case 2: bytes.insert(alphabet[Int.random(in: 0..<alphabet.count, using: &random)], at: index)
                    default: bytes.removeSubrange(index..<min(bytes.count, index + Int.random(in: 1...40, using: &random)))
                    }
                }
            }
            do {
                let track = try GPXTrack.parse(Data(bytes))
                #expect(!track.points.isEmpty)
                parsed += 1
            } catch {
                // Typed throws: only GPXError can arrive here; reaching this line is the point.
                #expect(error.errorDescription?.isEmpty == false)
            }
        }
        #expect(parsed > 0)
    }
}
