import Foundation

/// A hand-authored walk along a canal in Amsterdam, written in local metres (x east, y north of
/// the origin) and turned into a GPX 1.1 file with one fix every 4 seconds.
///
/// Three memories lie beside the path:
/// - Bakery at (50, 6), Bench at (152, 10), Mural at (250, −4).
///
/// Out east along y = 0 (every 5 m), a pause at the bench where the walker shuffles about with
/// GPS wobble at 9.3–11.2 m from it (the edge of its 10 m geofence), on to x = 300, then back
/// west along y = −2.5. The expected approaches were worked out by hand from the geometry
/// (distances are plain Pythagoras in metres):
///
/// | # | memory | point | where | distance |
/// |---|---|---|---|---|
/// | 1 | Bakery | 9 | (45, 0): first point within 10 m, √(5²+6²) | 7.81 m |
/// | 2 | Bench | 31 | (151, 0.6), after (150, 0) at 10.20 m; the wobble that follows never goes past 15 m, so no second tap | 9.45 m |
/// | 3 | Mural | 55 | (245, 0), after (240, 0) at 10.77 m | 6.40 m |
/// | 4 | Mural | 76 | (255, −2.5) on the way back, re-armed at (300, 0), 50 m away | 5.22 m |
/// | 5 | Bakery | 116 | (55, −2.5), after (60, −2.5) at 13.12 m | 9.86 m |
///
/// The Bench is never tapped on the way back: y = −2.5 stays 12.5 m from it.
enum WalkFixture {
    static let origin = (latitude: 52.3702, longitude: 4.8852)
    static let start = Date(timeIntervalSince1970: 1_777_626_000)  // 2026-05-01T09:00:00Z

    static let bakery = (x: 50.0, y: 6.0)
    static let bench = (x: 152.0, y: 10.0)
    static let mural = (x: 250.0, y: -4.0)

    struct Expected {
        let memory: String
        let pointIndex: Int
        let distance: Double
    }

    static let expected: [Expected] = [
        Expected(memory: "Bakery", pointIndex: 9, distance: 7.81),
        Expected(memory: "Bench", pointIndex: 31, distance: 9.45),
        Expected(memory: "Mural", pointIndex: 55, distance: 6.40),
        Expected(memory: "Mural", pointIndex: 76, distance: 5.22),
        Expected(memory: "Bakery", pointIndex: 116, distance: 9.86),
    ]

    /// The path, in metres.
    static let path: [(x: Double, y: Double)] = {
        var points: [(x: Double, y: Double)] = []
        for x in stride(from: 0.0, through: 145, by: 5) { points.append((x, 0)) }
        points += [(150, 0), (151, 0.6), (152, -0.8), (153, 0.5), (152, -1.2), (151, 0.3), (152, -0.5), (155, 0)]
        for x in stride(from: 160.0, through: 300, by: 5) { points.append((x, 0)) }
        for x in stride(from: 300.0, through: 0, by: -5) { points.append((x, -2.5)) }
        return points
    }()

    /// Metres to degrees on a sphere of radius 6,371,008.8 m (fine over a few hundred metres).
    static func latLon(_ x: Double, _ y: Double) -> (latitude: Double, longitude: Double) {
        let metersPerDegree = 6_371_008.8 * Double.pi / 180
        return (
            origin.latitude + y / metersPerDegree,
            origin.longitude + x / (metersPerDegree * cos(origin.latitude * Double.pi / 180))
        )
    }

    static func time(ofPoint index: Int) -> Date {
        start.addingTimeInterval(Double(index) * 4)
    }

    static var gpx: String {
        let formatter = ISO8601DateFormatter()
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<gpx version="1.1" creator="kilroy tests" xmlns="http://www.topografix.com/GPX/1/1">"#,
            "  <metadata><name>Canal walk</name></metadata>",
            "  <trk><name>Canal walk</name><trkseg>",
        ]
        for (index, point) in path.enumerated() {
            let position = latLon(point.x, point.y)
            lines.append(
                String(
                    format: #"    <trkpt lat="%.8f" lon="%.8f"><ele>%.1f</ele><time>%@</time></trkpt>"#,
                    position.latitude, position.longitude, 1.5 + Double(index % 3) * 0.2, formatter.string(from: time(ofPoint: index))
                ))
        }
        lines += ["  </trkseg></trk>", "</gpx>"]
        return lines.joined(separator: "\n") + "\n"
    }
}
