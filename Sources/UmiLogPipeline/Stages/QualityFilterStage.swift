/// Stage 2: drop records that are not dive sites at all (stadiums, parks, sports venues, pools,
/// dive shops…), found by the keyword rules of ``NonDivePlaceFilter``.
struct QualityFilterStage {
    var filter = NonDivePlaceFilter()
    var parallelism: Int

    struct Removed: Sendable {
        var site: RawSite
        var match: NonDivePlaceFilter.Match
    }

    /// Removes the non-dive places from `sites` (in place: the survivors are moved, not
    /// copied) and returns them, in input order.
    func run(_ sites: inout [RawSite]) -> [Removed] {
        let ranges = Parallel.ranges(sites.count, pieces: max(1, parallelism) * 4)
        let matches = Parallel.map(ranges.count) { [sites] piece in
            ranges[piece].compactMap { index -> (Int, NonDivePlaceFilter.Match)? in
                filter.match(name: sites[index].name, type: sites[index].type, description: sites[index].description)
                    .map { (index, $0) }
            }
        }
        var removed: [Removed] = []
        var kept = 0
        var matchIterator = matches.joined().makeIterator()
        var nextMatch = matchIterator.next()
        for index in sites.indices {
            if let match = nextMatch, match.0 == index {
                removed.append(Removed(site: sites[index], match: match.1))
                nextMatch = matchIterator.next()
                continue
            }
            if kept != index { sites.swapAt(kept, index) }
            kept += 1
        }
        sites.removeLast(sites.count - kept)
        return removed
    }
}
