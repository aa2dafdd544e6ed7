import DAGCBOR
import Foundation
import Geo
import ServerKit
import Validation

/// The checks every Kilroy request's fields go through; each failure is a ``ServerRejection``
/// naming the field. Valid input comes back in canonical form.
enum RequestValidation {
    // Characters as a person counts them, and bytes as the store does: 8 bytes a character is
    // room for any ordinary text (an emoji with a skin tone is 8), never for a "character" made of
    // thousands of combining marks.
    static let comment = LengthValidator(min: 0, max: 500, maxBytes: 4_000)
    static let placeName = LengthValidator(min: 0, max: 200, maxBytes: 1_600)
    static let placeAddress = LengthValidator(min: 0, max: 300, maxBytes: 2_400)
    static let reportReason = LengthValidator(min: 0, max: 500, maxBytes: 4_000)

    /// The near query's numbers, checked as text before the generated decoder reads them (it
    /// would take `0x10` for 16).
    static let nearQueryNumbers: [QueryNumberRule] = [
        QueryNumberRule(
            "lat", rejection: .badRequest("invalid_coordinate", "The query parameter lat must be a number of degrees.", field: "lat")),
        QueryNumberRule(
            "lon", rejection: .badRequest("invalid_coordinate", "The query parameter lon must be a number of degrees.", field: "lon")),
        QueryNumberRule(
            "radius", rejection: .badRequest("invalid_radius", "The radius must be a number of metres, at most 50000.", field: "radius")),
        QueryNumberRule("limit", integer: true, rejection: invalidLimit),
    ]

    /// A limit that is no whole number, or one outside 1…500.
    static let invalidLimit = ServerRejection.badRequest(
        "invalid_limit", "The limit must be a whole number from 1 to 500.", field: "limit")

    /// The largest near-query radius, metres.
    static let maximumRadius = 50_000.0
    static let defaultRadius = 1_000.0
    static let limits = 1...500
    static let defaultLimit = 100

    /// A legacy device id (what clients sent as `X-Device-ID` before credentials): 8 to 64
    /// characters of A-Z, a-z, 0-9, `-` and `_`.
    static func legacyDeviceID(_ value: String, field: String) throws(ServerRejection) -> String {
        let allowed =
            (8...64).contains(value.utf8.count)
            && value.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                    true
                default:
                    false
                }
            }
        guard allowed else { throw .invalidLegacyDeviceID(field: field) }
        return value
    }

    /// A UUID, returned upper case (`UUID.uuidString`), so ids match whatever case a client uses.
    static func kilroyID(_ value: String, field: String) throws(ServerRejection) -> String {
        guard let uuid = UUID(uuidString: value) else { throw .invalidKilroyID(field: field) }
        return uuid.uuidString
    }

    /// A blob CID (CIDv1, raw codec, sha2-256) in its canonical base32 form.
    static func imageID(_ value: String, field: String) throws(ServerRejection) -> String {
        guard let cid = try? CID(string: value), cid.codec == .raw, cid.string == value else {
            throw .invalidImageID(field: field)
        }
        return value
    }

    static func coordinate(
        latitude: Double, longitude: Double, latitudeField: String, longitudeField: String
    ) throws(ServerRejection) -> Coordinate {
        do {
            return try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            switch error {
            case .invalidLatitude:
                throw .badRequest(
                    "invalid_coordinate", "The latitude must be a number of degrees from -90 to 90.", field: latitudeField)
            case .invalidLongitude:
                throw .badRequest(
                    "invalid_coordinate", "The longitude must be a number of degrees from -180 to 180.", field: longitudeField)
            case .invertedLatitudes, .invalidRadius:
                // Not thrown for a single point; kept apart so a new case is noticed here.
                throw .badRequest("invalid_coordinate", "The coordinate is invalid.", field: latitudeField)
            }
        }
    }

    /// Optional free text: trimmed, `nil` when empty, rejected when longer than the validator's maximum.
    ///
    /// The maximum counts Unicode code points of the text as sent, before trimming: what the
    /// contract's `maxLength` means (JSON Schema counts code points), so the server refuses
    /// exactly what the contract does. It also bounds the bytes (at most 4 per code point), so a
    /// single "character" of thousands of combining marks cannot pass.
    static func text(_ value: String?, _ validator: LengthValidator, field: String) throws(ServerRejection) -> String? {
        guard let value else { return nil }
        guard value.unicodeScalars.count <= validator.max, let canonical = validator.validate(value) else {
            let bytes = validator.maxBytes.map { " (\($0) bytes of UTF-8)" } ?? ""
            throw .badRequest(
                "text_too_long", "\(field) can be at most \(validator.max) characters (Unicode code points)\(bytes).", field: field)
        }
        return canonical.isEmpty ? nil : canonical
    }

    /// 0 < radius ≤ 50 km, default 1 km.
    static func radius(_ value: Double?) throws(ServerRejection) -> Double {
        let radius = value ?? defaultRadius
        guard radius.isFinite, radius > 0, radius <= maximumRadius else {
            throw .badRequest(
                "invalid_radius", "The radius must be more than 0 and at most 50000 metres.", field: "radius")
        }
        return radius
    }

    /// 1…500, default 100.
    static func limit(_ value: Int32?) throws(ServerRejection) -> Int {
        let limit = value.map(Int.init) ?? defaultLimit
        guard limits.contains(limit) else { throw invalidLimit }
        return limit
    }

    /// A capture date after 1970 and at most a day ahead of the server's clock.
    static func createdAt(_ value: Date, now: Date) throws(ServerRejection) -> Date {
        guard value.timeIntervalSince1970 >= 0, value <= now.addingTimeInterval(86_400) else {
            throw .badRequest(
                "invalid_created_at", "createdAt must be the capture time, after 1970 and not in the future.",
                field: "createdAt")
        }
        return value
    }
}
