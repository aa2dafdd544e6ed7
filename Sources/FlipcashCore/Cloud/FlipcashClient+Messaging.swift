import Crypto
public import FlipcashAPI
public import Foundation
import GRPCCore
import SwiftProtobuf

/// What a bill's message stream says next.
public enum RendezvousStreamEvent: Sendable {
    /// Messages stored under the rendezvous: the unacked ones at once, then each new one.
    case messages([Flipcash_V1_Message])
    /// The server's keep-alive, every 5 seconds, with its time.
    case ping(Date)
}

/// What the live exchange-rate stream says next.
public enum ExchangeRateStreamEvent: Sendable {
    /// A batch of signed rates, each checked against the server's rate key.
    case rates(SignedRates)
    /// The server's keep-alive, every 5 seconds, with its time.
    case ping(Date)
}

/// How the server answered a message sent to a rendezvous.
public enum SendMessageResult: Hashable, Sendable {
    /// Stored (and delivered to the giver's stream, if one is open) under this id.
    case ok(messageID: Data)
    /// A grab while the giver's stream is closed: the bill was dismissed (nothing stored).
    case noActiveStream
    /// Another owner grabbed the bill first (nothing stored).
    case alreadyGrabbed
}

// MARK: Messaging and live rates

extension FlipcashClient {
    /// Sends `message` to the rendezvous of `rendezvous`, signed by its key over the message alone
    /// (the server copies that signature into the delivered message, for the other side to check).
    /// The fields the server sets (id, signature, time) are cleared first.
    public func sendMessage(_ message: Flipcash_V1_Message, rendezvous: RendezvousKey) async throws -> SendMessageResult {
        var message = message
        message.id = Data()
        message.clearSendMessageRequestSignature()
        message.clearSentAt()
        var request = Flipcash_V1_SendMessageRequest()
        request.message = message
        request.auth = try Self.rendezvousAuth(rendezvous, signing: message.sendSigningInput())
        let response = try await call { try await messaging.sendMessage(request, options: options) }
        switch response.outcome {
        case .result(.ok): return .ok(messageID: response.messageID)
        case .result(.noActiveStream): return .noActiveStream
        case .result(.alreadyGrabbed): return .alreadyGrabbed
        case .refusal(let refusal): throw FlipcashClientError.refused(FlipcashRefusal(refusal))
        case .result(.unknown), .result(.UNRECOGNIZED), .none: throw FlipcashClientError.malformedResponse("SendMessage")
        }
    }

    /// The messages stored under the rendezvous and not yet acked, oldest first (how a grabber
    /// finds the giver's offer).
    public func pollMessages(rendezvous: RendezvousKey) async throws -> [Flipcash_V1_Message] {
        let request = try rendezvousSigned(Flipcash_V1_PollMessagesRequest(), by: rendezvous)
        let response = try await call { try await messaging.pollMessages(request, options: options) }
        switch response.result {
        case .messages(let messages): return messages.messages
        case .refusal(let refusal): throw FlipcashClientError.refused(FlipcashRefusal(refusal))
        case .none: throw FlipcashClientError.malformedResponse("PollMessages")
        }
    }

    /// Stops the redelivery of the messages `ids` (idempotent; unknown ids are ignored).
    public func ackMessages(_ ids: [Data], rendezvous: RendezvousKey) async throws {
        var request = Flipcash_V1_AckMessagesRequest()
        request.messageIds = ids
        request = try rendezvousSigned(request, by: rendezvous)
        let response = try await call { try await messaging.ackMessages(request, options: options) }
        switch response.result {
        case .acked: return
        case .refusal(let refusal): throw FlipcashClientError.refused(FlipcashRefusal(refusal))
        case .none: throw FlipcashClientError.malformedResponse("AckMessages")
        }
    }

    /// The giver's stream for the rendezvous, with no deadline: the stored messages at once, then
    /// each new one, and a ping every 5 seconds. While it is open the server accepts grabs.
    ///
    /// The sequence ends when the server ends the stream, and throws a ``FlipcashClientError``
    /// (a refusal to open it, or the connection's failure). Stopping the iteration (or cancelling
    /// the task that iterates) closes the stream: the bill is dismissed.
    public func openMessageStream(rendezvous: RendezvousKey) -> AsyncThrowingStream<RendezvousStreamEvent, any Error> {
        let (events, continuation) = AsyncThrowingStream.makeStream(of: RendezvousStreamEvent.self)
        let task = Task {
            do {
                let request = try rendezvousSigned(Flipcash_V1_OpenMessageStreamRequest(), by: rendezvous)
                try await call {
                    try await messaging.openMessageStream(request, options: streamOptions) { response in
                        for try await message in response.messages {
                            switch message.kind {
                            case .messages(let messages): continuation.yield(.messages(messages.messages))
                            case .ping(let ping): continuation.yield(.ping(ping.serverTime.date))
                            case .refusal(let refusal): throw FlipcashClientError.refused(FlipcashRefusal(refusal))
                            case .none: throw FlipcashClientError.malformedResponse("OpenMessageStream")
                            }
                        }
                    }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return events
    }

    /// The server's signed rates, live, with no deadline (all currencies when `currencies` is
    /// empty): a batch at once, another whenever the rates change, a ping every 5 seconds. Each
    /// batch is checked against the rate key it names, as ``exchangeRates(_:)`` does.
    ///
    /// The sequence ends when the server ends the stream and throws a ``FlipcashClientError`` when
    /// the connection fails; stopping the iteration closes the stream. ``RateWatcher`` reconnects.
    ///
    /// With `mints`, each batch also carries those launchpad currencies' signed reserve states,
    /// and a trade that moves one sends a new batch.
    public func exchangeRateStream(_ currencies: [CurrencyCode] = [], mints: [Mint] = []) -> AsyncThrowingStream<
        ExchangeRateStreamEvent, any Error
    > {
        let (events, continuation) = AsyncThrowingStream.makeStream(of: ExchangeRateStreamEvent.self)
        let request = Flipcash_V1_StreamExchangeRatesRequest.with {
            $0.currencies = currencies.map(\.rawValue)
            $0.mints = mints.filter { !$0.isUSDF }.map { mint in .with { $0.address = mint.address } }
        }
        let task = Task {
            do {
                try await call {
                    try await self.currencies.streamExchangeRates(request, options: streamOptions) { response in
                        for try await message in response.messages {
                            switch message.kind {
                            case .rates(let rates): continuation.yield(.rates(try SignedRates(rates)))
                            case .ping(let ping): continuation.yield(.ping(ping.serverTime.date))
                            case .none: throw FlipcashClientError.malformedResponse("StreamExchangeRates")
                            }
                        }
                    }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return events
    }

    // MARK: Rendezvous signatures

    /// `request` stamped now and signed by the rendezvous key over the request without `auth`.
    func rendezvousSigned<Request: RendezvousRequest>(_ request: Request, by rendezvous: RendezvousKey) throws -> Request {
        var request = request
        request.timestamp = Google_Protobuf_Timestamp(date: now())
        request.clearAuth()
        request.auth = try Self.rendezvousAuth(rendezvous, signing: request.signingInput())
        return request
    }

    /// The rendezvous key's public key and its signature over `input`.
    static func rendezvousAuth(_ rendezvous: RendezvousKey, signing input: Data) throws -> Flipcash_V1_RendezvousAuth {
        var auth = Flipcash_V1_RendezvousAuth()
        auth.rendezvousKey.value = rendezvous.publicKey.rawRepresentation
        auth.signature.value = try rendezvous.privateKey.signature(for: input)
        return auth
    }
}
