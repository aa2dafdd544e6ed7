import CloudWire
import Foundation
import HTTPTypes
import Hummingbird
import KilroyAPI
import Observability
import OpenAPIRuntime
import ServerKit

/// Turns every error the generated server code throws into the contract's JSON `Error` with a
/// 4xx status when the request was at fault — a missing credential, malformed JSON, a bad
/// query parameter, a wrong content type — and a 500 only for the server's own failures, which
/// are logged through the ``ErrorReporter``.
struct OpenAPIErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let reporter: ErrorReporter

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as OpenAPIRuntime.ServerError {
            let rejection = Self.rejection(for: error)
            if rejection.status == .internalServerError {
                reporter.captureError(error.underlyingError, reason: "kilroy request")
            }
            return rejection.response()
        }
    }

    static func rejection(for error: OpenAPIRuntime.ServerError) -> ServerRejection {
        if let rejection = error.underlyingError as? ServerRejection {
            return rejection
        }
        if error.operationOutput != nil {
            // The operation ran; only its answer could not be written in a form the client accepts.
            guard error.httpStatus == .notAcceptable else { return .internalError }
            return ServerRejection(
                status: .notAcceptable, code: "not_acceptable",
                message: "The answer is JSON (or the image's own type); allow it in the Accept header.")
        }
        guard error.operationInput == nil else { return .internalError }
        return requestRejection(for: error)
    }

    /// Why the generated code could not read the request.
    private static func requestRejection(for error: OpenAPIRuntime.ServerError) -> ServerRejection {
        if error.httpStatus == .unsupportedMediaType {
            let expected =
                error.operationID == Operations.UploadImage.id
                ? "image/jpeg, image/png, image/heic or application/octet-stream" : "application/json"
            return ServerRejection(
                status: .unsupportedMediaType, code: "unsupported_content_type",
                message: "Send the request body with Content-Type \(expected).", field: "Content-Type")
        }
        if error.operationID == Operations.FindNearbyKilroys.id, let rejection = queryRejection(error.request.path) {
            return rejection
        }
        if error.underlyingError is InvalidDateError {
            return .badRequest(
                "invalid_field", "createdAt must be an ISO 8601 date-time such as 2025-06-01T12:00:00Z.", field: "createdAt")
        }
        if let decoding = error.underlyingError as? DecodingError {
            return .rejection(for: decoding, apiName: "the Kilroy API")
        }
        return .badRequest("malformed_request", "The request could not be read: \(error.causeDescription)")
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
