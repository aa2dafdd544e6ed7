/// Counts records per reason and keeps the first `exampleLimit` of each, so a report on a
/// million records stays small whatever the input holds.
struct ReasonTally<Reason: DropReason> {
    private var counts: [Reason: Int] = [:]
    private var examples: [Reason: [ReportExample]] = [:]
    let exampleLimit: Int

    init(exampleLimit: Int) {
        self.exampleLimit = max(0, exampleLimit)
    }

    /// Records one dropped record; `example` is only built while the reason has room for it.
    mutating func add(_ reason: Reason, _ example: @autoclosure () -> ReportExample) {
        counts[reason, default: 0] += 1
        if examples[reason, default: []].count < exampleLimit {
            examples[reason, default: []].append(example())
        }
    }

    var total: Int { counts.values.reduce(0, +) }

    func count(of reason: Reason) -> Int { counts[reason] ?? 0 }

    /// Every reason with its count, most frequent first (then by code, for a stable order).
    var reasonCounts: [ReasonCount] {
        counts.map { reason, count in
            ReasonCount(reason: reason.code, explanation: reason.explanation, count: count, examples: examples[reason] ?? [])
        }
        .sorted { ($0.count, $1.reason) > ($1.count, $0.reason) }
    }
}
