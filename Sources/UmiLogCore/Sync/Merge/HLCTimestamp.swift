public import Foundation

/// A hybrid logical clock reading (Kulkarni et al., 2014): wall-clock milliseconds, a counter
/// for events within one millisecond (or while the wall clock lags), and the device that made
/// it. Readings are totally ordered — wall time, then counter, then device — so every device
/// picks the same winner among concurrent writes, and a device's readings only ever grow, even
/// when its wall clock steps back.
public struct HLCTimestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var wallMilliseconds: Int64
    public var counter: UInt32
    /// The device that made the reading (its sync device id, lowercase).
    public var node: String

    public init(wallMilliseconds: Int64, counter: UInt32, node: String) {
        self.wallMilliseconds = wallMilliseconds
        self.counter = counter
        self.node = node
    }

    public static func < (lhs: HLCTimestamp, rhs: HLCTimestamp) -> Bool {
        (lhs.wallMilliseconds, lhs.counter, lhs.node) < (rhs.wallMilliseconds, rhs.counter, rhs.node)
    }

    /// The wall-clock part as a date.
    public var date: Date { Date(timeIntervalSince1970: TimeInterval(wallMilliseconds) / 1_000) }

    /// `wall.counter@node`, fixed width, so text order is time order (for indexes and logs).
    public var description: String {
        let wall = String(wallMilliseconds)
        let counterText = String(counter)
        return String(repeating: "0", count: max(0, 15 - wall.count)) + wall + "."
            + String(repeating: "0", count: max(0, 10 - counterText.count)) + counterText + "@" + node
    }
}

extension HLCTimestamp: Codable {
    /// Encoded as `[wall, counter, node]`: compact in every change and record state.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        wallMilliseconds = try container.decode(Int64.self)
        counter = try container.decode(UInt32.self)
        node = try container.decode(String.self)
        guard wallMilliseconds >= 0, !node.isEmpty, node.utf8.count <= 64 else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a clock reading")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(wallMilliseconds)
        try container.encode(counter)
        try container.encode(node)
    }
}

/// A device's hybrid logical clock: the last reading it made or saw. `tick` gives a reading
/// above every one before it; `observe` moves the clock past a reading from another device, so
/// what this device writes next is ordered after everything it has seen.
public struct HybridClock: Sendable, Hashable {
    public private(set) var last: HLCTimestamp

    /// How far ahead of this device's wall clock a remote reading may be before it is reported:
    /// a day, as a wrong date on a phone (not a time zone) is what makes such readings.
    public static let tolerableDrift: TimeInterval = 24 * 60 * 60

    public init(node: String, last: HLCTimestamp? = nil) {
        self.last = last ?? HLCTimestamp(wallMilliseconds: 0, counter: 0, node: node)
        self.last.node = node
    }

    /// A new reading for a local event at wall time `now`.
    public mutating func tick(now: Date) -> HLCTimestamp {
        let wall = Self.milliseconds(now)
        if wall > last.wallMilliseconds {
            last = HLCTimestamp(wallMilliseconds: wall, counter: 0, node: last.node)
        } else {
            last = HLCTimestamp(wallMilliseconds: last.wallMilliseconds, counter: last.counter &+ 1, node: last.node)
        }
        return last
    }

    /// Moves the clock past `remote`. Returns `true` when `remote` is more than
    /// ``tolerableDrift`` ahead of `now` (the clock still moves, so later local writes stay
    /// ordered after what they saw; the caller reports the drift).
    @discardableResult
    public mutating func observe(_ remote: HLCTimestamp, now: Date) -> Bool {
        let wall = Self.milliseconds(now)
        if remote.wallMilliseconds > last.wallMilliseconds
            || (remote.wallMilliseconds == last.wallMilliseconds && remote.counter > last.counter)
        {
            last = HLCTimestamp(wallMilliseconds: remote.wallMilliseconds, counter: remote.counter, node: last.node)
        }
        return Double(remote.wallMilliseconds - wall) > Self.tolerableDrift * 1_000
    }

    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000).rounded(.down))
    }
}
