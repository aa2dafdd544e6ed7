public import Foundation

/// Why a call to the Kilroy cloud failed. HTTP rejections carry the server's own message (its
/// `Error.message`), which says what to do.
public enum KilroyCloudError: Error, Hashable, Sendable {
    /// 400: a field of the request is invalid; nothing was written.
    case badRequest(code: String, message: String, field: String?)
    /// 401: the server did not accept this device's credential.
    case unauthorized(message: String)
    /// 403: this device may not do that (for example delete another device's kilroy).
    case forbidden(message: String)
    /// 404: no such kilroy or image.
    case notFound(message: String)
    /// 409: the id is already used by a different kilroy.
    case conflict(message: String)
    /// 413: the photo is larger than the server accepts.
    case tooLarge(message: String)
    /// 415: the server does not accept the photo's format.
    case unsupportedMediaType(message: String)
    /// 429: too many writes from this device; try again after `retryAfterSeconds`.
    case rateLimited(message: String, retryAfterSeconds: Int?)
    /// 5xx: the server failed; the request may be retried.
    case serverFailure(status: Int, message: String)
    /// Any other status the API does not document.
    case unexpectedStatus(status: Int, message: String)
    /// No answer from the server at `url`: it is down, unreachable or too slow. `reason` is a
    /// few words such as "connection refused".
    case unreachable(url: String, reason: String)
    /// The server answered with something the client cannot read.
    case invalidResponse(reason: String)

    /// Whether trying again later can succeed: transport failures, 5xx, 429, 408 and unreadable
    /// answers are transient; every other 4xx is permanent for that request.
    public var isRetryable: Bool {
        switch self {
        case .rateLimited, .serverFailure, .unreachable, .invalidResponse:
            true
        case .unexpectedStatus(let status, _):
            status == 408 || !(400..<500).contains(status)
        case .badRequest, .unauthorized, .forbidden, .notFound, .conflict, .tooLarge, .unsupportedMediaType:
            false
        }
    }

    /// The HTTP status, when the server answered.
    public var status: Int? {
        switch self {
        case .badRequest: 400
        case .unauthorized: 401
        case .forbidden: 403
        case .notFound: 404
        case .conflict: 409
        case .tooLarge: 413
        case .unsupportedMediaType: 415
        case .rateLimited: 429
        case .serverFailure(let status, _), .unexpectedStatus(let status, _): status
        case .unreachable, .invalidResponse: nil
        }
    }
}

extension KilroyCloudError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .badRequest(_, let message, let field):
            "The Kilroy cloud rejected the request\(field.map { " (\($0))" } ?? ""): \(message)"
        case .unauthorized(let message):
            "The Kilroy cloud did not accept this device's credential: \(message)"
        case .forbidden(let message):
            "The Kilroy cloud refused: \(message)"
        case .notFound(let message):
            "Not found on the Kilroy cloud: \(message)"
        case .conflict(let message):
            "The Kilroy cloud reported a conflict: \(message)"
        case .tooLarge(let message):
            "The photo is too large for the Kilroy cloud: \(message)"
        case .unsupportedMediaType(let message):
            "The Kilroy cloud does not accept this photo: \(message)"
        case .rateLimited(let message, let retryAfter):
            "The Kilroy cloud is limiting this device\(retryAfter.map { "; retry in \($0) s" } ?? ""): \(message)"
        case .serverFailure(let status, let message):
            "The Kilroy cloud failed (HTTP \(status)): \(message). It will be retried."
        case .unexpectedStatus(let status, let message):
            "The Kilroy cloud answered HTTP \(status): \(message)"
        case .unreachable(let url, let reason):
            "cannot reach the Kilroy cloud at \(url): \(reason)"
        case .invalidResponse(let reason):
            "The Kilroy cloud sent an answer that cannot be read: \(reason)"
        }
    }
}
