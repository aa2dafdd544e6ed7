import Crypto
import DAGCBOR
public import FlipcashAPI
import FlipcashCore
import Foundation
public import GRPCCore
import SwiftProtobuf

/// The Messaging service: how a giver and a grabber who share only a bill reach each other,
/// every request signed by the bill's rendezvous key. Messages live in the store (so any
/// app-server can take them and deliver them); the ``RendezvousSignal`` wakes the stream that
/// waits, wherever it is held, and a one-second poll of the store covers a lost signal.
public struct MessagingService: Flipcash_V1_Messaging.SimpleServiceProtocol {
    let context: ServiceContext
    let store: any RendezvousStore
    let signal: any RendezvousSignal
    /// This process, in the names of the streams it holds.
    let process: String

    /// The largest message a client may send, serialized (a give with its proofs is ~300 bytes).
    public static let maximumMessageBytes = 4_096
    /// The most messages one poll or stream batch carries, and one ack names.
    public static let maximumBatch = 32
    /// How long one stream may stay open.
    public static let maximumStreamLifetime: Duration = .seconds(15 * 60)
    static let fallbackPoll: Duration = .seconds(1)
    static let pingInterval: Duration = .seconds(5)

    public func openMessageStream(
        request: Flipcash_V1_OpenMessageStreamRequest, response: RPCWriter<Flipcash_V1_OpenMessageStreamResponse>, context rpc: ServerContext
    ) async throws {
        let rendezvous: RendezvousID
        // Each stream holds the record under its own name, so a second stream for the bill is
        // refused even from the same process.
        let holder = "\(process)/\(UUID().uuidString)"
        do {
            rendezvous = try authenticated(request)
            try await context.takeRateToken("rendezvous:\(rendezvous.rawValue)", \.messaging, field: "auth.rendezvous_key")
            guard try await store.holdStream(rendezvous, holder: holder, at: context.now) else {
                throw ServiceRefusal(.denied, field: "auth.rendezvous_key", "Another stream is open for this bill.")
            }
        } catch let refused as ServiceRefusal {
            try await response.write(.with { $0.refusal = refused.proto })
            return
        }
        do {
            try await stream(rendezvous, holder: holder, to: response)
        } catch {
            try? await store.releaseStream(rendezvous, holder: holder)
            throw error
        }
        try? await store.releaseStream(rendezvous, holder: holder)
    }

