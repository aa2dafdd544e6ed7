import Foundation
import KilroyAPI

/// A request the Kilroy cloud refuses: the HTTP status, a stable code, a message a person can
/// act on and the request field at fault. Rendered as the contract's `Error` body.
struct KilroyRejection: Error, Equatable, Sendable {
    enum Status: Int, Sendable {
        case badRequest = 400
        case forbidden = 403
        case notFound = 404
        case notAcceptable = 406
        case conflict = 409
        case contentTooLarge = 413
        case unsupportedMediaType = 415
        case tooManyRequests = 429
        case internalServerError = 500
        case serviceUnavailable = 503
    }

    var status: Status
    var code: String
    var message: String
    var field: String?
    /// Seconds, for `429` only.
    var retryAfter: Int?

    var body: Components.Schemas._Error {
        .init(code: code, message: message, field: field)
    }

    static func badRequest(_ code: String, _ message: String, field: String? = nil) -> KilroyRejection {
        KilroyRejection(status: .badRequest, code: code, message: message, field: field)
    }

    static func invalidDeviceID(_ value: String) -> KilroyRejection {
        .badRequest(
            "invalid_device_id",
            "The X-Device-ID header must be 8 to 64 characters of A-Z, a-z, 0-9, '-' and '_'; send the id the app created for this device.",
            field: "X-Device-ID")
    }

    static let missingDeviceID = KilroyRejection.badRequest(
        "missing_device_id", "Send the X-Device-ID header with the anonymous id the app created for this device.",
        field: "X-Device-ID")

    static func invalidKilroyID(field: String) -> KilroyRejection {
        .badRequest("invalid_id", "A kilroy id must be a UUID such as 0F8FAD5B-D9CB-469F-A165-70867728950E.", field: field)
    }

    static func invalidImageID(field: String) -> KilroyRejection {
        .badRequest(
            "invalid_image_id", "An image id is the CID returned by the upload (it starts with \"bafkrei\").", field: field)
    }

    static func rateLimited(retryAfter: Int, what: String) -> KilroyRejection {
        KilroyRejection(
            status: .tooManyRequests, code: "rate_limited",
            message: "This device sent too many \(what) too quickly; wait \(retryAfter) s and try again.",
            field: nil, retryAfter: retryAfter)
    }

    static let kilroyNotFound = KilroyRejection(
        status: .notFound, code: "kilroy_not_found", message: "No kilroy has this id; it may have been deleted.")

    static let internalError = KilroyRejection(
        status: .internalServerError, code: "internal_error",
        message: "The server failed to handle the request and changed nothing; try again later.")
}

extension KilroyRejection: LocalizedError {
    var errorDescription: String? { message }
}
