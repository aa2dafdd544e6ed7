package import Geo

/// The second half of a near query answered from a position cache (the SQLite store's and
/// the PostgreSQL store's): given the circle's kilroys
/// nearest first (cache numbers and distances), it asks for their records in batches of as
/// many as could still be included (a group of equal distances whole) and applies `decide` to
/// them in order — equal distances by id, as the contract asks — until `limit` are included.
///
/// Only the rows looked at are asked for: with no kilroy skipped that is `limit` rows (plus the
/// rest of the last equal-distance group), however many the circle holds. The caller loads
/// each batch however its store does (from its kept records or inside its read transaction),
/// so this is a value the caller steps through, not a function taking a loader: a store whose
/// loads are `async` can use it too.
package struct NearbySelection {
    private let positions: [PointGrid.Match]
    private let limit: Int
    private var batchStart = 0
    private var kilroys: [NearbyKilroyRecord] = []
    private var withheld = 0

    /// A selection of at most `limit` kilroys from `positions` (nearest first, equal distances
    /// in any order).
    package init(positions: [PointGrid.Match], limit: Int) {
        self.positions = positions
        self.limit = limit
        kilroys.reserveCapacity(min(max(limit, 0), positions.count))
    }

    /// The numbers of the next batch of kilroys to load, or `nil` when the answer is complete.
    package func nextBatch() -> [Int64]? {
        guard batchStart < positions.count, kilroys.count < limit else { return nil }
        return positions[batchStart..<batchEnd].map(\.id)
    }

    /// Where the next batch ends: as many as could still be included, and the rest of the last
    /// one's equal-distance group, so that every group is decided whole and in id order.
    private var batchEnd: Int {
        var end = min(positions.count, batchStart + (limit - kilroys.count))
        while end < positions.count, positions[end].distance == positions[end - 1].distance { end += 1 }
        return end
    }

    /// Applies `decide` to the batch ``nextBatch()`` named, given its `records` in the batch's
    /// order (an array, not a dictionary by number: building and reading one cost more than a
    /// tenth of a near query's store time). A number with no record (deleted, or not visible
    /// to the caller's snapshot) has `nil` and is skipped.
    package mutating func decideBatch(records: [KilroyRecord?], _ decide: (KilroyCandidate) -> NearbyDecision) {
        let end = batchEnd
        precondition(records.count == end - batchStart, "one record or nil for each number of the batch")
        var groupStart = batchStart
        while groupStart < end, kilroys.count < limit {
            let distance = positions[groupStart].distance
            var groupEnd = groupStart + 1
            while groupEnd < end, positions[groupEnd].distance == distance { groupEnd += 1 }
            if groupEnd - groupStart == 1 {
                // Almost every group: one kilroy at its distance, decided without building a group.
                if let record = records[groupStart - batchStart] { consider(record, at: distance, decide) }
            } else {
                var group = records[(groupStart - batchStart)..<(groupEnd - batchStart)].compactMap { $0 }
                // Ties by id, as the contract asks (cache numbers follow insertion, not ids).
                group.sort { $0.id < $1.id }
                for record in group { consider(record, at: distance, decide) }
            }
            groupStart = groupEnd
        }
        batchStart = end
    }

    /// Includes, skips or withholds `record` as `decide` says, while the answer has room.
    private mutating func consider(
        _ record: KilroyRecord, at distance: Double, _ decide: (KilroyCandidate) -> NearbyDecision
    ) {
        guard kilroys.count < limit else { return }
        switch decide(KilroyCandidate(record, distanceMeters: distance)) {
        case .include: kilroys.append(NearbyKilroyRecord(kilroy: record, distanceMeters: distance))
        case .skip: break
        case .withhold: withheld += 1
        }
    }

    /// The answer so far (complete once ``nextBatch()`` is `nil`).
    package var result: NearbyQueryResult { NearbyQueryResult(kilroys: kilroys, withheldCount: withheld) }
}
