import Foundation
import Testing

@testable import KilroyCore

/// Issue 13: `kilroy walk` called any valid GPX over 10,000,000 bytes "malformed": Foundation's
/// parser was handed the whole file at once, past libxml2's look-up limit. Large files are now
/// read in chunks, up to ``GPXTrack/maximumBytes``, and a larger one is refused naming that limit.
@Suite("Regression: GPX files over 10 MB are read")
struct LargeGPXTests {
    /// A valid GPX track of at least `bytes` bytes: one `trkpt` with `ele` and `time` per line.
    static func largeGPX(atLeast bytes: Int) -> (data: Data, points: Int) {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="kilroy tests" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><name>Long walk</name><trkseg>

            """
        var points = 0
        let start = Date(timeIntervalSince1970: 1_777_627_800)
        let formatter = ISO8601DateFormatter()
        while text.utf8.count < bytes {
            let latitude = 52.3 + Double(points % 100_000) * 1e-6
            let longitude = 4.8 + Double(points % 70_000) * 1e-6
            let time = formatter.string(from: start.addingTimeInterval(Double(points)))
            text += "<trkpt lat=\"\(latitude)\" lon=\"\(longitude)\"><ele>\(points % 40).5</ele><time>\(time)</time></trkpt>\n"
            points += 1
        }
        text += "</trkseg></trk>\n</gpx>\n"
        return (Data(text.utf8), points)
    }

    @Test("a valid 15 MB GPX is read completely, every point in order")
    func fifteenMegabytes() throws {
        let (data, count) = Self.largeGPX(atLeast: 15_000_000)
        #expect(data.count > 15_000_000)
        let track = try GPXTrack.parse(data)
        #expect(track.points.count == count)
        #expect(track.points.first?.line == 4)
        #expect(track.points.last?.line == 3 + count)
        #expect(track.points.last?.time == Date(timeIntervalSince1970: 1_777_627_800 + Double(count - 1)))
        #expect(track.points.allSatisfy { $0.kind == .track && $0.elevation != nil })
    }

    @Test("a file over the limit is refused with the limit in the message, before it is read")
    func overTheLimit() throws {
        let folder = temporaryStoreFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("huge.gpx")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(GPXTrack.maximumBytes + 1))
        try handle.close()
        #expect(throws: GPXError.tooLarge(bytes: GPXTrack.maximumBytes + 1, limit: GPXTrack.maximumBytes)) {
            try GPXTrack.read(contentsOf: url)
        }
        let message = GPXError.tooLarge(bytes: GPXTrack.maximumBytes + 1, limit: GPXTrack.maximumBytes).errorDescription ?? ""
        #expect(message.contains("64 MiB"))
        #expect(GPXTrack.maximumBytes >= 4 * 15_000_000)
    }
}
