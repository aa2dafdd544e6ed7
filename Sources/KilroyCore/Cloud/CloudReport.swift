/// The server's count after a report: how many distinct devices reported the kilroy and whether
/// it is now hidden.
public struct CloudReport: Hashable, Sendable {
    public let kilroyID: String
    public let reportCount: Int
    public let hidden: Bool

    public init(kilroyID: String, reportCount: Int, hidden: Bool) {
        self.kilroyID = kilroyID
        self.reportCount = reportCount
        self.hidden = hidden
    }
}
