public import Foundation
public import HTTPTypes
public import OpenAPIRuntime

/// Adds `Authorization: Bearer <credential>` to every request of the generated client: the
/// contract declares the credential as a security scheme, which the generator leaves to
/// middleware. The credential is held here and nowhere a log or an error message can reach.
/// Beside the token so that every client of every cloud (the apps, the benchmarks) sends it one way.
public struct BearerCredentialMiddleware: ClientMiddleware {
    let credential: DeviceToken

    public init(credential: DeviceToken) {
        self.credential = credential
    }

    public func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = credential.authorizationValue
        return try await next(request, body, baseURL)
    }
}
