import ArgumentParser
import CommandLineKit
import Foundation
import Geo
import KilroyCore
import Validation

struct Walk: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay a GPX track past your memories and print each approach (the moment the app taps you)."
    )

    @Argument(help: "A GPX file (its track points; else route points; else waypoints).") var file: String
    @OptionGroup var options: GlobalOptions

    private struct Row: Encodable {
        /// The memory approached.
        let id: String
        /// The point's time, when the file has one.
        let time: Date?
        let distanceMeters: Double
        /// Where the walker was.
        let latitude: Double
        let longitude: Double
        let pointIndex: Int
        let line: Int
        let placeName: String?
        let comment: String?
    }

    func run() async throws {
        let url = HomeDirectory.fileURL(file)
        let track: GPXTrack
        do {
            track = try GPXTrack.read(contentsOf: url)
        } catch {
            throw WalkError(file: file, error: error)
        }
        let services = try options.services()
        let events = WalkReplay.replay(track, memories: try await services.store.all())
        let rows = events.map { event in
            Row(
                id: event.memory.id.uuidString.lowercased(), time: event.pointTime, distanceMeters: event.approach.distanceMeters,
                latitude: event.approach.coordinate.latitude, longitude: event.approach.coordinate.longitude,
                pointIndex: event.pointIndex, line: event.line, placeName: event.memory.placeName, comment: event.memory.comment
            )
        }
        if options.json { return try Output.json(rows) }
        for row in rows {
            let when = row.time.map(Output.dateTime) ?? "point \(row.pointIndex)"
            let label = row.placeName ?? Output.snippet(row.comment)
            print("\(when)  approach  \(TextFormat.shortID(row.id))  \(Output.distance(row.distanceMeters))  \(label)")
        }
        let points = track.replayPoints.count
        print("\(Wording.counted(rows.count, "approach", plural: "approaches")) along \(Wording.counted(points, "point")).")
    }
}

/// A GPX problem, prefixed with the file's name.
struct WalkError: LocalizedError {
    let file: String
    let error: GPXError

    var errorDescription: String? {
        "\(file): \(error.errorDescription ?? "unreadable GPX")"
    }
}
