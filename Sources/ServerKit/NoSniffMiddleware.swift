public import Hummingbird

/// Adds `X-Content-Type-Options: nosniff` to every response of a cloud, errors included:
/// a browser must take each body as the `Content-Type` given (the photo's validated format, or
/// JSON) and never guess, so uploaded bytes can never be run as a page or a script.
public struct NoSniffMiddleware<Context: RequestContext>: RouterMiddleware {
    public init() {}

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var response = try await next(request, context)
        response.headers[.xContentTypeOptions] = "nosniff"
        return response
    }
}
