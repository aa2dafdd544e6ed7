import Foundation
import HTTPTypes
public import Hummingbird
public import OpenAPIRuntime

/// Turns every error a cloud's generated server code throws into the contract's JSON `Error`
/// with a 4xx status when the request was at fault — a missing credential, malformed JSON, a bad
/// query parameter, a wrong content type, a `format: byte` field that is no base64 — and a 500
/// only for the server's own failures, which go to `report`.
///
/// One middleware for every cloud, so that a request the generated code cannot read is refused
/// the same way everywhere; what differs between clouds is passed in (the API's name, the
/// operations that take other bodies than JSON, their base64 fields, a cloud's own readings).
///
/// No refusal repeats what the request held: the runtime's own description of a bad base64
/// string quotes it, and such a field can carry a sealed envelope or a signed device list.
public struct OpenAPIErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The contract as a person knows it, e.g. "the Kilroy API".
    let apiName: String
    /// Per operation id, the body types it takes when not JSON, in words for the 415's message.
    let bodyContentTypes: [String: String]
    /// Per operation id, the `format: byte` field of its JSON body, named by a refusal of bytes
    /// that are no base64 (the runtime does not say which key held them).
    let byteFields: [String: String]
    /// A cloud's own reading of a request the generated code refused (a query it knows better),
    /// asked before the general rules; `nil` to leave it to them.
    let requestRejection: @Sendable (OpenAPIRuntime.ServerError) -> ServerRejection?
    /// Where the server's own failures go (a cloud's error reporter).
    let report: @Sendable (any Error) -> Void

    public init(
        apiName: String, bodyContentTypes: [String: String] = [:], byteFields: [String: String] = [:],
        requestRejection: @escaping @Sendable (OpenAPIRuntime.ServerError) -> ServerRejection? = { _ in nil },
        report: @escaping @Sendable (any Error) -> Void
    ) {
        self.apiName = apiName
        self.bodyContentTypes = bodyContentTypes
        self.byteFields = byteFields
        self.requestRejection = requestRejection
        self.report = report
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as OpenAPIRuntime.ServerError {
            let rejection = rejection(for: error)
            if rejection.status == .internalServerError {
                report(error.underlyingError)
            }
            return rejection.response()
        }
    }

    /// The refusal `error` is answered with.
    public func rejection(for error: OpenAPIRuntime.ServerError) -> ServerRejection {
        if let rejection = error.underlyingError as? ServerRejection {
            return rejection
        }
        if error.operationOutput != nil {
            // The operation ran; only its answer could not be written in a form the client accepts.
            guard error.httpStatus == .notAcceptable else { return .internalError }
            return ServerRejection(
                status: .notAcceptable, code: "not_acceptable",
                message: "The answer is JSON (or the bytes' own type); allow it in the Accept header.")
        }
        guard error.operationInput == nil else { return .internalError }
        return requestRejection(error) ?? generalRejection(for: error)
    }

    /// Why the generated code could not read the request, by the rules every cloud shares.
    private func generalRejection(for error: OpenAPIRuntime.ServerError) -> ServerRejection {
        if error.httpStatus == .unsupportedMediaType {
            let expected = bodyContentTypes[error.operationID] ?? "application/json"
            return ServerRejection(
                status: .unsupportedMediaType, code: "unsupported_content_type",
                message: "Send the request body with Content-Type \(expected).", field: "Content-Type")
        }
        if let decoding = error.underlyingError as? DecodingError {
            return .rejection(for: decoding, apiName: apiName)
        }
        if Self.isInvalidBase64(error) {
            let field = byteFields[error.operationID]
            return .badRequest(
                "invalid_base64", "\(field ?? "A field of bytes") must be base64 (RFC 4648, with padding).", field: field)
        }
        return .badRequest("malformed_request", "The request could not be read: \(error.causeDescription)")
    }

    /// Whether the runtime refused a `format: byte` string that is no base64. Its error type is
    /// internal to the runtime, so only its description tells; that description quotes the
    /// string, which is why it must be recognised and never answered.
    static func isInvalidBase64(_ error: OpenAPIRuntime.ServerError) -> Bool {
        error.causeDescription.hasPrefix("Invalid base64")
    }
}
