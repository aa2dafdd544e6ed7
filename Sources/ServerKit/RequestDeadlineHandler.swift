import Foundation
import HTTPTypes
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Holds each request on one connection to ``HTTPServerLimits/headerTimeout`` and
/// ``HTTPServerLimits/bodyTimeout``, and answers what the HTTP decoder cannot read with a JSON 400.
///
/// It sits behind the HTTP codec (it sees request and response parts) and learns from
/// ``RequestBytesObserver`` when the first byte of a request arrives. Deadlines run from fixed
/// moments, never from the last byte: a byte every few seconds resets an idle timer but not these.
final class RequestDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// Where the connection is in its current request.
    private enum Phase {
        /// Between requests: no byte of the next one yet (the idle timeout applies).
        case waiting
        /// Bytes of a head arrived; the whole head is due by the header deadline.
        case head
        /// The head was read; the whole body is due by the body deadline.
        case body
        /// The request was read whole; the answer is being made.
        case responding
    }

    private let limits: HTTPServerLimits
    private let tally: ConnectionTally
    private let logger: Logger
    private var phase = Phase.waiting
    /// Requests whose head was read and whose answer has not ended. While one is owed, this
    /// handler writes no answer of its own (it would mix with that one), it only closes.
    private var unanswered = 0
    /// The refusal of a malformed request that came while earlier ones were still answered; it
    /// is written after their answers.
    private var malformedAfterAnswers: Refusal?
    /// Whether a parser error in a body went on to Hummingbird, and whether its bare answer is
    /// being replaced by JSON.
    private var bodyErrorForwarded = false
    private var rewritingBareAnswer = false
    /// Whether bytes of a next request arrived while the current one was answered.
    private var bytesPending = false
    private var deadline: Scheduled<Void>?
    /// When the current request's head was read, and how many body bytes came since.
    private var bodyStart = NIODeadline.now()
    private var bodyBytes = 0
    /// Set once this handler refuses the connection: what arrives after is dropped.
    private var closing = false
    /// Set once the connection's output is closed and it waits for the client to hang up.
    private var lingering = false
    /// Whether the router has begun the answer to the current request (its head went out).
    private var routerAnswering = false
    /// Set when this handler answered a slow body itself because the router had not begun to:
    /// whatever the router writes afterwards is dropped.
    private var answeredForRouter = false

    init(limits: HTTPServerLimits, tally: ConnectionTally, logger: Logger) {
        self.limits = limits
        self.tally = tally
        self.logger = logger
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelDeadline()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelDeadline()
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if lingering, case ChannelEvent.inputClosed = event {
            context.close(promise: nil)  // the client read the answer and hung up
            return
        }
        guard event is RequestBytesArrived else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        switch phase {
        case .waiting:
            phase = .head
            schedule(limits.headerTimeout, context: context)
        case .responding:
            bytesPending = true
        case .head, .body:
            break
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing else { return }  // the rest of a refused request
        switch unwrapInboundIn(data) {
        case .head:
            phase = .body
            unanswered += 1
            bodyStart = .now()
            bodyBytes = 0
            schedule(limits.bodyTimeout, context: context)
        case .body(let bytes):
            bodyBytes += bytes.readableBytes
        case .end:
            cancelDeadline()
            if unanswered == 0 {
                // Answered before its body was read whole (e.g. a 413): done now.
                requestDone(context: context)
            } else {
                phase = .responding
            }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !answeredForRouter else {
            promise?.fail(ChannelError.outputClosed)  // the request was answered 408 already
            return
        }
        // An answer no request is owed is Hummingbird's bare 400 for a parser error that reached
        // it through a body: it becomes the kit's JSON.
        switch unwrapOutboundIn(data) {
        case .head where unanswered == 0 && bodyErrorForwarded:
            bodyErrorForwarded = false
            rewritingBareAnswer = true
            let body = RefusalBody.encode(code: "malformed_http", message: "The request body is not well-formed HTTP/1.1.")
            context.write(wrapOutboundOut(.head(Self.refusalHead(status: .badRequest, bodyCount: body.count))), promise: promise)
            context.write(wrapOutboundOut(.body(context.channel.allocator.buffer(bytes: body))), promise: nil)
            return
        case .body where rewritingBareAnswer:
            promise?.succeed()
            return
        case .end where rewritingBareAnswer:
            rewritingBareAnswer = false
            context.write(data, promise: promise)
            return
        case .head:
            routerAnswering = true
        default:
            break
        }
        if case .end = unwrapOutboundIn(data) {
            routerAnswering = false
            unanswered -= 1
            if unanswered == 0, let refusal = malformedAfterAnswers {
                malformedAfterAnswers = nil
                context.write(data, promise: promise)
                answer(status: refusal.status, code: refusal.code, message: refusal.message, context: context)
                return
            }
            // An answer that ends before its body was read (e.g. a 413) leaves the phase at
            // `body`: the body deadline still holds while Hummingbird reads the rest away.
            if phase == .responding, unanswered == 0 {
                requestDone(context: context)
            }
        }
        context.write(data, promise: promise)
    }

    /// A close from Hummingbird after it answered a request this handler timed out lingers, so
    /// that the answer is not lost to a reset (see ``startLingering(context:promise:)``).
    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        guard closing, mode == .all else {
            context.close(mode: mode, promise: promise)
            return
        }
        startLingering(context: context, promise: promise)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard !closing else { return }  // the decoder's complaints about a refused request
        guard error is HTTPParserError || error is HTTP1TypeConversionError || error is MalformedHostError else {
            context.fireErrorCaught(error)
            return
        }
        if phase == .body {
            if unanswered > 0 {
                // The router is reading this body: the error must reach it, so that a body cut
                // short is never taken for a whole one (the router answers it; or, when it
                // answered without reading, Hummingbird does with a bare 400, made JSON below).
                bodyErrorForwarded = true
                context.fireErrorCaught(error)
            } else {
                // Answered already (e.g. a 404 before the body was read): one answer a request.
                closing = true
                startLingering(context: context, promise: nil)
            }
            return
        }
        // The next request's head is not HTTP/1 that can be read: answered here as JSON (once
        // the answers owed to earlier requests are out), since Hummingbird's own answer to a
        // parser error is a 400 without a body. The decoder reads nothing more, so close.
        tally.countMalformed()
        logger.debug("malformed request refused", metadata: ["error": "\(error)"])
        let message = "The request is not well-formed HTTP/1.1 (\(Self.describe(error)))."
        // Headers over the limit have their own status, so a client knows to send smaller headers
        // rather than other ones.
        let refusal =
            if let parserError = error as? HTTPParserError, parserError == .headerOverflow {
                Refusal(status: .requestHeaderFieldsTooLarge, code: "headers_too_large", message: message)
            } else {
                Refusal(status: .badRequest, code: "malformed_http", message: message)
            }
        guard unanswered == 0 else {
            closing = true
            malformedAfterAnswers = refusal
            return
        }
        refuse(status: refusal.status, code: refusal.code, message: refusal.message, context: context)
    }

    /// The answer to a request head that cannot be read, kept until the answers owed to the
    /// requests before it are out.
    private struct Refusal {
        let status: HTTPResponse.Status
        let code: String
        let message: String
    }

    /// The request was read and answered: the connection waits for the next one.
    private func requestDone(context: ChannelHandlerContext) {
        phase = .waiting
        if bytesPending {
            bytesPending = false
            phase = .head
            schedule(limits.headerTimeout, context: context)
        }
    }

    private func schedule(_ timeout: Duration, context: ChannelHandlerContext) {
        schedule(at: .now() + TimeAmount(timeout), context: context)
    }

    private func schedule(at moment: NIODeadline, context: ChannelHandlerContext) {
        cancelDeadline()
        let loopBound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(deadline: moment) {
            loopBound.value.handler.deadlinePassed(context: loopBound.value.context)
        }
    }

    private func cancelDeadline() {
        deadline?.cancel()
        deadline = nil
    }

    private func deadlinePassed(context: ChannelHandlerContext) {
        deadline = nil
        let what: String
        let seconds: Duration
        switch phase {
        case .head:
            (what, seconds) = ("request head", limits.headerTimeout)
        case .body:
            // The bytes that did arrive buy time at the minimum rate; check again then.
            if limits.minimumBodyBytesPerSecond > 0 {
                let earned = TimeAmount.nanoseconds(Int64(bodyBytes) * 1_000_000_000 / Int64(limits.minimumBodyBytesPerSecond))
                let extended = bodyStart + TimeAmount(limits.bodyTimeout) + earned
                if extended > .now() {
                    schedule(at: extended, context: context)
                    return
                }
            }
            (what, seconds) = ("request body", limits.bodyTimeout)
        case .waiting, .responding:
            return
        }
        tally.countTimeout()
        logger.debug("slow request cut", metadata: ["part": "\(what)"])
        let rejection = ServerRejection(
            status: .requestTimeout, code: "request_timeout",
            message: "The whole \(what) must arrive within \(seconds.components.seconds) s"
                + (phase == .body && limits.minimumBodyBytesPerSecond > 0
                    ? " (and 1 s more per \(limits.minimumBodyBytesPerSecond) bytes received)" : "")
                + "; send it again, faster.")
        guard phase == .body else {
            refuse(status: rejection.status, code: rejection.code, message: rejection.message, context: context)
            return
        }
        // The router holds the request: its body ends in this error, which the router answers
        // (a 408 when it has not answered yet), and Hummingbird then closes the connection.
        // Closing here instead could end the body early without an error, as if it were whole.
        closing = true
        context.fireErrorCaught(rejection)
        let loopBound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: Self.closeGrace) {
            loopBound.value.handler.routerMissedGrace(rejection, context: loopBound.value.context)
        }
    }

    /// How long the router has to answer a request whose body came too slowly before this
    /// handler answers or closes in its place.
    private static let closeGrace = TimeAmount.seconds(2)

    /// The router did not answer a timed-out body within ``closeGrace`` (a server short of
    /// threads may take that long): when it has not begun, the client still gets its 408 JSON
    /// from here and the router's late answer is dropped; an answer it began is cut short.
    private func routerMissedGrace(_ rejection: ServerRejection, context: ChannelHandlerContext) {
        deadline = nil
        guard unanswered > 0, !routerAnswering, !lingering else {
            startLingering(context: context, promise: nil)
            return
        }
        answeredForRouter = true
        answer(status: rejection.status, code: rejection.code, message: rejection.message, context: context)
    }
    /// How long a refused connection waits for its client to hang up after the answer.
    static let linger = TimeAmount.seconds(1)

    /// Closes the connection's output after the answer, then drops what the client still sends
    /// until it hangs up or ``linger`` passes. Closing at once while the client is still sending
    /// makes the kernel answer with a reset, which can destroy the answer before it is read.
    private func startLingering(context: ChannelHandlerContext, promise: EventLoopPromise<Void>?) {
        if let promise { context.channel.closeFuture.cascade(to: promise) }
        guard !lingering else { return }
        closing = true
        lingering = true
        cancelDeadline()
        context.close(mode: .output, promise: nil)
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: Self.linger) { loopBound.value.close(promise: nil) }
    }

    /// Answers `status` with a JSON body when no answer is owed, then closes the connection.
    private func refuse(status: HTTPResponse.Status, code: String, message: String, context: ChannelHandlerContext) {
        cancelDeadline()
        guard !closing else { return }
        closing = true
        guard unanswered == 0 else {
            context.close(promise: nil)
            return
        }
        answer(status: status, code: code, message: message, context: context)
    }

    /// Writes the JSON refusal, then lingers and closes.
    private func answer(status: HTTPResponse.Status, code: String, message: String, context: ChannelHandlerContext) {
        let body = RefusalBody.encode(code: code, message: message)
        context.write(wrapOutboundOut(.head(Self.refusalHead(status: status, bodyCount: body.count))), promise: nil)
        context.write(wrapOutboundOut(.body(context.channel.allocator.buffer(bytes: body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            self.startLingering(context: context, promise: nil)
        }
    }

    /// The head of a JSON refusal after which the connection closes.
    private static func refusalHead(status: HTTPResponse.Status, bodyCount: Int) -> HTTPResponse {
        var fields: HTTPFields = [:]
        fields[.contentType] = "application/json; charset=utf-8"
        fields[.xContentTypeOptions] = "nosniff"
        fields[.connection] = "close"
        fields[.contentLength] = String(bodyCount)
        return HTTPResponse(status: status, headerFields: fields)
    }

    /// The parser's reason in words, without the request's bytes.
    private static func describe(_ error: any Error) -> String {
        switch error {
        case let error as HTTPParserError:
            switch error {
            case .headerOverflow: "its headers are too large"
            case .unexpectedContentLength: "it has both Content-Length and Transfer-Encoding"
            case .invalidContentLength: "its Content-Length is not a length"
            case .invalidMethod: "its method is not a method"
            case .invalidURL: "its target is not a path"
            case .invalidVersion, .lfExpected: "its request line is not HTTP/1"
            default: "its bytes cannot be parsed"
            }
        case let error as MalformedHostError: error.reason
        default: "its method or target cannot be used"
        }
    }
}

@available(*, unavailable)
extension RequestDeadlineHandler: Sendable {}
