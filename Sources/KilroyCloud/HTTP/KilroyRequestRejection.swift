import CloudWire
import Foundation
import HTTPTypes
import KilroyAPI
import OpenAPIRuntime
import ServerKit

/// What only Kilroy knows about a request its generated code could not read, for ServerKit's
/// ``OpenAPIErrorMiddleware``: which near-query parameter is wrong, and that its one date-time
/// field is `createdAt`.
enum KilroyRequestRejection {
    /// The operation whose body is an image rather than JSON, with the types it takes.
    static let bodyContentTypes = [
        Operations.UploadImage.id: "image/jpeg, image/png, image/heic or application/octet-stream"
    ]

    /// Kilroy's reading of `error`, or `nil` to leave it to the general rules.
    static func rejection(for error: OpenAPIRuntime.ServerError) -> ServerRejection? {
        if error.operationID == Operations.FindNearbyKilroys.id, let rejection = queryRejection(error.request.path) {
            return rejection
        }
        if error.underlyingError is InvalidDateError {
            return .badRequest(
                "invalid_field", "createdAt must be an ISO 8601 date-time such as 2025-06-01T12:00:00Z.", field: "createdAt")
        }
        return nil
    }

    /// Why the generated code could not read a near query: a coordinate is missing, or the limit
    /// is too large for the contract's 32 bits. (Numbers that are no numbers never get this far:
    /// `StrictQueryNumbersMiddleware` refuses them first, with `RequestValidation.nearQueryNumbers`.)
    private static func queryRejection(_ path: String?) -> ServerRejection? {
        let items = path.flatMap { URLComponents(string: $0)?.queryItems } ?? []
        for name in ["lat", "lon"] where !items.contains(where: { $0.name == name && $0.value != nil }) {
            return .badRequest("missing_parameter", "The query parameter \(name) is required (degrees).", field: name)
        }
        if let text = items.first(where: { $0.name == "limit" })?.value, Int32(text) == nil {
            return RequestValidation.invalidLimit
        }
        return nil
    }
}
