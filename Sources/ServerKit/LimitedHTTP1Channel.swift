import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1 child channel with ``HTTPServerLimits`` around it: a place among
/// `maximumConnections` taken at accept and given back at close, a raw-byte observer at the front
/// of the pipeline and a ``RequestDeadlineHandler`` behind the HTTP codec; its requests run with
/// the peer's address as ``ClientAddress/connection``, on the connection's event loop
/// (``EventLoopTaskExecutor``). The HTTP handling itself is Hummingbird's, unchanged.
struct LimitedHTTP1Channel: HTTPChannelHandler {
    /// The connection's value: Hummingbird's async channel, or nil for a connection refused at
    /// accept (its 503 is written by the pipeline alone).
    struct Connection: ServerChildChannelValue {
        let channel: any Channel
        let http: NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>?
    }
    typealias Value = Connection

    let responder: HTTPChannelHandler.Responder
    let limits: HTTPServerLimits
    let tally: ConnectionTally

    init(responder: @escaping HTTPChannelHandler.Responder, limits: HTTPServerLimits, tally: ConnectionTally) {
        self.responder = responder
        self.limits = limits
        self.tally = tally
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Connection> {
        guard tally.admit(limit: limits.maximumConnections) else {
            logger.debug("connection refused: too many open", metadata: ["limit": "\(limits.maximumConnections)"])
            return channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(RefuseConnectionHandler())
                return Connection(channel: channel, http: nil)
            }
        }
        let tally = self.tally
        channel.closeFuture.whenComplete { _ in tally.release() }
        let limits = self.limits
        let http1 = HTTP1Channel(
            responder: responder,
            configuration: .init(
                additionalChannelHandlers: [RequestDeadlineHandler(limits: limits, tally: tally, logger: logger)],
                idleTimeout: TimeAmount(limits.idleTimeout),
                httpDecoderConfiguration: .init(
                    maxHeaderFieldSize: limits.maximumHeaderBytes, maxHeaderListSize: limits.maximumHeaderBytes)
            )
        )
        do {
            // First in the pipeline, so it sees bytes before the HTTP decoder holds them back.
            try channel.pipeline.syncOperations.addHandler(RequestBytesObserver())
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return http1.setup(channel: channel, logger: logger).flatMapThrowing { http in
            // Where the request head still has its version and raw header lines.
            let operations = channel.pipeline.syncOperations
            try operations.addHandler(HTTP1HeadRules(), position: .before(try operations.handler(type: HTTP1ToHTTPServerCodec.self)))
            return Connection(channel: channel, http: http)
        }
    }

    func handle(value: Connection, logger: Logger) async {
        guard let http = value.http else { return }
        // Every request of the connection is answered inside this call, so its routes read the
        // peer's address as a task-local value (the basic request context has no place for it),
        // and its jobs run where its bytes arrive.
        let peer = value.channel.remoteAddress?.ipAddress.flatMap { ClientAddress($0) }
        await withTaskExecutorPreference(EventLoopTaskExecutor(value.channel.eventLoop)) {
            await ClientAddress.$connection.withValue(peer) {
                await handleHTTP(asyncChannel: http, logger: logger)
            }
        }
    }
}

/// The user event ``RequestBytesObserver`` sends inward when bytes arrive: the HTTP decoder
/// holds a head back until it is whole, so only this says that a request has begun.
struct RequestBytesArrived: Sendable {}

/// Tells the handlers behind the HTTP decoder that bytes arrived, then passes them on.
final class RequestBytesObserver: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireUserInboundEventTriggered(RequestBytesArrived())
        context.fireChannelRead(data)
    }
}

@available(*, unavailable)
extension RequestBytesObserver: Sendable {}

