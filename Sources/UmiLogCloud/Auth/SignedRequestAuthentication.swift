import Crypto
import Foundation
import HTTPTypes
import OpenAPIRuntime
import ServerKit
import UmiLogAPI

/// The device a signed request came from, verified: one of the path account's devices.
struct AuthenticatedDevice: Sendable, Hashable {
    let accountID: UUID
    let deviceID: UUID
}

/// Authenticates every operation but the anonymous ones by ``RequestSigning``'s headers: the
/// device (a lowercase UUID registered under the path's `accountId`), the timestamp (within five
/// minutes of the server's clock) and the Ed25519 signature over the method, the path relative to
/// the server URL with its query as sent, and the SHA-256 of the exact body bytes.
///
/// The body has already been bounded (``RequestBodyLimitMiddleware`` for JSON; here for a blob,
/// whose route is exempt from that limit); it is read once, verified, and the same bytes are
/// handed on. The device reaches the handlers as ``current``, a task-local value set for the one
/// request, because the generated server code has no parameter for a security scheme.
///
/// Nothing here is logged: not the signature, the body or the device. Refusals are counted by
/// their code through `refused`.
struct SignedRequestAuthentication: ServerMiddleware {
    /// The verified device of the request being handled; `nil` outside a signed operation.
    @TaskLocal static var current: AuthenticatedDevice?

    /// Operations anyone may call: the health check, account creation (its first device is
    /// proven by the account key's signature in the body), key-slot reads (a slot opens only
    /// with the passphrase or recovery code) and device registration (proven the same way).
    static let anonymousOperations: Set<String> = [
        Operations.GetHealth.id, Operations.CreateAccount.id, Operations.ListKeySlots.id, Operations.RegisterDevice.id,
    ]

    let store: any UmiLogSyncStore
    let now: @Sendable () -> Date
    /// The server URL's path (`/umilog/v1`), which the signed path is relative to.
    let basePath: String
    /// The most bytes a body is read up to: a blob's limit for `putBlob`, the JSON limit otherwise.
    let maximumJSONBodyBytes: Int
    let maximumBlobBytes: Int
    /// Counts a refusal (the handler's sampled log).
    let refused: @Sendable (ServerRejection) -> Void

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard !Self.anonymousOperations.contains(operationID) else {
            return try await next(request, body, metadata)
        }
        do {
            let (device, bytes) = try await authenticate(request, body: body, metadata: metadata, operationID: operationID)
            let forwarded = body == nil ? nil : HTTPBody(bytes)
            return try await Self.$current.withValue(device) {
                try await next(request, forwarded, metadata)
            }
        } catch let rejection as ServerRejection {
            refused(rejection)
            throw rejection
        }
    }

    /// The verified device and the body's bytes, or the refusal: headers first, then the path's
    /// account, the time and the device, all before the body is read (so no one makes the server
    /// read 16 MiB without naming a registered device), then the signature over the body.
    private func authenticate(_ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String)
        async throws -> (AuthenticatedDevice, Data)
    {
        let headers = try Self.signatureHeaders(request.headerFields)
        let accountText = metadata.pathParameters["accountId"].map(String.init) ?? ""
        let accountID = try SyncValidation.uuid(accountText, field: "accountId")
        guard let deviceID = UUID(uuidString: headers.deviceID) else {
            throw ServerRejection.malformedSignatureHeader(RequestSigning.deviceHeader, expected: Self.expectedDevice)
        }
        let time = now()
        guard abs(time.timeIntervalSince1970 - TimeInterval(headers.timestamp)) <= RequestSigning.allowedClockSkew else {
            throw ServerRejection.staleRequest
        }
        guard let device = try await store.device(accountID: accountID, deviceID: deviceID) else {
            throw ServerRejection.unknownDevice
        }
        let isBlob = operationID == Operations.PutBlob.id
        let bytes = try await Self.collect(
            body, upTo: isBlob ? maximumBlobBytes : maximumJSONBodyBytes, tooLarge: isBlob ? .blobTooLarge(maximumBytes: maximumBlobBytes) : nil)
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: device.publicKey),
            RequestSigning.verify(
                headers, method: request.method.rawValue, path: relativePath(request.path ?? ""), body: bytes, publicKey: key, now: time)
        else { throw ServerRejection.badSignature }
        return (AuthenticatedDevice(accountID: accountID, deviceID: deviceID), bytes)
    }

    /// The request's path and query relative to the server URL, as the client signed it.
    func relativePath(_ path: String) -> String {
        path.hasPrefix(basePath + "/") ? String(path.dropFirst(basePath.count)) : path
    }

    /// The three signature headers, each present once and well formed, or a 401 naming the first
    /// that is not.
    static func signatureHeaders(_ fields: HTTPFields) throws(ServerRejection) -> RequestSigning.Headers {
        let device = try single(fields, RequestSigning.deviceHeader, expected: expectedDevice)
        guard SyncValidation.isLowercaseUUID(device) else {
            throw .malformedSignatureHeader(RequestSigning.deviceHeader, expected: expectedDevice)
        }
        let timestampText = try single(fields, RequestSigning.timestampHeader, expected: "Unix seconds (digits only)")
        guard timestampText.utf8.count <= 12, StrictNumber.isValid(timestampText, integer: true), !timestampText.hasPrefix("-"),
            let timestamp = Int64(timestampText)
        else { throw .malformedSignatureHeader(RequestSigning.timestampHeader, expected: "Unix seconds (digits only)") }
        let signatureText = try single(fields, RequestSigning.signatureHeader, expected: "the base64 Ed25519 signature (64 bytes)")
        guard let signature = Data(base64Encoded: signatureText), signature.count == 64 else {
            throw .malformedSignatureHeader(RequestSigning.signatureHeader, expected: "the base64 Ed25519 signature (64 bytes)")
        }
        return RequestSigning.Headers(deviceID: device, timestamp: timestamp, signature: signature)
    }

    private static let expectedDevice = "the device's id (a lowercase UUID)"

    private static func single(_ fields: HTTPFields, _ name: String, expected: String) throws(ServerRejection) -> String {
        let values = HTTPField.Name(name).map { fields[values: $0] } ?? []
        guard !values.isEmpty else { throw .missingSignatureHeader(name, expected: expected) }
        guard values.count == 1 else { throw .malformedSignatureHeader(name, expected: expected) }
        return values[0]
    }

    /// The body's bytes, at most `limit`: refused up front from `Content-Length`, or while
    /// streaming, as `tooLarge` (or a generic 413 for a JSON body, which the body limit has
    /// already bounded).
    static func collect(_ body: HTTPBody?, upTo limit: Int, tooLarge: ServerRejection?) async throws -> Data {
        guard let body else { return Data() }
        let refusal =
            tooLarge
            ?? ServerRejection(
                status: .contentTooLarge, code: "body_too_large", message: "The request body is larger than \(limit / 1024) KiB.",
                field: "body")
        if case .known(let length) = body.length, length > Int64(limit) { throw refusal }
        var data = Data()
        for try await chunk in body {
            guard chunk.count <= limit - data.count else { throw refusal }
            data.append(contentsOf: chunk)
        }
        return data
    }
}
