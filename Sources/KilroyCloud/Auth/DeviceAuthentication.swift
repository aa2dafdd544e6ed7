import CloudWire
import HTTPTypes
import KilroyAPI
import OpenAPIRuntime
import ServerKit

/// Authenticates every Kilroy operation but `/health` and image downloads: reads the device
/// credential from `Authorization: Bearer <token>`, refuses a missing or malformed one with a
/// 401 naming the header (before the request body is read), and runs the operation with the
/// credential's ``DeviceDigest`` as ``current``.
///
/// The generated server code has no parameter for a security scheme, so the digest reaches the
/// handlers through a task-local value, set only for the duration of the one request.
struct DeviceAuthentication: ServerMiddleware {
    /// The calling device of the request being handled; `nil` outside an authenticated operation.
    @TaskLocal static var current: DeviceDigest?

    /// Operations anyone may call: the health check and image downloads (image ids are content
    /// hashes a viewer learns from a kilroy it may see).
    static let anonymousOperations: Set<String> = [Operations.GetHealth.id, Operations.GetImage.id]

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard !Self.anonymousOperations.contains(operationID) else {
            return try await next(request, body, metadata)
        }
        let device = try Self.device(authorization: request.headerFields[values: .authorization])
        return try await Self.$current.withValue(device) {
            try await next(request, body, metadata)
        }
    }

    /// The digest of the one well-formed bearer credential among `values`.
    static func device(authorization values: [String]) throws(ServerRejection) -> DeviceDigest {
        guard !values.isEmpty else { throw .missingCredential }
        guard values.count == 1, let token = DeviceToken(authorization: values[0]) else {
            throw .invalidCredential
        }
        return DeviceDigest(token: token)
    }

    /// The device of the current request. An operation that needs one but runs without this
    /// middleware is the server's own bug, answered as a 401 rather than a crash.
    static func requireDevice() throws(ServerRejection) -> DeviceDigest {
        guard let current else { throw .missingCredential }
        return current
    }
}
