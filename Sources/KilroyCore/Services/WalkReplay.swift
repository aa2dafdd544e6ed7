public import Foundation

/// Replays a recorded walk (a GPX track) through a ``GeofenceMonitor`` watching a set of
/// memories: what the app would have tapped, and when.
public enum WalkReplay {
    /// One approach during the walk.
    public struct Event: Hashable, Sendable {
        /// The approach (its `time` is the point's, or a stand-in when the point has none).
        public let approach: ApproachEvent
        /// The memory approached.
        public let memory: DroppedMemory
        /// The point's `<time>`, if the file has one.
        public let pointTime: Date?
        /// The point's index in ``GPXTrack/replayPoints`` (0-based).
        public let pointIndex: Int
        /// The point's line in the file.
        public let line: Int
    }

    /// The approach events of the walk, in order. Points without a `<time>` are fed one second
    /// apart from the Unix epoch so the monitor still sees an ordered stream.
    public static func replay(
        _ track: GPXTrack, memories: [DroppedMemory], configuration: GeofenceMonitor.Configuration = .init()
    ) -> [Event] {
        let byID = Dictionary(memories.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var monitor = GeofenceMonitor(targets: memories.map(GeofenceTarget.init(memory:)), configuration: configuration)
        var events: [Event] = []
        for (index, point) in track.replayPoints.enumerated() {
            let time = point.time ?? Date(timeIntervalSince1970: TimeInterval(index))
            for approach in monitor.update(LocationUpdate(coordinate: point.coordinate, time: time)) {
                guard let memory = byID[approach.memoryID] else { continue }
                events.append(Event(approach: approach, memory: memory, pointTime: point.time, pointIndex: index, line: point.line))
            }
        }
        return events
    }
}
