/// One key of a map being decoded.
struct DecodingMapEntry {
    /// Token index of the key; the value token follows it.
    var token: Int
    var length: Int
    /// The first eight key bytes (see `KeyPrefix`).
    var prefix: UInt64
}
