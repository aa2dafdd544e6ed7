/// Stable ids for exported sites: a readable slug of the name plus a short hash of the chosen
/// source record ("shark-reef-1a2b3c4d").
///
/// The id is the same on every run and machine for the same record, so a user's dives and
/// wishlist keep pointing at the same site when the dataset is regenerated; the hash tells apart
/// the many "Blue Hole"s of the world.
enum SiteIdentifier {
    static let maximumSlugLength = 48

    static func id(name: String, sourceID: String, long: Bool = false) -> String {
        let hash = FNV1a.hash(sourceID)
        let suffix = long ? hex(hash, digits: 16) : hex(hash & 0xFFFF_FFFF, digits: 8)
        return slug(name) + "-" + suffix
    }

    /// Lower-case ASCII words joined by dashes, cut at a word boundary; "site" when nothing
    /// Latin is left (a name in Thai or Japanese).
    static func slug(_ name: String) -> String {
        let folded = FoldedText(name)
        var slug: [UInt8] = []
        slug.reserveCapacity(min(folded.bytes.count, maximumSlugLength))
        for word in folded.words {
            let ascii = folded.bytes[word].filter { $0 < 0x80 }
            guard !ascii.isEmpty else { continue }
            if slug.isEmpty {
                slug.append(contentsOf: ascii.prefix(maximumSlugLength))
            } else if slug.count + 1 + ascii.count <= maximumSlugLength {
                slug.append(UInt8(ascii: "-"))
                slug.append(contentsOf: ascii)
            } else {
                break
            }
        }
        return slug.isEmpty ? "site" : String(decoding: slug, as: UTF8.self)
    }

    private static func hex(_ value: UInt64, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
