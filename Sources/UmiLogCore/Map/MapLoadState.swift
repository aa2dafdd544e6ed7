/// Where the map's last viewport query stands, for a spinner or an error banner.
public enum MapLoadState: Hashable, Sendable {
    /// No query has run yet, or the last one was cancelled because the viewport moved on.
    case idle
    case loading
    case loaded
    /// The last query failed; the map keeps showing the sites it had. The message is for a person.
    case failed(message: String)
}
