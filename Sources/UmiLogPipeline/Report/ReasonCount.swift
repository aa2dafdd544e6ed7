/// How many records a stage dropped (or flagged) for one reason, with the first few as examples.
public struct ReasonCount: Codable, Hashable, Sendable {
    /// Stable key, e.g. "missing-name", "stadium", "depth-out-of-range".
    public var reason: String
    public var explanation: String
    public var count: Int
    /// The first records in input order, at most the report's example limit.
    public var examples: [ReportExample]

    public init(reason: String, explanation: String, count: Int, examples: [ReportExample]) {
        self.reason = reason
        self.explanation = explanation
        self.count = count
        self.examples = examples
    }
}