/// Refuses, as HTTP/1.1 requires of a server (RFC 9112 §3.2), an HTTP/1.1 request without a
/// `Host` header, any request with more than one, and a `Host` that is not a host and port: two
/// `Host` lines are a request-smuggling device (a proxy and the server may each read another),
/// and the conversion to HTTP types keeps the first and passes the second on as a plain field.
/// The refusal reaches ``RequestDeadlineHandler`` as a ``MalformedHostError``, which answers it
/// as JSON and closes; the rest of the request is dropped here. An HTTP/1.0 request that does
/// not ask for keep-alive is marked `Connection: close`, as HTTP/1.0 means.
final class HTTP1HeadRules: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    private var refused = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        if let error = MalformedHostError(head) {
            refused = true
            context.fireErrorCaught(error)
            return
        }
        // HTTP/1.0 closes after each answer unless the client asks to keep the connection;
        // the conversion to HTTP types drops the version, after which the server would keep it
        // open and an HTTP/1.0 client would wait for the close that ends its answer.
        if head.version == .http1_0, !head.headers[canonicalForm: "connection"].contains(where: { $0.lowercased() == "keep-alive" }) {
            head.headers.replaceOrAdd(name: "Connection", value: "close")
            context.fireChannelRead(wrapInboundOut(.head(head)))
            return
        }
        context.fireChannelRead(data)
    }
}

@available(*, unavailable)
extension HTTP1HeadRules: Sendable {}

/// What is wrong with a request's `Host` header, if anything.
enum MalformedHostError: Error, Equatable {
    case missing
    case repeated
    case invalid

    /// The problem of `head`'s `Host` header; `nil` when it is one valid header (or none, for
    /// HTTP/1.0, which had no such rule).
    init?(_ head: HTTPRequestHead) {
        let hosts = head.headers["Host"]
        switch hosts.count {
        case 0:
            guard head.version.major == 1, head.version.minor >= 1 else { return nil }
            self = .missing
        case 1:
            guard !Self.isHostAndPort(hosts[0]) else { return nil }
            self = .invalid
        default:
            self = .repeated
        }
    }

    /// Whether `value` can be `uri-host [":" port]` (RFC 3986's characters for a registered
    /// name, an IPv4 or a bracketed IPv6 address, then digits): empty is allowed, for a target
    /// without an authority.
    static func isHostAndPort(_ value: String) -> Bool {
        value.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default:
                "-._~%!$&'()*+,;=:[]".utf8.contains(byte)
            }
        }
    }

    /// The problem in words, for the refusal's message.
    var reason: String {
        switch self {
        case .missing: "it has no Host header"
        case .repeated: "it has more than one Host header"
        case .invalid: "its Host header is not a host and port"
        }
    }
}

/// Answers a connection beyond `maximumConnections` with a JSON 503 as soon as it is active,
/// then closes it, without reading anything from it.
final class RefuseConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { refuse(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        refuse(context: context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}  // dropped: the answer is written

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event { context.close(promise: nil) }  // the client hung up
    }

    private var refused = false

    private func refuse(context: ChannelHandlerContext) {
        guard !refused else { return }
        refused = true
        let body = RefusalBody.encode(
            code: "too_many_connections", message: "The server has too many open connections; try again in a few seconds.")
        var head = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\n"
        head += "X-Content-Type-Options: nosniff\r\nRetry-After: 5\r\nConnection: close\r\nContent-Length: \(body.count)\r\n\r\n"
        var buffer = context.channel.allocator.buffer(capacity: head.utf8.count + body.count)
        buffer.writeString(head)
        buffer.writeBytes(body)
        // Then linger as RequestDeadlineHandler does: a request the client already sent would
        // otherwise turn the close into a reset that can destroy the 503 before it is read.
        context.writeAndFlush(wrapOutboundOut(buffer)).assumeIsolated().whenComplete { _ in
            context.close(mode: .output, promise: nil)
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            context.eventLoop.scheduleTask(in: RequestDeadlineHandler.linger) { loopBound.value.close(promise: nil) }
        }
    }
}

@available(*, unavailable)
extension RefuseConnectionHandler: Sendable {}

/// The `{"code", "message"}` bytes of a refusal written below the router.
enum RefusalBody {
    static func encode(code: String, message: String) -> Data {
        // Encoding two strings cannot fail; the fallback keeps the answer JSON regardless.
        (try? JSONResponse.encoder.encode(ServerRejection.Body(code: code, message: message)))
            ?? Data(#"{"code":"\#(code)"}"#.utf8)
    }
}
