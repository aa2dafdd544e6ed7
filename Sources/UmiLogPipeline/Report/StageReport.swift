/// What one pipeline stage did: how many records came in, how many it kept, how many it
/// dropped and why.
public struct StageReport: Codable, Hashable, Sendable {
    /// The stage's key ("validation", "quality-filter", …).
    public var stage: String
    /// Its place in the pipeline, 1…7 (dives and sightings share 6).
    public var number: Int
    public var input: Int
    public var kept: Int
    public var dropped: Int
    public var reasons: [ReasonCount]
    /// Stage-specific counters ("sites", "candidatePairs", …).
    public var details: [String: Int]
    /// Wall time of the stage.
    public var seconds: Double

    public init(
        stage: String, number: Int, input: Int, kept: Int, dropped: Int, reasons: [ReasonCount],
        details: [String: Int] = [:], seconds: Double = 0
    ) {
        self.stage = stage
        self.number = number
        self.input = input
        self.kept = kept
        self.dropped = dropped
        self.reasons = reasons
        self.details = details
        self.seconds = seconds
    }

    /// The count for one reason code, 0 when the stage never used it.
    public func dropped(for reason: String) -> Int {
        reasons.first { $0.reason == reason }?.count ?? 0
    }
}
