public import Foundation
public import HTTPTypes
public import Hummingbird

/// A request a cloud refuses: the HTTP status, a stable code, a message a person can act on and
/// the request field at fault, answered as JSON `{"code", "message", "field"}` (every cloud's
/// contract declares that `Error` schema). Thrown anywhere below a route, it becomes its own
/// response through Hummingbird's `HTTPResponseError`, so no handler writes an error body.
public struct ServerRejection: Error, Equatable, Sendable {
    /// swift-http-types' status, the one Hummingbird answers with.
    public var status: HTTPResponse.Status
    /// A stable, machine-readable reason such as `invalid_field`.
    public var code: String
    /// What went wrong and what to do, for a person.
    public var message: String
    /// The request field at fault (a JSON key, query parameter or header), when there is one.
    public var field: String?
    /// Seconds until a retry may succeed, sent as `Retry-After` (for a 429 or a 503).
    public var retryAfter: Int?
    /// The `WWW-Authenticate` challenge of a 401, e.g. `Bearer realm="kilroy"`.
    public var challenge: String?
    /// The methods a path does answer, sent as `Allow` (for a 405).
    public var allow: [HTTPRequest.Method]?

    public init(
        status: HTTPResponse.Status, code: String, message: String, field: String? = nil, retryAfter: Int? = nil,
        challenge: String? = nil, allow: [HTTPRequest.Method]? = nil
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.retryAfter = retryAfter
        self.challenge = challenge
        self.allow = allow
    }

    /// A 400 with `code`, `message` and the `field` at fault.
    public static func badRequest(_ code: String, _ message: String, field: String? = nil) -> ServerRejection {
        ServerRejection(status: .badRequest, code: code, message: message, field: field)
    }

    /// A 429 for a client that sent too many `what` too quickly.
    public static func rateLimited(retryAfter: Int, what: String) -> ServerRejection {
        ServerRejection(
            status: .tooManyRequests, code: "rate_limited",
            message: "This device sent too many \(what) too quickly; wait \(retryAfter) s and try again.",
            retryAfter: retryAfter)
    }

    /// The server's own failure, said without anything about the server's inside.
    public static let internalError = ServerRejection(
        status: .internalServerError, code: "internal_error",
        message: "The server failed to handle the request and changed nothing; try again later.")

    /// The JSON body: `code`, `message` and `field` when there is one.
    public struct Body: Codable, Equatable, Sendable {
        public var code: String
        public var message: String
        public var field: String?
    }

    public var body: Body { Body(code: code, message: message, field: field) }

    /// The JSON response, with `Retry-After` and `WWW-Authenticate` when set.
    public func response() -> Response {
        var headers: HTTPFields = [:]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        if let challenge { headers[.wwwAuthenticate] = challenge }
        if let allow { headers[.allow] = allow.map(\.rawValue).joined(separator: ", ") }
        // A body of two strings and an optional string always encodes.
        return (try? JSONResponse.make(status: status, body, headers: headers)) ?? Response(status: status)
    }
}

extension ServerRejection: HTTPResponseError {
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        response()
    }
}

extension ServerRejection: LocalizedError {
    public var errorDescription: String? { message }
}
