import Foundation
import TestSupport
import Testing

@Suite("kilroy walk: replaying a GPX track")
struct WalkCommandTests {
    /// Great-circle distance, written here independently of the code under test.
    private func haversine(_ a: (latitude: Double, longitude: Double), _ b: (latitude: Double, longitude: Double)) -> Double {
        let radians = Double.pi / 180
        let h =
            pow(sin((b.latitude - a.latitude) * radians / 2), 2)
            + cos(a.latitude * radians) * cos(b.latitude * radians) * pow(sin((b.longitude - a.longitude) * radians / 2), 2)
        return 2 * 6_371_008.8 * asin(min(1, sqrt(h)))
    }

    private func format(_ value: Double) -> String {
        String(format: "%.8f", value)
    }

    @Test("the hand-worked table of approaches matches the geometry of the fixture")
    func fixtureTableIsConsistent() {
        let memories = ["Bakery": WalkFixture.bakery, "Bench": WalkFixture.bench, "Mural": WalkFixture.mural]
        for expected in WalkFixture.expected {
            let point = WalkFixture.path[expected.pointIndex]
            let memory = memories[expected.memory]!
            let flat = hypot(point.x - memory.x, point.y - memory.y)
            #expect(abs(flat - expected.distance) < 0.005, "\(expected.memory) at \(expected.pointIndex)")
            let round = haversine(WalkFixture.latLon(point.x, point.y), WalkFixture.latLon(memory.x, memory.y))
            #expect(abs(round - flat) < 0.01)
            // The point before it was outside the 10 m geofence.
            let previous = WalkFixture.path[expected.pointIndex - 1]
            #expect(hypot(previous.x - memory.x, previous.y - memory.y) > 10)
        }
    }

    @Test("walking the canal taps each memory as worked out by hand, with no flapping at the bench")
    func walkPrintsApproaches() throws {
        let kilroy = KilroyProcess()
        let photo = try kilroy.file("photo.jpg", TestPhotos.jpeg)
        var ids: [String: String] = [:]
        for (name, spot) in [("Bakery", WalkFixture.bakery), ("Bench", WalkFixture.bench), ("Mural", WalkFixture.mural)] {
            let position = WalkFixture.latLon(spot.x, spot.y)
            let dropped = try kilroy.drop([
                "--lat", format(position.latitude), "--lon", format(position.longitude), "--image", photo, "--place", name,
            ])
            ids[name] = try #require(dropped["id"] as? String)
        }
        let gpx = try kilroy.file("canal.gpx", Data(WalkFixture.gpx.utf8))
        let result = try kilroy.run(["walk", gpx, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let events = try #require(try result.json() as? [[String: Any]])
        #expect(events.count == WalkFixture.expected.count)
        let iso = ISO8601DateFormatter()
        for (event, expected) in zip(events, WalkFixture.expected) {
            #expect(event["id"] as? String == ids[expected.memory], "\(expected.memory)")
            #expect(event["placeName"] as? String == expected.memory)
            #expect(event["pointIndex"] as? Int == expected.pointIndex)
            #expect(event["time"] as? String == iso.string(from: WalkFixture.time(ofPoint: expected.pointIndex)))
            let distance = try #require(event["distanceMeters"] as? Double)
            #expect(abs(distance - expected.distance) < 0.02, "\(expected.memory): \(distance)")
        }

        let text = try kilroy.run(["walk", gpx]).text
        let lines = text.split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines.first == "2026-05-01 09:00:36Z  approach  \(ids["Bakery"]!.prefix(8))  7.8 m  Bakery")
        #expect(lines.last == "5 approaches along 128 points.")
    }

    @Test("a broken GPX file is reported with its name and line, exit 1")
    func brokenGPX() throws {
        let kilroy = KilroyProcess()
        let bad = try kilroy.file("bad.gpx", Data("<gpx>\n<trk><trkseg>\n<trkpt lat=\"95\" lon=\"4\"/>\n</trkseg></trk></gpx>".utf8))
        let result = try kilroy.run(["walk", bad])
        #expect(result.status == 1)
        #expect(result.stderr == "kilroy: \(bad): line 3: lat 95.0 is outside -90...90.\n")
        let missing = try kilroy.run(["walk", "/nonexistent/walk.gpx"])
        #expect(missing.status == 1 && missing.stderr.contains("/nonexistent/walk.gpx"))
    }
}
