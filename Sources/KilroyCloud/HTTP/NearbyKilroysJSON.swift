import Geo
import KilroyAPI
import OpenAPIRuntime
import ServerKit

/// The near answer (`NearbyKilroys`, the cloud's only large one) written by a
/// ``JSONBytesWriter`` straight from the store's records: the bytes the generated code's
/// `JSONEncoder` writes for the contract's view of them (``KilroyAPIHandler/apiKilroy(_:viewer:)``),
/// in about a fifth of the time (see ``PrerenderedJSONBody``), and without building that view
/// (its 100 values, each with its image URL joined, were a tenth of the writing). A test
/// compares the two for random records and fails when the contract gains a property this
/// writer does not know.
enum NearbyKilroysJSON {
    /// The answer's JSON for `viewer`, dates through `dates` (the server's OpenAPI
    /// configuration's transcoder).
    static func encode(
        _ kilroys: [NearbyKilroyRecord], viewer: DeviceDigest, reciprocity: Components.Schemas.ReciprocityStatus,
        dates: any DateTranscoder
    ) throws -> [UInt8] {
        var out = JSONBytesWriter(reservingCapacity: 512 * kilroys.count + 256)
        out.raw("{")
        out.key("kilroys")
        out.raw("[")
        for (index, near) in kilroys.enumerated() {
            if index > 0 { out.raw(",") }
            out.raw("{")
            out.member("distanceMeters", near.distanceMeters)
            out.key("kilroy")
            try write(near.kilroy, viewer: viewer, dates: dates, to: &out)
            out.raw("}")
        }
        out.raw("]")
        out.key("reciprocity")
        write(reciprocity, to: &out)
        out.raw("}")
        return out.bytes
    }

    /// A kilroy's object as ``KilroyAPIHandler/apiKilroy(_:viewer:)`` maps it, keys in
    /// `JSONEncoder`'s sorted order.
    private static func write(
        _ kilroy: KilroyRecord, viewer: DeviceDigest, dates: any DateTranscoder, to out: inout JSONBytesWriter
    ) throws {
        out.raw("{")
        if let comment = kilroy.comment { out.member("comment", comment) }
        out.member("createdAt", try dates.encode(kilroy.createdAt))
        out.member("geohash", kilroy.geohash)
        out.member("id", kilroy.id)
        out.member("imageId", kilroy.imageID)
        out.key("imageURL")
        out.string(KilroyAPIHandler.imagePathPrefix, kilroy.imageID)
        out.member("isMine", kilroy.owner == viewer)
        out.member("latitude", kilroy.coordinate.latitude)
        out.member("longitude", kilroy.coordinate.longitude)
        if let address = kilroy.placeAddress { out.member("placeAddress", address) }
        out.member("placeName", kilroy.placeName ?? "")
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
