import KilroyAPI
import OpenAPIRuntime
import ServerKit

/// The near answer (`NearbyKilroys`, the cloud's only large one) written by a
/// ``JSONBytesWriter``: the same bytes the generated code's `JSONEncoder` writes, in about a
/// fifth of the time (see ``PrerenderedJSONBody``). Every property of the generated types is
/// written here; a test fails when the contract gains one this writer does not know.
enum NearbyKilroysJSON {
    /// The answer's JSON, dates through `dates` (the server's OpenAPI configuration's transcoder).
    static func encode(_ answer: Components.Schemas.NearbyKilroys, dates: any DateTranscoder) throws -> [UInt8] {
        var out = JSONBytesWriter(reservingCapacity: 512 * answer.kilroys.count + 256)
        out.raw("{")
        out.key("kilroys")
        out.raw("[")
        for (index, near) in answer.kilroys.enumerated() {
            if index > 0 { out.raw(",") }
            out.raw("{")
            out.member("distanceMeters", near.distanceMeters)
            out.key("kilroy")
            try write(near.kilroy, dates: dates, to: &out)
            out.raw("}")
        }
        out.raw("]")
        out.key("reciprocity")
        write(answer.reciprocity, to: &out)
        out.raw("}")
        return out.bytes
    }

    /// A kilroy's object, keys in `JSONEncoder`'s sorted order.
    private static func write(_ kilroy: Components.Schemas.Kilroy, dates: any DateTranscoder, to out: inout JSONBytesWriter) throws {
        out.raw("{")
        if let comment = kilroy.comment { out.member("comment", comment) }
        out.member("createdAt", try dates.encode(kilroy.createdAt))
        out.member("geohash", kilroy.geohash)
        out.member("id", kilroy.id)
        out.member("imageId", kilroy.imageId)
        out.member("imageURL", kilroy.imageURL)
        out.member("isMine", kilroy.isMine)
        out.member("latitude", kilroy.latitude)
        out.member("longitude", kilroy.longitude)
        if let address = kilroy.placeAddress { out.member("placeAddress", address) }
        out.member("placeName", kilroy.placeName)
        out.raw("}")
    }

    /// The reciprocity object, keys in sorted order.
    private static func write(_ status: Components.Schemas.ReciprocityStatus, to out: inout JSONBytesWriter) {
        out.raw("{")
        out.member("othersWithheld", status.othersWithheld)
        out.member("ownDropCount", status.ownDropCount)
        out.member("policy", status.policy.rawValue)
        if let radius = status.radiusMeters { out.member("radiusMeters", radius) }
        if let required = status.requiredDropCount { out.member("requiredDropCount", required) }
        out.raw("}")
    }
}