    /// Delivers the rendezvous's messages as they come, refreshes its record, pings; returns when
    /// the stream's time is up, the client leaves (the write throws, or the task is cancelled) or
    /// another holder took the record over.
    private func stream(_ rendezvous: RendezvousID, holder: String, to response: RPCWriter<Flipcash_V1_OpenMessageStreamResponse>) async throws {
        let (wakeups, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        // gRPC tells a handler that its client left through this handler, not by cancelling its
        // task: ending the wake-ups ends the loop, and the caller releases the bill at once.
        try await withRPCCancellationHandler {
            try await deliver(rendezvous, holder: holder, wakeups: wakeups, wake: wake, to: response)
        } onCancelRPC: {
            wake.finish()
        }
    }

    private func deliver(
        _ rendezvous: RendezvousID, holder: String, wakeups: AsyncStream<Void>, wake: AsyncStream<Void>.Continuation,
        to response: RPCWriter<Flipcash_V1_OpenMessageStreamResponse>
    ) async throws {
        let clock = ContinuousClock()
        let opened = clock.now
        var refreshed = opened
        var lastWrite = opened
        var delivered = Set<Data>()
        try await withThrowingTaskGroup(of: Void.self) { group in
            let announcements = signal.announcements(for: rendezvous)
            group.addTask {
                for await _ in announcements { wake.yield() }
            }
            group.addTask {
                while !Task.isCancelled {
                    try await Task.sleep(for: Self.fallbackPoll)
                    wake.yield()
                }
            }
            defer { group.cancelAll() }
            wake.yield()
            for await _ in wakeups {
                let now = clock.now
                if opened.duration(to: now) >= Self.maximumStreamLifetime { return }
                if refreshed.duration(to: now) >= RendezvousRules.streamRefresh {
                    guard try await store.holdStream(rendezvous, holder: holder, at: context.now) else { return }
                    refreshed = now
                }
                let fresh = try await store.pendingMessages(for: rendezvous, limit: Self.maximumBatch).filter { !delivered.contains($0.id) }
                if !fresh.isEmpty {
                    let messages = try fresh.map { try Flipcash_V1_Message(serializedBytes: $0.body) }
                    try await response.write(.with { $0.messages.messages = messages })
                    delivered.formUnion(fresh.map(\.id))
                    lastWrite = now
                } else if lastWrite.duration(to: now) >= Self.pingInterval {
                    try await response.write(.with { $0.ping.serverTime = Google_Protobuf_Timestamp(date: context.now) })
                    lastWrite = now
                }
            }
        }
    }

    public func pollMessages(request: Flipcash_V1_PollMessagesRequest, context rpc: ServerContext) async throws -> Flipcash_V1_PollMessagesResponse {
        try await context.answer("PollMessages") {
            let rendezvous = try authenticated(request)
            try await context.takeRateToken("rendezvous:\(rendezvous.rawValue)", \.messaging, field: "auth.rendezvous_key")
            let pending = try await store.pendingMessages(for: rendezvous, limit: Self.maximumBatch)
            let messages = try pending.map { try Flipcash_V1_Message(serializedBytes: $0.body) }
            return .with { $0.messages.messages = messages }
        }
    }

    public func sendMessage(request: Flipcash_V1_SendMessageRequest, context rpc: ServerContext) async throws -> Flipcash_V1_SendMessageResponse {
        try await context.answer("SendMessage") {
            guard request.hasMessage else { throw ServiceRefusal.missing("message") }
            var message = request.message
            let rendezvous = try authenticatedSender(of: message, auth: request.auth, isSet: request.hasAuth)
            try await context.takeRateToken("rendezvous:\(rendezvous.rawValue)", \.messaging, field: "auth.rendezvous_key")
            guard message.id.isEmpty else { throw ServiceRefusal.invalid("message.id", "is set by the server") }
            guard !message.hasSendMessageRequestSignature else {
                throw ServiceRefusal.invalid("message.send_message_request_signature", "is set by the server")
            }
            guard !message.hasSentAt else { throw ServiceRefusal.invalid("message.sent_at", "is set by the server") }
            guard (try? message.serializedBytes() as Data)?.count ?? .max <= Self.maximumMessageBytes else {
                throw ServiceRefusal.invalid("message", "is larger than \(Self.maximumMessageBytes) bytes")
            }
            let kind: RendezvousMessage.Kind
            switch message.kind {
            case .none:
                throw ServiceRefusal.missing("message.kind")
            case .requestToGiveBill(let give):
                let field = "message.request_to_give_bill"
                let mint = try IntentReader.mint(give.mint, isSet: give.hasMint, field: field + ".mint")
                let value = try context.reader.validate(give.exchangeData, isSet: give.hasExchangeData, field: field + ".exchange_data")
                guard value.amount.mint == mint else { throw ServiceRefusal.invalid(field + ".exchange_data.amount.mint", "is not the bill's mint") }
                kind = .give
            case .requestToGrabBill(let grab):
                let field = "message.request_to_grab_bill.requestor_owner"
                let requestor = try IntentReader.owner(grab.requestorOwner, isSet: grab.hasRequestorOwner, field: field)
                guard try await context.store.registration(of: requestor) != nil else {
                    throw ServiceRefusal(.denied, field: field, "\(field) is not a registered owner.")
                }
                kind = .grab(requestor: requestor)
            }
            let now = context.now
            var generator = SystemRandomNumberGenerator()
            message.id = Data((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
            message.sendMessageRequestSignature = request.auth.signature
            message.sentAt = Google_Protobuf_Timestamp(date: now)
            let stored = RendezvousMessage(id: message.id, rendezvous: rendezvous, kind: kind, body: try message.serializedBytes(), sentAt: now)
            switch try await store.storeMessage(stored, at: now) {
            case .stored(let id):
                await signal.announce(rendezvous)
                return .with {
                    $0.result = .ok
                    $0.messageID = id
                }
            case .noActiveStream:
                return .with { $0.result = .noActiveStream }
            case .alreadyGrabbed:
                return .with { $0.result = .alreadyGrabbed }
            case .full:
                throw ServiceRefusal(.rateLimited, field: "auth.rendezvous_key", "This bill holds too many unread messages.")
            }
        }
    }

    public func ackMessages(request: Flipcash_V1_AckMessagesRequest, context rpc: ServerContext) async throws -> Flipcash_V1_AckMessagesResponse {
        try await context.answer("AckMessages") {
            let rendezvous = try authenticated(request)
            guard request.messageIds.count <= Self.maximumBatch else {
                throw ServiceRefusal.invalid("message_ids", "names more than \(Self.maximumBatch) messages")
            }
            for (index, id) in request.messageIds.enumerated() where id.count != 16 {
                throw ServiceRefusal.invalid("message_ids[\(index)]", "is not 16 bytes")
            }
            try await store.acknowledgeMessages(request.messageIds, for: rendezvous)
            return .with { $0.acked = .init() }
        }
    }

    // MARK: Signatures

    /// The rendezvous that signed `request` (its signature over the request without `auth`, and a
    /// timestamp within two minutes).
    func authenticated(_ request: some RendezvousRequest) throws(ServiceRefusal) -> RendezvousID {
        guard request.hasAuth else { throw ServiceRefusal(.unauthenticated, field: "auth", "The request is not signed by the bill's key.") }
        do {
            try context.authenticator.checkTimestamp(of: request)
        } catch {
            throw ServiceRefusal(error)
        }
        let input: Data
        do {
            input = try request.signingInput()
        } catch {
            throw ServiceRefusal.invalid("auth", "cannot be checked")
        }
        return try verify(request.auth, over: input)
    }

    /// The rendezvous that signed `message` for SendMessage.
    func authenticatedSender(of message: Flipcash_V1_Message, auth: Flipcash_V1_RendezvousAuth, isSet: Bool) throws(ServiceRefusal) -> RendezvousID {
        guard isSet else { throw ServiceRefusal(.unauthenticated, field: "auth", "The message is not signed by the bill's key.") }
        let input: Data
        do {
            input = try message.sendSigningInput()
        } catch {
            throw ServiceRefusal.invalid("message", "cannot be checked")
        }
        return try verify(auth, over: input)
    }

    private func verify(_ auth: Flipcash_V1_RendezvousAuth, over input: Data) throws(ServiceRefusal) -> RendezvousID {
        let keyBytes = auth.rendezvousKey.value
        guard keyBytes.count == 32, let key = try? Curve25519.Signing.PublicKey(rawRepresentation: keyBytes) else {
            throw ServiceRefusal(.unauthenticated, field: "auth.rendezvous_key", "The rendezvous key is not a 32-byte Ed25519 public key.")
        }
        let signature = auth.signature.value
        guard signature.count == 64 else { throw ServiceRefusal(.unauthenticated, field: "auth.signature", "The signature is not 64 bytes.") }
        guard key.isValidSignature(signature, for: input) else {
            throw ServiceRefusal(.unauthenticated, field: "auth.signature", "The signature does not match the request and the rendezvous key.")
        }
        return RendezvousID(Base58.encode(keyBytes))
    }
}

extension Flipcash_V1_PollMessagesResponse: RefusableResponse {}
extension Flipcash_V1_SendMessageResponse: RefusableResponse {}
extension Flipcash_V1_AckMessagesResponse: RefusableResponse {}
