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
    /// Lists that let a client repair its request, each written as a top-level key of the body
    /// beside `code` (e.g. the devices an envelope left out, as `missing`).
    public var details: [String: [String]]

    public init(
        status: HTTPResponse.Status, code: String, message: String, field: String? = nil, retryAfter: Int? = nil,
        challenge: String? = nil, allow: [HTTPRequest.Method]? = nil, details: [String: [String]] = [:]
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.retryAfter = retryAfter
        self.challenge = challenge
        self.allow = allow
        self.details = details
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

    /// The JSON body: `code`, `message`, `field` when there is one, and each of ``details``.
    public struct Body: Codable, Equatable, Sendable {
        public var code: String
        public var message: String
        public var field: String?
        public var details: [String: [String]] = [:]

        public init(code: String, message: String, field: String? = nil, details: [String: [String]] = [:]) {
            self.code = code
            self.message = message
            self.field = field
            self.details = details
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            code = try container.decode(String.self, forKey: Key("code"))
            message = try container.decode(String.self, forKey: Key("message"))
            field = try container.decodeIfPresent(String.self, forKey: Key("field"))
            for key in container.allKeys where !Self.fixedKeys.contains(key.stringValue) {
                if let list = try? container.decode([String].self, forKey: key) { details[key.stringValue] = list }
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(code, forKey: Key("code"))
            try container.encode(message, forKey: Key("message"))
            try container.encodeIfPresent(field, forKey: Key("field"))
            for (name, list) in details where !Self.fixedKeys.contains(name) {
                try container.encode(list, forKey: Key(name))
            }
        }

        private static let fixedKeys: Set<String> = ["code", "message", "field"]

        private struct Key: CodingKey {
            let stringValue: String
            init(_ name: String) { stringValue = name }
            init?(stringValue: String) { self.stringValue = stringValue }
            var intValue: Int? { nil }
            init?(intValue: Int) { nil }
        }
    }

    public var body: Body { Body(code: code, message: message, field: field, details: details) }

    /// The JSON response, with `Retry-After` and `WWW-Authenticate` when set.
    public func response() -> Response {
        var headers: HTTPFields = [:]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        if let challenge { headers[.wwwAuthenticate] = challenge }
        if let allow { headers[.allow] = allow.map(\.rawValue).joined(separator: ", ") }
        // A body of strings and lists of strings always encodes.
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
