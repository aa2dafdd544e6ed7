public import GRPCCore
import SwiftProtobuf

/// Refuses request messages larger than ``maximumBytes`` with `RESOURCE_EXHAUSTED`, naming the
/// size and the limit.
///
/// The transport has a limit of its own, but a message over it is answered by resetting the
/// stream (`RST_STREAM`, which clients report as `CANCELLED` or `UNAVAILABLE`, as if the network
/// had failed), not with a status. So the server gives the transport a larger cap,
/// ``transportBytes``, and this interceptor applies the real limit to every message that gets
/// through, measured as its protobuf encoding.
public struct RequestSizeLimit: ServerInterceptor {
    /// The largest request message Flipcash accepts: an intent is a few hundred bytes.
    public static let maximumBytes = 64 * 1024
    /// The transport's own cap, above which a message is cut off by a stream reset.
    public static let transportBytes = 1024 * 1024

    let limit: Int

    public init(maximumBytes: Int = Self.maximumBytes) {
        self.limit = maximumBytes
    }

    public func intercept<Input: Sendable, Output: Sendable>(
        request: StreamingServerRequest<Input>,
        context: ServerContext,
        next: @Sendable (StreamingServerRequest<Input>, ServerContext) async throws -> StreamingServerResponse<Output>
    ) async throws -> StreamingServerResponse<Output> {
        var request = request
        request.messages = RPCAsyncSequence(wrapping: SizeCheckedMessages(base: request.messages, limit: limit))
        return try await next(request, context)
    }
}

/// A request's messages, each checked against the limit as it is read.
private struct SizeCheckedMessages<Message: Sendable>: AsyncSequence, Sendable {
    typealias Element = Message
    typealias Failure = any Error

    let base: RPCAsyncSequence<Message, any Error>
    let limit: Int

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), limit: limit)
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: RPCAsyncSequence<Message, any Error>.AsyncIterator
        let limit: Int

        mutating func next() async throws -> Message? {
            guard let message = try await base.next() else { return nil }
            if let protobuf = message as? any SwiftProtobuf.Message {
                let size = try (protobuf.serializedBytes() as [UInt8]).count
                if size > limit {
                    throw RPCError(code: .resourceExhausted, message: "The request is \(size) bytes; the limit is \(limit) bytes.")
                }
            }
            return message
        }
    }
}
