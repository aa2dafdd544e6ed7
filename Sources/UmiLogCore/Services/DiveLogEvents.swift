public import Foundation

/// What changed in the log, for the screens that show it: history reloads on every change,
/// the map and the stats on any change to the sites in `siteIDs` (the seed's
/// `DiveListDidChange` and `MapStatsDidChange`).
public struct DiveLogChange: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case created, updated, deleted
    }

    public let kind: Kind
    public let diveID: UUID
    /// The sites whose list state or counts may have changed (two when a dive moved).
    public let siteIDs: [String]
}

/// Hands every subscriber its own stream of ``DiveLogChange``s, so history, map and stats each
/// listen without knowing about one another. A subscriber that stops listening is dropped.
public actor DiveLogEvents {
    private var continuations: [UUID: AsyncStream<DiveLogChange>.Continuation] = [:]

    public init() {}

    /// A stream of every change published from now on.
    public func subscribe() -> AsyncStream<DiveLogChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: DiveLogChange.self, bufferingPolicy: .bufferingNewest(100))
        let id = UUID()
        continuations[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.remove(id) }
        }
        return stream
    }

    func publish(_ change: DiveLogChange) {
        for continuation in continuations.values { continuation.yield(change) }
    }

    /// How many streams are listening (tests check that finished ones are dropped).
    public var subscriberCount: Int { continuations.count }

    private func remove(_ id: UUID) {
        continuations[id] = nil
    }
}
