import Foundation
import HTTPTypes
public import Hummingbird

/// The network address a request came from, for limits counted per client (sign-ins, link
/// channels) where no credential names the caller yet.
///
/// Hummingbird's basic request context, the one every cloud is mounted with, does not carry the
/// peer's address, so the limited HTTP/1 channel (``HTTPServerBuilder/limited(_:tally:)``) sets
/// ``connection`` for every request of a connection, and ``ClientAddressMiddleware`` turns it
/// into ``current``, believing `X-Forwarded-For` only behind as many proxies as it is told to
/// trust. Task-local values, because the generated OpenAPI handlers take no context.
public struct ClientAddress: Hashable, Sendable, CustomStringConvertible {
    /// The address: 4 bytes for IPv4 (an IPv4-mapped IPv6 address included), 16 for IPv6.
    public let bytes: [UInt8]

    /// The peer of the connection whose request is being handled; `nil` outside a server with
    /// the kit's limits (an in-process test router) or for a Unix socket.
    @TaskLocal public static var connection: ClientAddress?

    /// The client of the request being handled, as ``ClientAddressMiddleware`` resolved it.
    @TaskLocal public static var current: ClientAddress?

    /// The address in `text`: dotted IPv4, or IPv6 (a zone such as `%eth0` is ignored); `nil`
    /// for anything else, never a crash.
    public init?(_ text: some StringProtocol) {
        var text = Substring(text)
        if let zone = text.firstIndex(of: "%") { text = text[..<zone] }
        if let v4 = Self.parseIPv4(text) {
            bytes = v4
        } else if let v6 = Self.parseIPv6(text) {
            let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]
            bytes = Array(v6.prefix(12)) == mappedPrefix ? Array(v6.suffix(4)) : v6
        } else {
            return nil
        }
    }

    /// The key a rate limit counts this client under: an IPv4 address whole, an IPv6 address by
    /// its /64, the block one subscriber customarily holds (a host choosing among its 2⁶⁴
    /// addresses would otherwise get a fresh limit for each).
    public var limitKey: String {
        bytes.count == 4 ? "v4:" + Self.hex(bytes) : "v6:" + Self.hex(bytes.prefix(8)) + "::/64"
    }

    public var description: String {
        guard bytes.count == 16 else { return bytes.map(String.init).joined(separator: ".") }
        return stride(from: 0, to: 16, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            .joined(separator: ":")
    }

    /// The client of a request that reached the server from `connection` with `forwardedFor`
    /// (the `X-Forwarded-For` values, each a comma-separated list): with no trusted proxy the
    /// connection's peer, whatever the header says (a client writes what it likes there);
    /// behind `trustedProxies` proxies, the address the outermost of them appended, that is the
    /// `trustedProxies`-th from the right (the leftmost when there are fewer).
    public static func resolve(connection: ClientAddress?, forwardedFor: [String], trustedProxies: Int) -> ClientAddress? {
        guard trustedProxies > 0 else { return connection }
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }.map(trimmed).filter { !$0.isEmpty }
        guard !hops.isEmpty else { return connection }
        return ClientAddress(hops[max(0, hops.count - trustedProxies)])
    }

    private static func parseIPv4(_ text: Substring) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var bytes: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.utf8.count), part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = UInt8(part) else {
                return nil
            }
            bytes.append(value)
        }
        return bytes
    }

    private static func parseIPv6(_ text: Substring) -> [UInt8]? {
        guard text.utf8.count <= 45, text.contains(":") else { return nil }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ part: String, allowIPv4Tail: Bool) -> [UInt8]? {
            guard !part.isEmpty else { return [] }
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            var bytes: [UInt8] = []
            for (index, piece) in pieces.enumerated() {
                if allowIPv4Tail, index == pieces.count - 1, piece.contains("."), let v4 = parseIPv4(piece) {
                    bytes += v4
                    continue
                }
                guard (1...4).contains(piece.utf8.count), let value = UInt16(piece, radix: 16), !piece.hasPrefix("+"),
                    !piece.hasPrefix("-")
                else { return nil }
                bytes += [UInt8(value >> 8), UInt8(value & 0xFF)]
            }
            return bytes
        }
        if halves.count == 1 {
            guard let bytes = groups(halves[0], allowIPv4Tail: true), bytes.count == 16 else { return nil }
            return bytes
        }
        guard let head = groups(halves[0], allowIPv4Tail: false), let tail = groups(halves[1], allowIPv4Tail: true),
            head.count + tail.count <= 14
        else { return nil }
        return head + Array(repeating: 0, count: 16 - head.count - tail.count) + tail
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }

    private static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}

/// Resolves the client's address for the routes behind it and runs them with it as
/// ``ClientAddress/current``: the connection's peer, or, with `trustedProxies` reverse proxies
/// in front of the server, the address the outermost of them put in `X-Forwarded-For`.
public struct ClientAddressMiddleware<Context: RequestContext>: RouterMiddleware {
    let trustedProxies: Int

    /// - Parameter trustedProxies: how many reverse proxies, each appending to
    ///   `X-Forwarded-For`, stand between clients and the server; 0 (the default) believes no
    ///   header, only the connection.
    public init(trustedProxies: Int = 0) {
        self.trustedProxies = max(0, trustedProxies)
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let address = ClientAddress.resolve(
            connection: ClientAddress.connection, forwardedFor: request.headers[values: Self.forwardedFor],
            trustedProxies: trustedProxies)
        return try await ClientAddress.$current.withValue(address) {
            try await next(request, context)
        }
    }

    static var forwardedFor: HTTPField.Name { HTTPField.Name("X-Forwarded-For")! }
}
