/// One quality check of stage 5: how many exported sites it flagged, and which.
public struct FlagReport: Codable, Hashable, Sendable {
    /// The flag as sites carry it ("depth-out-of-range").
    public var flag: String
    public var explanation: String
    public var count: Int
    /// The flagged sites' ids, sorted; at most the pipeline's flagged-id limit.
    public var siteIDs: [String]

    public init(flag: String, explanation: String, count: Int, siteIDs: [String]) {
        self.flag = flag
        self.explanation = explanation
        self.count = count
        self.siteIDs = siteIDs
    }
}
