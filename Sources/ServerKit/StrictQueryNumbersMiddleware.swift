public import Hummingbird

/// Numbers in query parameters as people write them, and nothing else: `Double("0x10")` is 16,
/// and `Double` also takes `nan` and `inf`, so a generated decoder that reads a query with it
/// takes `lat=0x10` for 16°. This middleware checks the text of the named parameters before any
/// decoder sees them. (A number too large for a `Double`, `1e400`, is grammatical; the route's
/// own range check refuses the infinity it becomes.) A named parameter given more than once is
/// refused too.
public struct StrictQueryNumbersMiddleware<Context: RequestContext>: RouterMiddleware {
    let path: String
    let parameters: [QueryNumberRule]

    /// Checks `parameters` on requests for exactly `path`.
    public init(path: String, parameters: [QueryNumberRule]) {
        self.path = path
        self.parameters = parameters
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if request.uri.path == path {
            let query = request.uri.queryParameters
            for parameter in parameters {
                let values = query.getAll(parameter.name)
                for value in values where !parameter.accepts(value) {
                    return parameter.rejection.response()
                }
                // `lat=1&lat=80`: the generated decoder would take one and ignore the other, so
                // the answer would depend on which; the request is ambiguous, and refused.
                if values.count > 1 {
                    return ServerRejection.badRequest(
                        "duplicate_parameter",
                        "The query parameter \(parameter.name) was given \(values.count) times; give it once.",
                        field: parameter.name
                    ).response()
                }
            }
        }
        return try await next(request, context)
    }
}

/// One query parameter that must be a number when present, and the refusal when it is not.
public struct QueryNumberRule: Sendable {
    public var name: String
    /// Whole numbers only (no point, no exponent), for counts and limits.
    public var integer: Bool
    public var rejection: ServerRejection

    public init(_ name: String, integer: Bool = false, rejection: ServerRejection) {
        self.name = name
        self.integer = integer
        self.rejection = rejection
    }

    /// Whether `text` is a number this rule accepts.
    public func accepts(_ text: some StringProtocol) -> Bool {
        StrictNumber.isValid(text, integer: integer)
    }
}

/// The grammar of a number in a request: an optional `-`, digits, and (unless whole numbers are
/// asked for) an optional fraction `.digits` and exponent `e±digits` — JSON's number grammar
/// without its leading-zero rule. No hex, no `nan`/`inf`, no `+`, no spaces.
public enum StrictNumber {
    public static func isValid(_ text: some StringProtocol, integer: Bool = false) -> Bool {
        var bytes = Substring(text).utf8[...]
        func digits() -> Bool {
            let count = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            bytes = bytes.dropFirst(count)
            return count > 0
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        guard digits() else { return false }
        if integer { return bytes.isEmpty }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() else { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() else { return false }
        }
        return bytes.isEmpty
    }
}
