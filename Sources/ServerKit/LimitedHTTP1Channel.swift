import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes

/// Hummingbird's HTTP/1 child channel with ``HTTPServerLimits`` around it: a place among
/// `maximumConnections` taken at accept and given back at close, a raw-byte observer at the front
/// of the pipeline and a ``RequestDeadlineHandler`` behind the HTTP codec; its requests run with
/// the peer's address as ``ClientAddress/connection``. The HTTP handling itself is Hummingbird's,
/// unchanged.
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
        return http1.setup(channel: channel, logger: logger).map { Connection(channel: channel, http: $0) }
    }

    func handle(value: Connection, logger: Logger) async {
        guard let http = value.http else { return }
        // Every request of the connection is answered inside this call, so its routes read the
        // peer's address as a task-local value (the basic request context has no place for it).
        let peer = value.channel.remoteAddress?.ipAddress.flatMap { ClientAddress($0) }
        await ClientAddress.$connection.withValue(peer) {
            await handleHTTP(asyncChannel: http, logger: logger)
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
