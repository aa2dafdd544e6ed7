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
            out.key("distanceMeters")
            out.number(near.distanceMeters)
            out.raw(",")
            out.key("kilroy")
            try write(near.kilroy, dates: dates, to: &out)
            out.raw("}")
        }
        out.raw("],")
        out.key("reciprocity")
        write(answer.reciprocity, to: &out)
        out.raw("}")
        return out.bytes
    }

    /// A kilroy's object, keys in `JSONEncoder`'s sorted order.
    private static func write(_ kilroy: Components.Schemas.Kilroy, dates: any DateTranscoder, to out: inout JSONBytesWriter) throws {
        out.raw("{")
        if let comment = kilroy.comment {
            out.key("comment")
            out.string(comment)
            out.raw(",")
        }
        out.key("createdAt")
        out.string(try dates.encode(kilroy.createdAt))
        out.raw(",")
        out.key("geohash")
        out.string(kilroy.geohash)
        out.raw(",")
        out.key("id")
        out.string(kilroy.id)
        out.raw(",")
        out.key("imageId")
        out.string(kilroy.imageId)
        out.raw(",")
        out.key("imageURL")
        out.string(kilroy.imageURL)
        out.raw(",")
        out.key("isMine")
        out.bool(kilroy.isMine)
        out.raw(",")
        out.key("latitude")
        out.number(kilroy.latitude)
        out.raw(",")
        out.key("longitude")
        out.number(kilroy.longitude)
        if let address = kilroy.placeAddress {
            out.raw(",")
            out.key("placeAddress")
            out.string(address)
        }
        out.raw(",")
        out.key("placeName")
        out.string(kilroy.placeName)
        out.raw("}")
    }

    /// The reciprocity object, keys in sorted order.
    private static func write(_ status: Components.Schemas.ReciprocityStatus, to out: inout JSONBytesWriter) {
        out.raw("{")
        out.key("othersWithheld")
        out.bool(status.othersWithheld)
        out.raw(",")
        out.key("ownDropCount")
        out.number(status.ownDropCount)
        out.raw(",")
        out.key("policy")
        out.string(status.policy.rawValue)
        if let radius = status.radiusMeters {
            out.raw(",")
            out.key("radiusMeters")
            out.number(radius)
        }
        if let required = status.requiredDropCount {
            out.raw(",")
            out.key("requiredDropCount")
            out.number(required)
        }
        out.raw("}")
    }
}
