import Foundation
import HTTPTypes
import KilroyAPI
import ServerKit

/// The refusals only the Kilroy cloud makes, as ServerKit's ``ServerRejection``.
extension ServerRejection {
    /// The contract's `Error` body, for the generated handlers' typed answers.
    var apiError: Components.Schemas._Error {
        .init(code: code, message: message, field: field)
    }

    /// The challenge every 401 of the Kilroy cloud carries.
    static let kilroyChallenge = bearerChallenge(realm: DeviceAuthentication.realm)

    static func invalidLegacyDeviceID(field: String) -> ServerRejection {
        .badRequest(
            "invalid_legacy_device_id",
            "\(field) must be the old device id: 8 to 64 characters of A-Z, a-z, 0-9, '-' and '_'.", field: field)
    }

    static func invalidKilroyID(field: String) -> ServerRejection {
        .badRequest("invalid_id", "A kilroy id must be a UUID such as 0F8FAD5B-D9CB-469F-A165-70867728950E.", field: field)
    }

    static func invalidImageID(field: String) -> ServerRejection {
        .badRequest(
            "invalid_image_id", "An image id is the CID returned by the upload (it starts with \"bafkrei\").", field: field)
    }

    static func quotaExceeded(retryAfter: Int, quota: UploadQuota) -> ServerRejection {
        let hours = quota.window / 3_600
        let window = hours == hours.rounded() ? "\(Int(hours)) h" : "\(Int(quota.window)) s"
        return ServerRejection(
            status: .tooManyRequests, code: "upload_quota_exceeded",
            message:
                "This device has used its upload quota (\(quota.maximumCount) photos or \(quota.maximumBytes / (1024 * 1024)) MB per \(window)); wait \(retryAfter) s and try again.",
            field: "body", retryAfter: retryAfter)
    }

    static let kilroyNotFound = ServerRejection(
        status: .notFound, code: "kilroy_not_found", message: "No kilroy has this id; it may have been deleted.")
}
