import Foundation
import Geo
import Testing

@testable import UmiLogCore

/// A clock that moves only when a test calls `advance(by:)`, so debounce tests never sleep.
///
/// `@unchecked Sendable` is safe: `current` and `sleepers` are only touched under `lock`.
final class MapTestClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [UUID: Sleeper] = [:]

    var now: Instant { lock.withLock { current } }
    var minimumResolution: Duration { .zero }

    /// How many sleeps are waiting for the clock to reach their deadline.
    var sleeperCount: Int { lock.withLock { sleepers.count } }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let immediate: Result<Void, any Error>? = lock.withLock {
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= current { return .success(()) }
                    sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let immediate { continuation.resume(with: immediate) }
            }
        } onCancel: {
            let sleeper = lock.withLock { sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time on and wakes every sleep whose deadline has come.
    func advance(by duration: Duration) {
        let due: [Sleeper] = lock.withLock {
            current = current.advanced(by: duration)
            let due = sleepers.filter { $0.value.deadline <= current }
            for id in due.keys { sleepers.removeValue(forKey: id) }
            return Array(due.values)
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}

/// An in-memory `MapSiteSource` that records its queries and can fail or hold a query.
actor FakeMapSiteSource: MapSiteSource {
    struct Failure: LocalizedError {
        var errorDescription: String? { "The site store is unavailable." }
    }

    var sites: [MapSite]
    private(set) var queries: [MapBounds] = []
    private var failure: (any Error)?
    private var holdsNextQuery = false
    private var held: CheckedContinuation<Void, Never>?

    init(_ sites: [MapSite] = []) {
        self.sites = sites
    }

    func sites(in bounds: MapBounds) async throws -> [MapSite] {
        queries.append(bounds)
        if let failure { throw failure }
        if holdsNextQuery {
            holdsNextQuery = false
            await withCheckedContinuation { held = $0 }
        }
        return sites.filter { bounds.contains($0.coordinate) }
    }

    func setSites(_ sites: [MapSite]) { self.sites = sites }
    func fail(with error: (any Error)?) { failure = error }
    /// The next query waits (ignoring cancellation, as a slow store might) until `release()`.
    func holdNextQuery() { holdsNextQuery = true }
    var isHoldingQuery: Bool { held != nil }

    func release() {
        held?.resume()
        held = nil
    }
}

/// A Sendable flag for observation callbacks.
final class MapTestFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false
    var isRaised: Bool { lock.withLock { raised } }
    func raise() { lock.withLock { raised = true } }
}

/// Deterministic pseudo-random numbers (SplitMix64) for property tests.
struct MapTestRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum MapFixtures {
    static func coordinate(_ latitude: Double, _ longitude: Double) throws -> Coordinate {
        try Coordinate(latitude: latitude, longitude: longitude)
    }

    static func site(
        _ id: String, _ latitude: Double, _ longitude: Double, tags: [SiteTag] = [],
        difficulty: SiteDifficulty = .intermediate, status: SiteStatus? = nil, name: String? = nil
    ) throws -> MapSite {
        let site = DiveSite(
            id: id, name: name ?? id, coordinate: try coordinate(latitude, longitude), region: "Test",
            country: "Nowhere", tags: tags, difficulty: difficulty
        )
        return try #require(MapSite(site: site, status: status))
    }

    /// A site at world pixel `point` for `zoom`.
    static func site(_ id: String, atPixel point: MapPoint, zoom: Double) throws -> MapSite {
        let coordinate = try MapProjection.coordinate(at: point, zoom: zoom)
        return try site(id, coordinate.latitude, coordinate.longitude)
    }

    static func bounds(_ south: Double, _ west: Double, _ north: Double, _ east: Double) throws -> MapBounds {
        try MapBounds(south: south, west: west, north: north, east: east)
    }

    /// `count` sites scattered over the world, plus tight groups (one across the antimeridian)
    /// so that clusters form at every zoom.
    static func randomSites(count: Int, seed: UInt64) throws -> [MapSite] {
        var random = MapTestRandom(seed: seed)
        let centres: [(Double, Double)] = [(-17.8, 179.9), (12.1, -68.3), (27.7, 34.3), (-16.5, 145.8)]
        return try (0..<count).map { index in
            let id = String(format: "site-%04d", index)
            if index % 3 == 0 {
                return try site(id, Double.random(in: -80...80, using: &random), Double.random(in: -180...180, using: &random))
            }
            let centre = centres[index % centres.count]
            let latitude = centre.0 + Double.random(in: -0.5...0.5, using: &random)
            let longitude = MapProjection.wrappedWest(centre.1 + Double.random(in: -0.5...0.5, using: &random))
            return try site(id, latitude, longitude)
        }
    }
}
