/// The discrete curve's two tables of 210,001 entries in 10⁻¹⁸ USD units, built by
/// `CurveTableBuilder` once per process, on first use (a `static let` is initialised lazily and
/// thread-safely; the build takes about 20 ms optimised, 70 ms unoptimised).
///
/// - `price[i]`: the spot price of one token for supply in [100·i, 100·(i+1)).
/// - `cumulative[i]`: the cost of the first 100·i tokens, Σ_{j<i} 100·price[j], exactly.
struct CurveTables: Sendable {
    let price: [UInt128]
    let cumulative: [UInt128]

    static let shared: CurveTables = {
        let output = CurveTableBuilder.build()
        return CurveTables(price: output.price, cumulative: output.cumulative)
    }()

    /// The index of the last entry (step 210,000, supply 21,000,000).
    var lastStep: Int { price.count - 1 }

    /// The largest step in `lower...upper` whose cumulative value is at most `target`, or `lower`
    /// when there is none (binary search; the cumulative table is strictly increasing).
    func lastStep(cumulativeAtMost target: UInt128, from lower: Int, through upper: Int) -> Int {
        var low = lower
        var high = upper
        while low < high {
            let middle = (low + high + 1) / 2
            if cumulative[middle] <= target {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return low
    }
}
