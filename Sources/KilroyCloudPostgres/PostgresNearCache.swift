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
/// so the cache keeps where it has read to as a snapshot does: every transaction below `from`
/// has been applied except those in `pending`, which were still running. Learning reads the
/// changes of transactions at or above `from` or in `pending`, with the rows they name as they
/// are now, and takes the reading snapshot's `xmax` and running transactions as the new `from`
/// and `pending`. (Reading from the snapshot's `xmin` instead re-read everything written since
/// the oldest running transaction in the whole cluster began: with the test suite's
/// transactions running beside a 100,000-drop insert, every near query read all of it.)
/// Two learns can apply in either order, so applying is idempotent and monotonic: a row's
/// position is replaced only by a higher version, and a deleted `num` never comes back.
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
        /// Every change by a transaction with a lower id, except those in `pending`, has been applied.
        var from: UInt64 = 0
        /// Transactions below `from` that were still running when it was read.
        var pending: [UInt64] = []
        /// How far the log had been pruned when this state was loaded or last learnt.
        var prunedSeen: UInt64 = 0
        var isLoaded = false
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

    /// A `pg_current_snapshot()`: every transaction below `xmax` had ended except those in `running`.
    struct Snapshot: Sendable, Equatable {
        let xmax: UInt64
        let running: [UInt64]

        /// Parses `xmin:xmax:xip,…` (the text form of `pg_snapshot`).
        init?(_ text: String) {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 3, UInt64(parts[0]) != nil, let xmax = UInt64(parts[1]) else { return nil }
            var running: [UInt64] = []
            for item in parts[2].split(separator: ",") {
                guard let id = UInt64(item) else { return nil }
                running.append(id)
            }
            self.xmax = xmax
            self.running = running
        }
    }

    /// Where the next learn reads from: transactions at or above `from`, and those in `pending`.
    var readFrom: (from: UInt64, pending: [UInt64]) { lock.withLock { (state.from, state.pending) } }

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

    /// Replaces everything with a full load, read in `snapshot`, in which the log had been
    /// pruned through `pruned`.
    func replace(with rows: [Change], snapshot: Snapshot, pruned: UInt64) {
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
            (state.from, state.pending) = (snapshot.xmax, snapshot.running)
            state.prunedSeen = pruned
            state.isLoaded = true
        }
    }

    /// Whether a learn that read the log pruned through `pruned`, from `from` and `pending`,
    /// may have missed changes: the log was pruned since this state last looked, at or above
    /// the oldest transaction it reads (a change learnt before it was pruned would do no harm,
    /// but the cache cannot tell). Otherwise notes the mark.
    func mustReload(pruned: UInt64, from: UInt64, pending: [UInt64]) -> Bool {
        lock.withLock {
            guard pruned > state.prunedSeen else { return false }
            guard pruned >= min(from, pending.min() ?? from) else {
                state.prunedSeen = pruned
                return false
            }
            return true
        }
    }

    /// Applies the rows a learn read in `snapshot`, then the kilroys within `radius` of
    /// `center`, nearest first. The state moves on to the snapshot unless another learn has
    /// already taken it further (each learn's state is whole: everything before it applied).
    ///
    /// - Throws: `GeoError.invalidRadius` for a radius that is negative or not finite.
    func apply(_ changes: [Change], snapshot: Snapshot, thenWithin radius: Double, of center: Coordinate) throws -> [PointGrid.Match] {
        try lock.withLock {
            for change in changes { apply(change) }
            if snapshot.xmax > state.from {
                (state.from, state.pending) = (snapshot.xmax, snapshot.running)
            } else if snapshot.xmax == state.from {
                // Both are whole; a transaction either saw end has been applied.
                state.pending = state.pending.filter(snapshot.running.contains)
            }
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

    /// The kept record of each of `nums`, in their order (each the row's version the cache
    /// knows); `nil` for the others.
    func records(_ nums: [Int64]) -> [KilroyRecord?] {
        lock.withLock { nums.map { state.records.record($0, seenAt: 0) } }
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

    /// Records held now (for tests).
    var recordCount: Int { lock.withLock { state.records.count } }
}
