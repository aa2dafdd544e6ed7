public import HTTPTypes
public import Hummingbird
public import Logging

/// The id of the request being served, in every log line written while serving it: a task-local
/// value that ``RequestIDMiddleware`` sets and ``metadataProvider`` adds to each log line, so code
/// deep in a cloud (a store, an error reporter) logs it without being handed the request.
public enum RequestID {
    /// The id of the request this task serves, if any.
    @TaskLocal public static var current: String?

    /// Adds `request: <id>` to every log line written inside a request; give it to the logging
    /// bootstrap (`LoggingSetup.bootstrap(metadataProvider:)`).
    public static let metadataProvider = Logger.MetadataProvider {
        guard let id = current else { return [:] }
        return ["request": .string(id)]
    }

    /// A new id: 16 random hex digits.
    static func random() -> String {
        let value = UInt64.random(in: .min ... .max)
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The longest id taken from a client or proxy.
    static let maximumLength = 64

    /// `candidate` if it may be used as an id: 1 to 64 letters, digits, `-`, `_` or `.`, so a
    /// client-chosen id can neither forge log lines nor carry much.
    static func accepted(_ candidate: String) -> String? {
        guard (1...maximumLength).contains(candidate.utf8.count) else { return nil }
        let allowed = candidate.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: ".")
        }
        return allowed ? candidate : nil
    }
}

extension HTTPField.Name {
    /// `X-Request-ID`: set by a proxy in front of several app-servers (nginx's `$request_id`) so
    /// one id follows a request through every log; echoed in the response.
    public static var xRequestID: Self { Self("X-Request-ID")! }
}

/// Gives each request an id (the proxy's `X-Request-ID` when it is well formed, else
/// Hummingbird's own, else a random one), logs under it (``RequestID``) and returns it in `X-Request-ID`, so a user's
/// report or a proxy's log line leads to the server's lines. Add it first, outside the JSON error
/// middleware, so refusals carry the id too.
public struct RequestIDMiddleware<Context: RequestContext>: RouterMiddleware {
    public init() {}

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        // Hummingbird's own id is in its logger's metadata (`context.id` traps when it is not).
        let id =
            request.headers[.xRequestID].flatMap(RequestID.accepted) ?? context.logger[metadataKey: "hb.request.id"]?.description
            ?? RequestID.random()
        var response = try await RequestID.$current.withValue(id) {
            try await next(request, context)
        }
        response.headers[.xRequestID] = id
        return response
    }
}
