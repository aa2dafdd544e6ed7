import Foundation
public import HTTPTypes
public import Hummingbird
public import OpenAPIRuntime

/// Which methods each path of a cloud answers, recorded while the generated server registers
/// its handlers, so that any other method on a served path is answered 405 with `Allow` (as
/// HTTP requires) instead of the router's 404 "nothing is served here".
///
/// `@unchecked Sendable` is safe: `table` is only read or written inside `lock.withLock`.
public final class AllowedMethods: @unchecked Sendable {
    private let lock = NSLock()
    private var table: [String: [HTTPRequest.Method]] = [:]

    /// The methods a client might try on a served path and be refused. HEAD is refused only where
    /// GET is not served (the router answers HEAD with the GET route's headers).
    /// QUERY is the IETF's safe method with a body (draft-ietf-httpbis-safe-method-w-body).
    static let candidates: [HTTPRequest.Method] = [
        .get, .post, .put, .patch, .delete, .options, .trace, .head, HTTPRequest.Method("QUERY")!,
    ]

    public init() {}

    /// Notes that `path` (a template such as `/kilroys/{kilroyId}`) answers `method`.
    public func record(_ method: HTTPRequest.Method, path: String) {
        lock.withLock { table[path, default: []].append(method) }
    }

    /// The methods `path` answers, in the order they were registered.
    public func methods(for path: String) -> [HTTPRequest.Method] {
        lock.withLock { table[path] ?? [] }
    }

    /// Adds a 405 route for every method a recorded path does not answer.
    public func registerRefusals<Router: RouterMethods>(on router: Router) {
        let paths = lock.withLock { table }
        for (path, allowed) in paths {
            let refusal = ServerRejection(
                status: .methodNotAllowed, code: "method_not_allowed",
                message: "\(path) answers \(allowed.map(\.rawValue).joined(separator: ", ")) only.",
                allow: allowed)
            for method in Self.candidates where !allowed.contains(method) && !(method == .head && allowed.contains(.get)) {
                router.on(RouterPath(path), method: method) { _, _ -> Response in throw refusal }
            }
        }
    }
}

/// A `ServerTransport` that records each operation's method and path in ``AllowedMethods`` and
/// hands the registration on to the real transport (a Hummingbird router group).
public struct RecordingTransport<Base: ServerTransport>: ServerTransport {
    let base: Base
    let methods: AllowedMethods

    public init(_ base: Base, recordingInto methods: AllowedMethods) {
        self.base = base
        self.methods = methods
    }

    public func register(
        _ handler: @Sendable @escaping (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?),
        method: HTTPRequest.Method, path: String
    ) throws {
        try base.register(handler, method: method, path: path)
        methods.record(method, path: path)
    }
}
