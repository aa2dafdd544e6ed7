import Foundation
import HTTPTypes
import KilroyAPI

/// A request the Kilroy cloud refuses: the HTTP status, a stable code, a message a person can
/// act on and the request field at fault. Rendered as the contract's `Error` body.
struct KilroyRejection: Error, Equatable, Sendable {
    /// swift-http-types' status, the one Hummingbird answers with, so no table of codes of our own.
    var status: HTTPResponse.Status
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

    // The credential rejections never repeat what was sent: it may be a real token sent wrongly.

    static let missingCredential = KilroyRejection(
        status: .unauthorized, code: "missing_credential",
        message: "Send the Authorization header as \"Bearer <token>\" with the 256-bit credential the app created for this device.",
        field: "Authorization")

    static let invalidCredential = KilroyRejection(
        status: .unauthorized, code: "invalid_credential",
        message:
            "The Authorization header must be one \"Bearer <token>\" whose token is 43 characters of base64url (A-Z, a-z, 0-9, '-', '_'): the device's 256-bit credential.",
        field: "Authorization")

    static func invalidLegacyDeviceID(field: String) -> KilroyRejection {
        .badRequest(
            "invalid_legacy_device_id",
            "\(field) must be the old device id: 8 to 64 characters of A-Z, a-z, 0-9, '-' and '_'.", field: field)
    }

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

    static func quotaExceeded(retryAfter: Int, quota: UploadQuota) -> KilroyRejection {
        let hours = quota.window / 3_600
        let window = hours == hours.rounded() ? "\(Int(hours)) h" : "\(Int(quota.window)) s"
        return KilroyRejection(
            status: .tooManyRequests, code: "upload_quota_exceeded",
            message:
                "This device has used its upload quota (\(quota.maximumCount) photos or \(quota.maximumBytes / (1024 * 1024)) MB per \(window)); wait \(retryAfter) s and try again.",
            field: "body", retryAfter: retryAfter)
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
