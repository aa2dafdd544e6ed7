public import CloudWire
public import Foundation
public import Geo
import HTTPTypes
import KilroyAPI
public import OpenAPIRuntime
import OpenAPIURLSession
import Storage

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Kilroy cloud over HTTP, through the client generated from `openapi.yaml` (the only
/// contract between app and server).
///
/// Every request carries this device's credential as `Authorization: Bearer <token>` (added by
/// ``BearerCredentialMiddleware``, since the generated client has no parameter for a security
/// scheme). Every answer other than the documented success becomes a ``KilroyCloudError``
/// carrying the server's message; a server that cannot be reached becomes a one-line
/// ``KilroyCloudError/unreachable(url:reason:)``, never a Foundation error dump.
public struct KilroyCloudHTTPClient: KilroyCloudClient {
    /// The server's base URL as given (e.g. `http://127.0.0.1:8080`).
    public let baseURL: URL
    private let client: Client

    /// A client for the server at `baseURL`; the API lives under `<baseURL>/kilroy/v1`.
    ///
    /// - Parameters:
    ///   - credential: This device's credential; it goes into the `Authorization` header of each
    ///     request and nowhere else.
    ///   - transport: How requests travel; `URLSessionTransport` (30 s timeout) by default, a
    ///     test double in tests.
    public init(baseURL: URL, credential: DeviceToken, transport: (any ClientTransport)? = nil) {
        self.baseURL = baseURL
        client = Client(
            serverURL: baseURL.appendingPathComponent("kilroy/v1"),
            transport: transport ?? Self.defaultTransport(),
            middlewares: [BearerCredentialMiddleware(credential: credential)]
        )
    }

    private static func defaultTransport() -> any ClientTransport {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        return URLSessionTransport(configuration: .init(session: URLSession(configuration: configuration)))
    }

    public func uploadImage(_ data: Data) async throws(KilroyCloudError) -> String {
        let body = HTTPBody(data)
        let payload: Operations.UploadImage.Input.Body
        switch ImageFormat.detect(data) {
        case .jpeg: payload = .jpeg(body)
        case .png: payload = .png(body)
        case .heic: payload = .imageHeic(body)
        case nil: payload = .binary(body)
        }
        let output = try await call { try await client.uploadImage(body: payload) }
        switch output {
        case .created(let response):
            switch response.body {
            case .json(let image): return image.id
            }
        case .ok(let response):
            switch response.body {
            case .json(let image): return image.id
            }
        case .badRequest(let response): throw Self.failure(400, response.apiError)
        case .unauthorized(let response): throw Self.failure(401, response.apiError)
        case .contentTooLarge(let response): throw Self.failure(413, response.apiError)
        case .unsupportedMediaType(let response): throw Self.failure(415, response.apiError)
        case .tooManyRequests(let response): throw Self.rateLimited(response)
        case .undocumented(let status, let payload): throw await Self.failure(status, payload)
        }
    }

    public func createKilroy(from memory: DroppedMemory, imageID: String) async throws(KilroyCloudError) -> CloudKilroy {
        let body = Components.Schemas.NewKilroy(
            id: memory.id.uuidString.lowercased(),
            latitude: memory.coordinate.latitude,
            longitude: memory.coordinate.longitude,
            imageId: imageID,
            placeName: memory.placeName,
            placeAddress: memory.placeAddress,
            comment: memory.comment,
            createdAt: memory.capturedAt
        )
        let output = try await call { try await client.createKilroy(body: .json(body)) }
        switch output {
        case .created(let response):
            switch response.body {
            case .json(let kilroy): return cloudKilroy(kilroy)
            }
        case .ok(let response):
            switch response.body {
            case .json(let kilroy): return cloudKilroy(kilroy)
            }
        case .badRequest(let response): throw Self.failure(400, response.apiError)
        case .unauthorized(let response): throw Self.failure(401, response.apiError)
        case .conflict(let response): throw Self.failure(409, response.apiError)
        case .tooManyRequests(let response): throw Self.rateLimited(response)
        case .undocumented(let status, let payload): throw await Self.failure(status, payload)
        }
    }

    public func kilroysNear(_ coordinate: Coordinate, radius: Double, limit: Int?) async throws(KilroyCloudError) -> CloudNearbyResult {
        let query = Operations.FindNearbyKilroys.Input.Query(
            lat: coordinate.latitude, lon: coordinate.longitude, radius: radius,
            limit: limit.map { Int32(clamping: $0) }
        )
        let output = try await call {
            try await client.findNearbyKilroys(query: query)
        }
        switch output {
        case .ok(let response):
            switch response.body {
            case .json(let nearby):
                return CloudNearbyResult(
                    kilroys: nearby.kilroys.map { .init(kilroy: cloudKilroy($0.kilroy), distanceMeters: $0.distanceMeters) },
                    reciprocityPolicy: nearby.reciprocity.policy.rawValue,
                    othersWithheld: nearby.reciprocity.othersWithheld
                )
            }
        case .badRequest(let response): throw Self.failure(400, response.apiError)
        case .unauthorized(let response): throw Self.failure(401, response.apiError)
        case .undocumented(let status, let payload): throw await Self.failure(status, payload)
        }
    }

    public func kilroy(id: String) async throws(KilroyCloudError) -> CloudKilroy {
        let output = try await call {
            try await client.getKilroy(path: .init(kilroyId: id))
        }
        switch output {
        case .ok(let response):
            switch response.body {
            case .json(let kilroy): return cloudKilroy(kilroy)
            }
        case .badRequest(let response): throw Self.failure(400, response.apiError)
        case .unauthorized(let response): throw Self.failure(401, response.apiError)
        case .notFound(let response): throw Self.failure(404, response.apiError)
        case .undocumented(let status, let payload): throw await Self.failure(status, payload)
        }
    }

    public func deleteKilroy(id: String) async throws(KilroyCloudError) {
        let output = try await call {
            try await client.deleteKilroy(path: .init(kilroyId: id))
        }
        switch output {
        case .noContent: return
        case .badRequest(let response): throw Self.failure(400, response.apiError)
        case .unauthorized(let response): throw Self.failure(401, response.apiError)
        case .forbidden(let response): throw Self.failure(403, response.apiError)
        case .notFound(let response): throw Self.failure(404, response.apiError)
        case .undocumented(let status, let payload): throw await Self.failure(status, payload)
        }
    }

    public func reportKilroy(id: String, reason: String?) async throws(KilroyCloudError) -> CloudReport {
        let output = try await call {
            try await client.reportKilroy(
                path: .init(kilroyId: id), body: .json(.init(reason: reason))
            )
        }
        switch output {
        case .ok(let response):
            switch response.body {
            case .json(let status):
                return CloudReport(kilroyID: status.kilroyId, reportCount: Int(status.reportCount), hidden: status.hidden)
            }
        case .badRequest(let response): throw Self.failure(400, response.apiError)
        case .unauthorized(let response): throw Self.failure(401, response.apiError)
        case .forbidden(let response): throw Self.failure(403, response.apiError)
        case .notFound(let response): throw Self.failure(404, response.apiError)
        case .tooManyRequests(let response): throw Self.rateLimited(response)
        case .undocumented(let status, let payload): throw await Self.failure(status, payload)
        }
    }

    /// Moves the kilroys this device dropped under its old id (before credentials) to its
    /// credential; returns how many moved.
    public func claimLegacyDevice(_ legacyDeviceID: String) async throws(KilroyCloudError) -> Int {
        let output = try await call {
            try await client.claimLegacyDevice(body: .json(.init(legacyDeviceId: legacyDeviceID)))
        }
        switch output {
        case .ok(let response):
            switch response.body {
            case .json(let result): return Int(result.kilroyCount)
            }
        case .badRequest(let response): throw Self.failure(400, response.apiError)
        case .unauthorized(let response): throw Self.failure(401, response.apiError)
        case .notFound(let response): throw Self.failure(404, response.apiError)
        case .conflict(let response): throw Self.failure(409, response.apiError)
        case .tooManyRequests(let response): throw Self.rateLimited(response)
        case .undocumented(let status, let payload): throw await Self.failure(status, payload)
        }
    }

    // MARK: - Mapping

    /// Runs one generated-client call, turning transport and decoding failures into
    /// ``KilroyCloudError``: no response at all is `.unreachable` (with a short reason such as
    /// "connection refused"), a response that could not be decoded is `.invalidResponse`.
    private func call<Output: Sendable>(_ operation: () async throws -> Output) async throws(KilroyCloudError) -> Output {
        do {
            return try await operation()
        } catch let error as ClientError {
            if error.response == nil {
                throw .unreachable(url: baseURL.absoluteString, reason: NetworkFailure.reason(error.underlyingError))
            }
            throw .invalidResponse(reason: NetworkFailure.oneLine(error.causeDescription))
        } catch {
            throw .unreachable(url: baseURL.absoluteString, reason: NetworkFailure.reason(error))
        }
    }

    private func cloudKilroy(_ kilroy: Components.Schemas.Kilroy) -> CloudKilroy {
        CloudKilroy(
            id: kilroy.id,
            imageURL: URL(string: kilroy.imageURL, relativeTo: baseURL)?.absoluteURL.absoluteString ?? kilroy.imageURL,
            latitude: kilroy.latitude,
            longitude: kilroy.longitude,
            geohash: kilroy.geohash,
            placeName: kilroy.placeName,
            placeAddress: kilroy.placeAddress,
            comment: kilroy.comment,
            createdAt: kilroy.createdAt,
            isMine: kilroy.isMine
        )
    }

    private static func rateLimited(_ response: Components.Responses.TooManyRequests) -> KilroyCloudError {
        .rateLimited(message: response.apiError.message, retryAfterSeconds: response.headers.retryAfter)
    }

    /// The error for a documented rejection.
    static func failure(_ status: Int, _ error: Components.Schemas._Error) -> KilroyCloudError {
        failure(status: status, code: error.code, message: error.message, field: error.field, retryAfter: nil)
    }

    /// The error for an undocumented status, reading the server's `Error` body if it sent one.
    private static func failure(_ status: Int, _ payload: UndocumentedPayload) async -> KilroyCloudError {
        var apiError: Components.Schemas._Error?
        if let body = payload.body, let data = try? await Data(collecting: body, upTo: 64 * 1024) {
            apiError = try? JSONDecoder().decode(Components.Schemas._Error.self, from: data)
        }
        let retryAfter = payload.headerFields[.retryAfter].flatMap { Int($0) }
        return failure(
            status: status, code: apiError?.code ?? "http_\(status)",
            message: apiError?.message ?? "HTTP \(status)", field: apiError?.field, retryAfter: retryAfter
        )
    }

    private static func failure(status: Int, code: String, message: String, field: String?, retryAfter: Int?) -> KilroyCloudError {
        switch status {
        case 400: .badRequest(code: code, message: message, field: field)
        case 401: .unauthorized(message: message)
        case 403: .forbidden(message: message)
        case 404: .notFound(message: message)
        case 409: .conflict(message: message)
        case 413: .tooLarge(message: message)
        case 415: .unsupportedMediaType(message: message)
        case 429: .rateLimited(message: message, retryAfterSeconds: retryAfter)
        case 500..<600: .serverFailure(status: status, message: message)
        default: .unexpectedStatus(status: status, message: message)
        }
    }
}

// The generated error responses all carry the API's `Error` body; these read it out.

extension Components.Responses.BadRequest {
    var apiError: Components.Schemas._Error {
        switch body {
        case .json(let error): error
        }
    }
}

extension Components.Responses.Unauthorized {
    var apiError: Components.Schemas._Error {
        switch body {
        case .json(let error): error
        }
    }
}

extension Components.Responses.Forbidden {
    var apiError: Components.Schemas._Error {
        switch body {
        case .json(let error): error
        }
    }
}

extension Components.Responses.NotFound {
    var apiError: Components.Schemas._Error {
        switch body {
        case .json(let error): error
        }
    }
}

extension Components.Responses.Conflict {
    var apiError: Components.Schemas._Error {
        switch body {
        case .json(let error): error
        }
    }
}

extension Components.Responses.TooLarge {
    var apiError: Components.Schemas._Error {
        switch body {
        case .json(let error): error
        }
    }
}

extension Components.Responses.UnsupportedMediaType {
    var apiError: Components.Schemas._Error {
        switch body {
        case .json(let error): error
        }
    }
}

extension Components.Responses.TooManyRequests {
    var apiError: Components.Schemas._Error {
        switch body {
        case .json(let error): error
        }
    }
}
