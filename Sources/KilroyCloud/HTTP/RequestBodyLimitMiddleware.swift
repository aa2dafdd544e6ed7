import Hummingbird

/// Bounds the bodies of the JSON endpoints (64 KiB, far above any valid kilroy or report): the
/// generated code would otherwise collect a body of any size into memory before decoding it.
/// Image uploads are exempt; their handler streams them against the image limit.
struct RequestBodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    static var maximumBytes: Int { 64 * 1024 }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if request.method == .post, request.uri.path == KilroyCloudServer.basePath + "/images" {
            return try await next(request, context)
        }
        var request = request
        do {
            _ = try await request.collectBody(upTo: Self.maximumBytes)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            return KilroyRejection(
                status: .contentTooLarge, code: "body_too_large",
                message: "The request body is larger than 64 KiB; a kilroy or a report is far smaller.", field: "body"
            ).response()
        }
        return try await next(request, context)
    }
}
