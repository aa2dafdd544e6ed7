import Geo

/// Stage 3: merge records of the same place from different sources (or twice from one).
///
/// Two records are duplicates when they lie within `radiusMeters` (haversine) and their names,
/// normalised (``NameKey``: folded, articles dropped, abbreviations written out), have the same
/// numbers and compass words and a Jaro–Winkler similarity of at least `similarityThreshold`;
/// duplicates of duplicates join the same cluster. Each name is normalised once, up front. The work is linear in expectation: each
/// record is compared only with the records of its own and its 8 neighbouring grid cells
/// (``ProximityGrid``), never with all others.
///
/// Each cluster keeps every member's source id (its lineage). Its representative, whose values
/// are exported, is chosen by: open licence first, then the richest record (most optional
/// facts), then the smallest source id, so the choice never depends on input order.
struct DeduplicationStage {
    var radiusMeters: Double
    var similarityThreshold: Double
    var parallelism: Int

    struct Cluster: Sendable {
        /// Index (into the stage's input) of the record whose values are exported.
        var representative: Int
        /// Every member's index, the representative included, in input order.
        var members: [Int]
    }

    struct Output: Sendable {
        /// One per distinct place, in input order of their first member.
        var clusters: [Cluster]
        /// Pairs of records within the radius (compared by name).
        var nearbyPairs: Int
        /// Pairs merged as duplicates.
        var duplicatePairs: Int
        /// Occupied grid cells.
        var cells: Int
    }

    func run(_ sites: [RawSite]) -> Output {
        let grid = ProximityGrid(radiusMeters: radiusMeters)
        let ranges = Parallel.ranges(sites.count, pieces: max(1, parallelism) * 4)
        let prepared = Parallel.map(ranges.count) { piece in
            ranges[piece].map { (NameKey(sites[$0].name), grid.cell(of: sites[$0].coordinate)) }
        }
        let names = prepared.joined().map(\.0)
        let cellKeys = prepared.joined().map(\.1)
        let cells = CellIndex(keys: cellKeys)

        // Find pairs in parallel; merge them in one thread, in a fixed order.
        let found = Parallel.map(ranges.count) { piece in
            var pairs: [(Int32, Int32)] = []
            var nearby = 0
            for index in ranges[piece] {
                let site = sites[index]
                grid.forEachNeighbour(of: site.coordinate) { key in
                    for other in cells.members(of: key) where Int(other) > index {
                        let candidate = sites[Int(other)]
                        guard haversineDistance(from: site.coordinate, to: candidate.coordinate) <= radiusMeters else { continue }
                        nearby += 1
                        if names[index].matches(names[Int(other)], threshold: similarityThreshold) {
                            pairs.append((Int32(index), other))
                        }
                    }
                }
            }
            return (pairs, nearby)
        }
        var sets = UnionFind(count: sites.count)
        var duplicatePairs = 0
        for (pairs, _) in found {
            duplicatePairs += pairs.count
            for (a, b) in pairs { sets.union(Int(a), Int(b)) }
        }

        var clusters: [Cluster] = []
        clusters.reserveCapacity(sites.count)
        var slotOfRoot = [Int32](repeating: -1, count: sites.count)
        for index in sites.indices {
            let root = sets.find(index)
            let slot = Int(slotOfRoot[root])
            if slot >= 0 {
                clusters[slot].members.append(index)
            } else {
                slotOfRoot[root] = Int32(clusters.count)
                clusters.append(Cluster(representative: index, members: [index]))
            }
        }
        for slot in clusters.indices where clusters[slot].members.count > 1 {
            let members = clusters[slot].members
            clusters[slot].representative = members.min { Self.isPreferred(sites[$0], over: sites[$1]) } ?? members[0]
        }
        return Output(
            clusters: clusters, nearbyPairs: found.reduce(0) { $0 + $1.1 }, duplicatePairs: duplicatePairs,
            cells: cells.count
        )
    }

    /// Whether `a` should represent a cluster rather than `b`.
    static func isPreferred(_ a: RawSite, over b: RawSite) -> Bool {
        if a.licence.isOpen != b.licence.isOpen { return a.licence.isOpen }
        if a.richness != b.richness { return a.richness > b.richness }
        return a.sourceID < b.sourceID
    }
}

/// Records grouped by grid cell, in one flat array (no array per cell): a hash lookup gives a
/// cell's slice.
private struct CellIndex: Sendable {
    private let slots: [Int64: Int32]
    private let starts: [Int32]
    private let members: [Int32]

    init(keys: [Int64]) {
        var slots: [Int64: Int32] = [:]
        slots.reserveCapacity(keys.count)
        var slotOfRecord = [Int32](repeating: 0, count: keys.count)
        var counts: [Int32] = []
        for (index, key) in keys.enumerated() {
            if let slot = slots[key] {
                slotOfRecord[index] = slot
                counts[Int(slot)] += 1
            } else {
                let slot = Int32(counts.count)
                slots[key] = slot
                slotOfRecord[index] = slot
                counts.append(1)
            }
        }
        var starts = [Int32](repeating: 0, count: counts.count + 1)
        for slot in counts.indices { starts[slot + 1] = starts[slot] + counts[slot] }
        var next = Array(starts.dropLast())
        var members = [Int32](repeating: 0, count: keys.count)
        for (index, slot) in slotOfRecord.enumerated() {
            members[Int(next[Int(slot)])] = Int32(index)
            next[Int(slot)] += 1
        }
        self.slots = slots
        self.starts = starts
        self.members = members
    }

    var count: Int { slots.count }

    func members(of key: Int64) -> ArraySlice<Int32> {
        guard let slot = slots[key] else { return [] }
        return members[Int(starts[Int(slot)])..<Int(starts[Int(slot) + 1])]
    }
}
