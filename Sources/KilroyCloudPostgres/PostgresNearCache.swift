import Foundation
import Geo
import KilroyCloud

/// Every kilroy's position in one process's memory for the PostgreSQL store's near queries,
/// with the records returned lately: the same caches as the SQLite store's
/// (`KilroyPositionCache`), fed differently, because PostgreSQL's writers run at once.
///
/// A kilroy is known by its `num` (an identity column, never reused) and its `version` (raised
/// by a trigger on every update). Triggers log every insert, update and deletion in
/// `kilroy_changes` under the writing transaction's id. Transactions do not commit in id order,
/// so the cache keeps a horizon instead of a last entry: every change by a transaction whose
/// id is below the horizon has been applied. Learning reads the changes at or above the
/// horizon, with the rows they name as they are now, and raises the horizon to the reading
/// snapshot's `xmin` (every transaction below it has ended, so its changes were in that read).
/// A change can be read more than once, and two learns can apply in either order, so applying
/// is idempotent and monotonic: a row's position is replaced only by a higher version, and a
/// deleted `num` never comes back.
///
/// The database stays the only truth and decides nothing here; the pure state lives in this
/// class, the SQL in `PostgresKilroyStore+NearCache.swift`.
///
/// `@unchecked Sendable` is safe here: the only mutable state, `state`, is private and every
/// read and write of it happens inside `lock.withLock`, so no two threads touch it at once.
final class PostgresNearCache: @unchecked Sendable {
    /// A row as a learn or a load read it: `nil` position and version for a deleted one.
    struct Change: Sendable {
        let num: Int64
        let version: Int64?
        let coordinate: Coordinate?
    }

    private struct Known {
        var coordinate: Coordinate
        var version: Int64
    }

    private struct State {
        var grid = PointGrid()
        var known: [Int64: Known] = [:]
        var deleted: Set<Int64> = []
        var records: KilroyRecordCache
        /// Every change by a transaction with a lower id has been applied.
        var horizon: UInt64 = 0
        /// How far the log had been pruned when this state was loaded or last learnt.
        var prunedSeen: UInt64 = 0
        var isLoaded = false
        /// When this process last pruned the change log.
        var lastPruned: ContinuousClock.Instant?
        /// The full load under way, which concurrent callers share.
        var loading: Task<Void, any Error>?
    }

    private let lock = NSLock()
    private var state: State

    init(recordCapacity: Int) {
        state = State(records: KilroyRecordCache(capacity: recordCapacity))
    }

    /// Whether every position has been loaded.
    var isLoaded: Bool { lock.withLock { state.isLoaded } }

    /// The horizon the next learn reads the changes from.
    var horizon: UInt64 { lock.withLock { state.horizon } }

    /// Runs `work` (a full load that ends in ``replace(with:horizon:pruned:)``), or waits for
    /// the one under way: queries that all find the cache empty load it once.
    func load(_ work: @escaping @Sendable () async throws -> Void) async throws {
        let task = lock.withLock { () -> Task<Void, any Error> in
            if let running = state.loading { return running }
            let task = Task { try await work() }
            state.loading = task
            return task
        }
        defer { lock.withLock { if state.loading == task { state.loading = nil } } }
        try await task.value
    }

    /// Replaces everything with a full load, read in a snapshot whose `xmin` is `horizon` and
    /// in which the log had been pruned through `pruned`.
    func replace(with rows: [Change], horizon: UInt64, pruned: UInt64) {
        var grid = PointGrid()
        var known: [Int64: Known] = [:]
        known.reserveCapacity(rows.count)
        for row in rows.sorted(by: { $0.num < $1.num }) {
            guard let coordinate = row.coordinate, let version = row.version else { continue }
            grid.insert(id: row.num, at: coordinate)
            known[row.num] = Known(coordinate: coordinate, version: version)
        }
        lock.withLock {
            state.grid = grid
            state.known = known
            state.deleted = []
            state.records = KilroyRecordCache(capacity: state.records.capacity)
            state.horizon = horizon
            state.prunedSeen = pruned
            state.isLoaded = true
        }
    }

    /// Whether a learn that read the log pruned through `pruned`, from `horizon`, may have
    /// missed changes: the log was pruned since this state last looked, at or above the horizon
    /// (a change learnt before it was pruned would do no harm, but the cache cannot tell).
    /// Otherwise notes the mark.
    func mustReload(pruned: UInt64, horizon: UInt64) -> Bool {
        lock.withLock {
            guard pruned > state.prunedSeen else { return false }
            guard pruned >= horizon else {
                state.prunedSeen = pruned
                return false
            }
            return true
        }
    }

    /// Applies the rows a learn read (each changed at or above the horizon), read in a snapshot
    /// whose `xmin` is `horizon`, then the kilroys within `radius` of `center`, nearest first.
    ///
    /// - Throws: `GeoError.invalidRadius` for a radius that is negative or not finite.
    func apply(_ changes: [Change], horizon: UInt64, thenWithin radius: Double, of center: Coordinate) throws -> [PointGrid.Match] {
        try lock.withLock {
            for change in changes { apply(change) }
            state.horizon = max(state.horizon, horizon)
            return try state.grid.points(within: radius, of: center)
        }
    }

    /// One row's change. Called with the lock held.
    private func apply(_ change: Change) {
        let num = change.num
        guard let version = change.version, let coordinate = change.coordinate else {
            if let known = state.known.removeValue(forKey: num) { state.grid.remove(id: num, at: known.coordinate) }
            state.deleted.insert(num)
            state.records.remove(num)
            return
        }
        guard !state.deleted.contains(num) else { return }
        if let known = state.known[num] {
            guard version > known.version else { return }
            state.grid.remove(id: num, at: known.coordinate)
            state.records.remove(num)
        }
        state.grid.insert(id: num, at: coordinate)
        state.known[num] = Known(coordinate: coordinate, version: version)
    }

    /// The kept records of `nums` (each the row's version the cache knows).
    func records(_ nums: [Int64]) -> [Int64: KilroyRecord] {
        lock.withLock {
            var found: [Int64: KilroyRecord] = [:]
            for num in nums {
                if let record = state.records.record(num, seenAt: 0) { found[num] = record }
            }
            return found
        }
    }

    /// Keeps each loaded record whose version is the one the cache knows (an older one is
    /// stale; a newer one will be learnt, and kept when loaded again).
    func keep(_ loaded: [(num: Int64, version: Int64, record: KilroyRecord)]) {
        guard !loaded.isEmpty else { return }
        lock.withLock {
            for row in loaded where state.known[row.num]?.version == row.version {
                state.records.insert(row.record, rowID: row.num, seenAt: 0)
            }
        }
    }

    /// Whether this process should prune the change log now (at most once per `interval`);
    /// marks it pruned if so.
    func shouldPrune(now: ContinuousClock.Instant, interval: Duration) -> Bool {
        lock.withLock {
            if let last = state.lastPruned, now - last < interval { return false }
            state.lastPruned = now
            return true
        }
    }

    /// Records held now (for tests).
    var recordCount: Int { lock.withLock { state.records.count } }
}
