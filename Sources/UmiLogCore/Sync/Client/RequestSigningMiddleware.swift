import Crypto
import Foundation
import HTTPTypes
import OpenAPIRuntime
import UmiLogAPI

/// Signs every request of a registered device (UmiLogAPI's `RequestSigning`: method, path
/// relative to the server URL, time, device, body digest), so the server can tell the device's
/// requests from anyone else's without a bearer secret that could leak from a log.
struct RequestSigningMiddleware: ClientMiddleware {
    let deviceID: String
    let key: Curve25519.Signing.PrivateKey
    let now: @Sendable () -> Date
    /// The most a signed body may be (the server refuses more anyway).
    static let maximumBody = 20 * 1024 * 1024

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var bytes = Data()
        if let body { bytes = try await Data(collecting: body, upTo: Self.maximumBody) }
        let headers = try RequestSigning.sign(
            method: request.method.rawValue, path: request.path ?? "/", body: bytes, deviceID: deviceID, at: now(), with: key)
        var signed = request
        signed.headerFields[HTTPField.Name(RequestSigning.deviceHeader)!] = headers.deviceID
        signed.headerFields[HTTPField.Name(RequestSigning.timestampHeader)!] = String(headers.timestamp)
        signed.headerFields[HTTPField.Name(RequestSigning.signatureHeader)!] = headers.signature.base64EncodedString()
        return try await next(signed, body == nil ? nil : HTTPBody(bytes), baseURL)
    }
}

/// Reads every 4xx and 5xx answer's JSON `Error` into a ``SyncError/refused`` before the
/// generated code decodes anything, so every operation reports a refusal one way.
struct SyncRefusalMiddleware: ClientMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        guard response.status.code >= 400 else { return (response, responseBody) }
        var error: Components.Schemas._Error?
        if let responseBody, let data = try? await Data(collecting: responseBody, upTo: 64 * 1024) {
            error = try? JSONDecoder().decode(Components.Schemas._Error.self, from: data)
        }
        throw SyncError.refused(
            status: response.status.code, code: error?.code ?? "http_\(response.status.code)",
            message: error?.message ?? "HTTP \(response.status.code)", field: error?.field,
            retryAfter: response.headerFields[.retryAfter].flatMap { Int($0) })
    }
}
