public import CloudWire
public import HTTPTypes
public import OpenAPIRuntime

/// Authenticates a cloud's operations by the device's bearer credential: reads
/// `Authorization: Bearer <token>`, refuses a missing or malformed one with a 401 naming the
/// header and carrying the cloud's challenge (before the request body is read), and runs the
/// operation with the token as ``current``. Each cloud turns the token into the digest it keeps;
/// the token itself goes no further than the request.
///
/// The generated server code has no parameter for a security scheme, so the token reaches the
/// handlers through a task-local value, set only for the duration of the one request.
public struct BearerAuthentication: ServerMiddleware {
    /// The credential of the request being handled; `nil` outside an authenticated operation.
    @TaskLocal public static var current: DeviceToken?

    /// The cloud's realm, in its `WWW-Authenticate` challenge (`Bearer realm="kilroy"`).
    public let realm: String
    /// Operations anyone may call, without a credential.
    public let anonymousOperations: Set<String>

    public init(realm: String, anonymousOperations: Set<String>) {
        self.realm = realm
        self.anonymousOperations = anonymousOperations
    }

    public func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard !anonymousOperations.contains(operationID) else {
            return try await next(request, body, metadata)
        }
        let token = try Self.token(authorization: request.headerFields[values: .authorization], realm: realm)
        return try await Self.$current.withValue(token) {
            try await next(request, body, metadata)
        }
    }

    /// The one well-formed bearer credential among `values`.
    public static func token(authorization values: [String], realm: String) throws(ServerRejection) -> DeviceToken {
        guard !values.isEmpty else { throw .missingCredential(realm: realm) }
        guard values.count == 1, let token = DeviceToken(authorization: values[0]) else {
            throw .invalidCredential(realm: realm)
        }
        return token
    }

    /// The credential of the current request. An operation that needs one but runs without
    /// this middleware is the server's own bug, answered as a 401 rather than a crash.
    public static func requireToken(realm: String) throws(ServerRejection) -> DeviceToken {
        guard let current else { throw .missingCredential(realm: realm) }
        return current
    }
}

extension ServerRejection {
    /// `Bearer realm="<realm>"`, the challenge of a cloud's 401s.
    public static func bearerChallenge(realm: String) -> String { #"Bearer realm=""# + realm + #"""# }

    // The credential refusals never repeat what was sent: it may be a real token sent wrongly.

    /// A 401 for a request without `Authorization`.
    public static func missingCredential(realm: String) -> ServerRejection {
        ServerRejection(
            status: .unauthorized, code: "missing_credential",
            message: "Send the Authorization header as \"Bearer <token>\" with the 256-bit credential the app created for this device.",
            field: "Authorization", challenge: bearerChallenge(realm: realm))
    }

    /// A 401 for an `Authorization` that is not one well-formed bearer credential.
    public static func invalidCredential(realm: String) -> ServerRejection {
        ServerRejection(
            status: .unauthorized, code: "invalid_credential",
            message:
                "The Authorization header must be one \"Bearer <token>\" whose token is 43 characters of base64url (A-Z, a-z, 0-9, '-', '_'): the device's 256-bit credential.",
            field: "Authorization", challenge: bearerChallenge(realm: realm))
    }
}
