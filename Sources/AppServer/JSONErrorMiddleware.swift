import Foundation
import Hummingbird
import Logging

/// Answers every error that reaches the top of the router as JSON `{"code", "message"}`:
/// Hummingbird's own (a 404 for an unknown path, a 413 for a body too large to decode) keep
/// their status; anything else is a logged 500 that says nothing about the server's inside.
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            return Self.response(status: error.status, message: error.body ?? Self.message(for: error.status, request: request))
        } catch {
            logger.error("request failed", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
            return Self.response(
                status: .internalServerError, message: "The server failed to handle the request; try again later.")
        }
    }

    private static func message(for status: HTTPResponse.Status, request: Request) -> String {
        switch status {
        case .notFound:
            "Nothing is served at \(request.method) \(request.uri.path); see /kilroy/v1/openapi.yaml for the Kilroy API."
        default:
            status.reasonPhrase
        }
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

    static func response(status: HTTPResponse.Status, message: String) -> Response {
        let body = ["code": code(for: status), "message": message]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(body)) ?? Data()
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8", .xContentTypeOptions: "nosniff"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
