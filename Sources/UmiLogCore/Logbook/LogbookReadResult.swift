/// What a reader made of a file: the log, and the problems it met in single records.
///
/// A problem in one record (a dive without a depth, a sample with a garbled time) skips or
/// trims that record and is reported here, so the diver sees it in the preview; a problem with
/// the file as a whole throws `LogbookReadError` and nothing is imported.
public struct LogbookReadResult: Hashable, Sendable {
    public var logbook: Logbook
    public var issues: [LogbookIssue]
    /// Units the reader chose for a whole field of the file from its values, which the
    /// preview shows so the diver can check them.
    public var assumptions: [LogbookUnitAssumption]

    public init(logbook: Logbook, issues: [LogbookIssue] = [], assumptions: [LogbookUnitAssumption] = []) {
        self.logbook = logbook
        self.issues = issues
        self.assumptions = assumptions
    }
}

/// A unit a reader assumed for every value of a field of one file, because the values make
/// sense only in that unit: UDDF tank pressures of 3000 "Pa" (0.03 bar) that are psi, a CSV
/// whose unlabelled numbers are feet, °F and psi. Units are judged per file and per field —
/// from all of the field's values together, never value by value — and applied to all of them.
public struct LogbookUnitAssumption: Codable, Hashable, Sendable, CustomStringConvertible {
    /// "tank pressure", "values without a unit".
    public var field: String
    /// "psi", "imperial (ft, °F, psi, lb)".
    public var unit: String
    /// Why, from the values: "every one is 500–3000; as pascal that is under 0.1 bar".
    public var reason: String

    public init(field: String, unit: String, reason: String) {
        self.field = field
        self.unit = unit
        self.reason = reason
    }

    public var description: String { "\(field) read as \(unit): \(reason)" }
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
        let what =
            switch outcome {
            case .skipped: "skipped"
            case .valueDropped: "kept without this value"
            case .partLeftOut: "left out"
            }
        return "\(place): \(message) — \(what)"
    }
}
