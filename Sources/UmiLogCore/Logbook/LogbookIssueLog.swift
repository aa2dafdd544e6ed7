/// The problems met in single records of a log file, in the order they were met.
///
/// The same problem in many waypoints of one dive (a garbled temperature in every sample) is
/// reported once, with its first line and how often it occurred, so a damaged profile does not
/// bury the import preview under thousands of identical lines.
struct LogbookIssueLog {
    private struct Entry {
        var issue: LogbookIssue
        var count: Int
    }

    /// What makes two problems the same one.
    private struct Key: Hashable {
        let record: String
        let field: String
        let outcome: LogbookIssue.Outcome
    }

    private var entries: [Entry] = []
    private var positions: [Key: Int] = [:]

    /// Records a problem; `field` groups repeats of the same problem within one record.
    mutating func add(record: String, field: String, line: Int?, message: String, outcome: LogbookIssue.Outcome) {
        let key = Key(record: record, field: field, outcome: outcome)
        if let position = positions[key] {
            entries[position].count += 1
            return
        }
        positions[key] = entries.count
        let issue = LogbookIssue(record: record, line: line, message: message, outcome: outcome)
        entries.append(Entry(issue: issue, count: 1))
    }

    var issues: [LogbookIssue] {
        entries.map { entry in
            var issue = entry.issue
            if entry.count > 1 { issue.message += " (\(entry.count) times)" }
            return issue
        }
    }
}
