public import Hummingbird

/// Bounds request bodies before anything reads them: generated OpenAPI code would otherwise
/// collect a body of any size into memory before decoding it. Routes that stream a large body
/// against their own limit (a photo upload) are exempt.
public struct RequestBodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The largest body accepted, in bytes.
    public let maximumBytes: Int
    /// What the refusal says after "The request body is larger than N KiB", e.g. why no valid
    /// request is that large.
    let reason: String
    /// Whether a request is exempt (it streams its body against a limit of its own).
    let isExempt: @Sendable (Request) -> Bool

    public init(maximumBytes: Int, reason: String = "", isExempt: @escaping @Sendable (Request) -> Bool = { _ in false }) {
        self.maximumBytes = maximumBytes
        self.reason = reason
        self.isExempt = isExempt
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if isExempt(request) {
            return try await next(request, context)
        }
        var request = request
        do {
            _ = try await request.collectBody(upTo: maximumBytes)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            let size = maximumBytes % 1024 == 0 ? "\(maximumBytes / 1024) KiB" : "\(maximumBytes) bytes"
            return ServerRejection(
                status: .contentTooLarge, code: "body_too_large",
                message: "The request body is larger than \(size)" + (reason.isEmpty ? "." : "; \(reason)"), field: "body"
            ).response()
        }
        return try await next(request, context)
    }
}
