public import Hummingbird
public import Logging
import NIOHTTP1

/// Answers every error that reaches the top of the router as JSON `{"code", "message"}`:
/// a ``ServerRejection`` as itself, a request that is not HTTP or ends early (SwiftNIO's
/// `HTTPParserError`, such as a body cut short by the client) as a 400, Hummingbird's own errors (a 404 for an unknown path, a 413
/// for a body too large to decode) with their status, and anything else as a logged 500 that
/// says nothing about the server's inside.
public struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger
    /// What a 404 for an unknown path adds after "Nothing is served at METHOD PATH", e.g.
    /// where the served APIs are described.
    let notFoundHint: String

    public init(logger: Logger, notFoundHint: String = "") {
        self.logger = logger
        self.notFoundHint = notFoundHint
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let rejection as ServerRejection {
            return rejection.response()
        } catch let error as HTTPParserError {
            // The client sent something that is not HTTP, or hung up in the middle of a body it
            // promised: its doing, not the server's, so a 400 and no error in the log.
            logger.debug("request unreadable", metadata: ["path": "\(request.uri.path)", "error": "\(error.debugDescription)"])
            return ServerRejection(
                status: .badRequest, code: "malformed_http",
                message: "The request could not be read as HTTP: \(error.debugDescription)."
            ).response()
        } catch let error as HTTPError {
            return Self.rejection(status: error.status, message: error.body ?? message(for: error.status, request: request))
                .response()
        } catch {
            logger.error("request failed", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
            return Self.rejection(
                status: .internalServerError, message: "The server failed to handle the request; try again later."
            ).response()
        }
    }

    private func message(for status: HTTPResponse.Status, request: Request) -> String {
        switch status {
        case .notFound:
            "Nothing is served at \(request.method) \(request.uri.path)" + (notFoundHint.isEmpty ? "." : "; \(notFoundHint)")
        default:
            status.reasonPhrase
        }
    }

    static func rejection(status: HTTPResponse.Status, message: String) -> ServerRejection {
        ServerRejection(status: status, code: code(for: status), message: message)
    }

    static func code(for status: HTTPResponse.Status) -> String {
        switch status.code {
        case 404: "not_found"
        case 405: "method_not_allowed"
        case 413: "too_large"
        case 500...: "internal_error"
        default: "bad_request"
        }
    }
}
