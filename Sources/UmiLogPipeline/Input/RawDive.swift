/// A logged dive from the input, kept with all its fields so it can be written out again with
/// its site reference resolved.
struct RawDive: Sendable {
    var line: Int
    var id: String
    /// A source id of the site ("osm:node/42"); any id of a merged cluster resolves.
    var siteID: String
    /// The whole input object, written back out with `site_id` replaced.
    var object: JSONLineObject
}
