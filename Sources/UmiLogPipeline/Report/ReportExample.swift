/// One record a stage dropped or flagged, named so a person can find it in the input.
public struct ReportExample: Codable, Hashable, Sendable {
    /// 1-based line of the input file, when the record has one.
    public var line: Int?
    /// The record's id: a source id ("osm:node/42"), a site, dive or sighting id.
    public var id: String?
    /// What exactly was wrong ("matched \"stadium\" in name", "depth 150.0 m").
    public var detail: String?

    public init(line: Int? = nil, id: String? = nil, detail: String? = nil) {
        self.line = line
        self.id = id
        self.detail = detail
    }
}
