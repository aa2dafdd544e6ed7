import BudsAPI
import CloudWire
import HTTPTypes
import OpenAPIRuntime
import ServerKit

/// Authenticates every relay operation but the health check, the sign-in steps before the code
/// is checked, and the new device's side of a link channel: reads the device credential from
/// `Authorization: Bearer <token>`, refuses a missing or malformed one with a 401 naming the
/// header (before the request body is read), and runs the operation with the credential's
/// ``CredentialDigest`` as ``current``. The credential itself goes no further than this.
///
/// Whether the credential is a registered device is each operation's question: checking the code
/// and registering a linked device take one that is not registered yet.
///
/// The generated server code has no parameter for a security scheme, so the digest reaches the
/// handlers through a task-local value, set only for the duration of the one request.
struct RelayAuthentication: ServerMiddleware {
    /// The calling credential of the request being handled; `nil` outside an authenticated operation.
    @TaskLocal static var current: CredentialDigest?

    /// Operations anyone may call: the health check, starting a sign-in and asking for another
    /// code (no device exists yet), and opening and taking a link channel (the new device has no
    /// account yet; the channel's token is its secret).
    static let anonymousOperations: Set<String> = [
        Operations.GetHealth.id, Operations.StartSignIn.id, Operations.ResendSignInCode.id, Operations.OpenLink.id,
        Operations.TakeLink.id,
    ]

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard !Self.anonymousOperations.contains(operationID) else {
            return try await next(request, body, metadata)
        }
        let credential = try Self.credential(authorization: request.headerFields[values: .authorization])
        return try await Self.$current.withValue(credential) {
            try await next(request, body, metadata)
        }
    }

    /// The digest of the one well-formed bearer credential among `values`.
    static func credential(authorization values: [String]) throws(ServerRejection) -> CredentialDigest {
        guard !values.isEmpty else { throw .missingCredential }
        guard values.count == 1, let token = DeviceToken(authorization: values[0]) else {
            throw .invalidCredential
        }
        return CredentialDigest(credential: token)
    }

    /// The credential of the current request. An operation that needs one but runs without this
    /// middleware is the server's own bug, answered as a 401 rather than a crash.
    static func requireCredential() throws(ServerRejection) -> CredentialDigest {
        guard let current else { throw .missingCredential }
        return current
    }
}
