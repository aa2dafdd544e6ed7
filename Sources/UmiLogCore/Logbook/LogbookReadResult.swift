/// What a reader made of a file: the log, and the problems it met in single records.
///
/// A problem in one record (a dive without a depth, a sample with a garbled time) skips or
/// trims that record and is reported here, so the diver sees it in the preview; a problem with
/// the file as a whole throws `LogbookReadError` and nothing is imported.
public struct LogbookReadResult: Hashable, Sendable {
    public var logbook: Logbook
    public var issues: [LogbookIssue]

    public init(logbook: Logbook, issues: [LogbookIssue] = []) {
        self.logbook = logbook
        self.issues = issues
    }
}

/// A problem with one record of an imported file.
public struct LogbookIssue: Codable, Hashable, Sendable, CustomStringConvertible {
    public enum Outcome: String, Codable, Hashable, Sendable {
        /// The dive (a dive element, a CSV row) was left out. Used exactly once per dive left
        /// out, so counting these counts the dives skipped.
        case skipped
        /// The record was kept without the value named.
        case valueDropped
        /// A part of a record was left out and the record kept: a profile point, or a site
        /// entry that repeats another's id. Not a dive skipped.
        case partLeftOut
    }

    /// Which record: "dive 3", "row 7", "site Lake Coleridge".
    public var record: String
    /// The line in the file, when the format has lines worth naming.
    public var line: Int?
    public var message: String
    public var outcome: Outcome

    public init(record: String, line: Int? = nil, message: String, outcome: Outcome) {
        self.record = record
        self.line = line
        self.message = message
        self.outcome = outcome
    }

    public var description: String {
        let place = line.map { "\(record) (line \($0))" } ?? record
        let what = switch outcome {
        case .skipped: "skipped"
        case .valueDropped: "kept without this value"
        case .partLeftOut: "left out"
        }
        return "\(place): \(message) — \(what)"
    }
}
