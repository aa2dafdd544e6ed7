import Crypto
import DAGCBOR
import FlipcashAPI
import FlipcashCore
import Foundation
import GRPCCore
import GRPCInProcessTransport
import GRPCNIOTransportHTTP2Posix
import Logging
import SwiftProtobuf
import TestSupport
import Testing

@testable import FlipcashCloud

/// The Messaging service as a client meets it, over gRPC's in-process transport on every store:
/// requests signed by a bill's rendezvous key, the rules of one stream, grabs only while it is
/// open and the first grab winning, and refusals that name the field.
@Suite("Flipcash messaging service")
struct MessagingServiceTests {
    typealias Backend = LedgerStoreContractTests.Backend
    typealias Cloud = FlipcashServiceTests.Cloud

    /// One bill's side of the conversation: its rendezvous key, over any transport, stamped by the
    /// cloud's clock.
    struct Bill<Transport: ClientTransport> {
        let key = Curve25519.Signing.PrivateKey()
        let messaging: Flipcash_V1_Messaging.Client<Transport>
        let clock: TestClock

        var keyBytes: Data { key.publicKey.rawRepresentation }

        func signed<Request: RendezvousRequest>(_ request: Request) throws -> Request {
            var request = request
            request.timestamp = Google_Protobuf_Timestamp(date: clock.now)
            request.clearAuth()
            let signature = try key.signature(for: request.signingInput())
            request.auth.rendezvousKey.value = keyBytes
            request.auth.signature.value = signature
            return request
        }

        func send(_ message: Flipcash_V1_Message, signedBy signer: Curve25519.Signing.PrivateKey? = nil) async throws
            -> Flipcash_V1_SendMessageResponse
        {
            let signer = signer ?? key
            var request = Flipcash_V1_SendMessageRequest()
            request.message = message
            request.auth.rendezvousKey.value = keyBytes
            request.auth.signature.value = try signer.signature(for: message.sendSigningInput())
            return try await messaging.sendMessage(request)
        }

        func poll() async throws -> [Flipcash_V1_Message] {
            let response = try await messaging.pollMessages(try signed(Flipcash_V1_PollMessagesRequest()))
            return response.messages.messages
        }

        /// What a stream delivered before it was closed, or why it was refused.
        struct Streamed: Sendable {
            var messages: [Flipcash_V1_Message] = []
            var refusal: Flipcash_V1_Refusal?
        }

        /// Opens the stream and hands everything delivered so far to `body` after each batch,
        /// until it answers true.
        func stream(until body: @escaping @Sendable ([Flipcash_V1_Message]) -> Bool) async throws -> Streamed {
            try await messaging.openMessageStream(try signed(Flipcash_V1_OpenMessageStreamRequest())) { response in
                var streamed = Streamed()
                for try await part in response.messages {
                    switch part.kind {
                    case .messages(let batch):
                        streamed.messages += batch.messages
                        if body(streamed.messages) { return streamed }
                    case .refusal(let refusal):
                        streamed.refusal = refusal
                        return streamed
                    case .ping, .none: continue
                    }
                }
                return streamed
            }
        }

        /// Waits until a grab by `owner` is accepted (the stream opened elsewhere is held).
        func grabWhenOpen(_ owner: Data) async throws -> Flipcash_V1_SendMessageResponse {
            for _ in 0..<200 {
                let response = try await send(MessagingServiceTests.grab(owner))
                if response.result != .noActiveStream { return response }
                try await Task.sleep(for: .milliseconds(25))
            }
            Issue.record("the stream never opened")
            return try await send(MessagingServiceTests.grab(owner))
        }
    }

    static func grab(_ owner: Data) -> Flipcash_V1_Message {
        .with { $0.requestToGrabBill.requestorOwner.value = owner }
    }

    static func give(_ cloud: Cloud, _ wallet: FlipcashServiceTests.Wallet, dollars: Decimal = 5) async throws -> Flipcash_V1_Message {
        let rates = try await wallet.client.exchangeRates([.usd])
        let (data, _) = try rates.exchangeData(for: FiatAmount(value: dollars, currency: .usd))
        return .with {
            $0.requestToGiveBill.mint.address = Mint.usdf.address
            $0.requestToGiveBill.exchangeData = data
        }
    }

    static func withBill<T: Sendable>(_ backend: Backend, _ body: (Bill<InProcessTransport.Client>, Cloud) async throws -> T) async throws -> T {
        try await FlipcashServiceTests.withCloud(backend) { cloud in
            try await body(Bill(messaging: Flipcash_V1_Messaging.Client(wrapping: cloud.client), clock: cloud.clock), cloud)
        }
    }

    /// The services on a real HTTP/2 server on loopback (gRPC's in-process transport never tells
    /// a handler that its client left, which a dismissed bill depends on), with a client to them.
    static func withLoopback<T: Sendable>(
        _ backend: Backend,
        _ body: (GRPCClient<HTTP2ClientTransport.Posix>, any PaymentStore & LedgerStore & RendezvousStore, TestClock) async throws -> T
    ) async throws -> T {
        try await PaymentStoreContractTests.withStore(backend) { store in
            let clock = TestClock(Date(timeIntervalSince1970: 1_790_000_000))
            var configuration = FlipcashCloudConfiguration()
            configuration.now = clock.function
            configuration.rateLimits = nil
            let services = try await FlipcashServices.make(
                store: store, rates: RatesFile(url: nil, now: clock.function), configuration: configuration,
                logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
            let transport = HTTP2ServerTransport.Posix(address: .ipv4(host: "127.0.0.1", port: 0), transportSecurity: .plaintext)
            let server = GRPCServer(transport: transport, services: services.all)
            return try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await server.serve() }
                defer { server.beginGracefulShutdown() }
                guard let address = try await transport.listeningAddress.ipv4 else { throw CancellationError() }
                let client = try HTTP2ClientTransport.Posix(target: .ipv4(address: "127.0.0.1", port: address.port), transportSecurity: .plaintext)
                return try await withGRPCClient(transport: client) { client in try await body(client, store, clock) }
            }
        }
    }

    static func ownerBytes(_ wallet: FlipcashServiceTests.Wallet) -> Data {
        (try? Base58.decode(wallet.client.owner)) ?? Data()
    }

    @Test("a give is stored and polled; the stream delivers it and then a grab, with the sender's signature", arguments: Backend.available)
    func giveThenGrabThroughTheStream(backend: Backend) async throws {
        try await Self.withBill(backend) { bill, cloud in
            let giver = try cloud.wallet()
            let grabber = try cloud.wallet()
            try await giver.register()
            try await grabber.register()
            let give = try await Self.give(cloud, giver)
            let sent = try await bill.send(give)
            #expect(sent.result == .ok)
            #expect(sent.messageID.count == 16)
            let polled = try await bill.poll()
            #expect(polled.count == 1)
            #expect(polled.first?.id == sent.messageID)
            #expect(polled.first?.requestToGiveBill == give.requestToGiveBill)

            let grabberKey = Self.ownerBytes(grabber)
            async let streamed = bill.stream { $0.contains(where: { $0.requestToGrabBill.requestorOwner.value == grabberKey }) }
            let grabbed = try await bill.grabWhenOpen(grabberKey)
            #expect(grabbed.result == .ok)
            let messages = try await streamed.messages
            let delivered = try #require(messages.last)
            // The giver rebuilds the grab it expects and checks the signature the server copied in.
            let rebuilt = Self.grab(grabberKey)
            #expect(bill.key.publicKey.isValidSignature(delivered.sendMessageRequestSignature.value, for: try rebuilt.sendSigningInput()))
            #expect(delivered.sentAt.date == cloud.clock.now)
            #expect(messages.first?.requestToGiveBill == give.requestToGiveBill)
        }
    }

    @Test("a grab with no open stream stores nothing: none opened, or the giver dismissed the bill", arguments: Backend.available)
    func grabWithoutStream(backend: Backend) async throws {
        try await Self.withLoopback(backend) { client, store, clock in
            let bill = Bill(messaging: Flipcash_V1_Messaging.Client(wrapping: client), clock: clock)
            let grabber = Curve25519.Signing.PrivateKey().publicKey.rawRepresentation
            _ = try await store.register(OwnerID(Base58.encode(grabber)), at: clock.now)
            #expect(try await bill.send(Self.grab(grabber)).result == .noActiveStream)
            #expect(try await bill.poll().isEmpty)
            // A giver shows the bill (its stream delivers the stored give), then dismisses it.
            let rates = try await FlipcashClient(client: client, ownerKey: Curve25519.Signing.PrivateKey(), deadline: .seconds(120)).exchangeRates([
                .usd
            ])
            let (data, _) = try rates.exchangeData(for: FiatAmount(value: 5, currency: .usd))
            _ = try await bill.send(
                .with {
                    $0.requestToGiveBill.mint.address = Mint.usdf.address
                    $0.requestToGiveBill.exchangeData = data
                })
            let shown = try await bill.stream { $0.contains(where: \.isRequestToGiveBill) }
            #expect(shown.messages.count == 1)
            var result = Flipcash_V1_SendMessageResponse.Result.ok
            for _ in 0..<100 {
                result = try await bill.send(Self.grab(grabber)).result
                if result == .noActiveStream { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(result == .noActiveStream)
        }
    }

    @Test("two grabbers: the first is stored, the second told it was grabbed; the first again gets its id", arguments: Backend.available)
    func firstGrabWins(backend: Backend) async throws {
        try await Self.withBill(backend) { bill, cloud in
            let first = try cloud.wallet()
            let second = try cloud.wallet()
            try await first.register()
            try await second.register()
            async let stream = bill.stream { messages in
                messages.contains(where: \.isRequestToGrabBill)
            }
            let accepted = try await bill.grabWhenOpen(Self.ownerBytes(first))
            #expect(accepted.result == .ok)
            #expect(try await bill.send(Self.grab(Self.ownerBytes(second))).result == .alreadyGrabbed)
            let again = try await bill.send(Self.grab(Self.ownerBytes(first)))
            #expect(again.result == .ok)
            #expect(again.messageID == accepted.messageID)
            _ = try await stream
            #expect(try await bill.poll().filter(\.isRequestToGrabBill).count == 1)
        }
    }

    @Test("one stream per bill: a second is refused while the first is open", arguments: Backend.available)
    func oneStreamPerBill(backend: Backend) async throws {
        try await Self.withBill(backend) { bill, cloud in
            let grabber = try cloud.wallet()
            let giver = try cloud.wallet()
            try await grabber.register()
            try await giver.register()
            // The first stream stays open until a give arrives, which is sent last.
            async let first = bill.stream { $0.contains(where: \.isRequestToGiveBill) }
            _ = try await bill.grabWhenOpen(Self.ownerBytes(grabber))
            let second = try await bill.stream { _ in true }
            #expect(second.refusal?.code == .denied)
            #expect(second.refusal?.field == "auth.rendezvous_key")
            _ = try await bill.send(try await Self.give(cloud, giver))
            #expect(try await first.messages.contains(where: \.isRequestToGiveBill))
        }
    }

    @Test("acked messages are not polled again; unknown ids are ignored", arguments: Backend.available)
    func ack(backend: Backend) async throws {
        try await Self.withBill(backend) { bill, cloud in
            let giver = try cloud.wallet()
            try await giver.register()
            let sent = try await bill.send(try await Self.give(cloud, giver))
            var ack = Flipcash_V1_AckMessagesRequest()
            ack.messageIds = [sent.messageID, Data(repeating: 7, count: 16)]
            let response = try await bill.messaging.ackMessages(try bill.signed(ack))
            guard case .acked = response.result else {
                Issue.record("the ack was answered \(response)")
                return
            }
            #expect(try await bill.poll().isEmpty)
            ack.messageIds = [Data(repeating: 1, count: 3)]
            let refused = try await bill.messaging.ackMessages(try bill.signed(ack))
            #expect(refused.refusal.field == "message_ids[0]")
        }
    }

    @Test("refusals name the field: unsigned, forged, server-set fields, no kind, an unregistered grabber, a stale rate")
    func refusals() async throws {
        try await Self.withBill(.sqliteMemory) { bill, cloud in
            let giver = try cloud.wallet()
            try await giver.register()
            let give = try await Self.give(cloud, giver)

            var unsigned = Flipcash_V1_SendMessageRequest()
            unsigned.message = give
            let noAuth = try await bill.messaging.sendMessage(unsigned)
            #expect(noAuth.refusal.code == .unauthenticated)
            #expect(noAuth.refusal.field == "auth")

            let forged = try await bill.send(give, signedBy: Curve25519.Signing.PrivateKey())
            #expect(forged.refusal.code == .unauthenticated)
            #expect(forged.refusal.field == "auth.signature")

            var withID = give
            withID.id = Data(repeating: 1, count: 16)
            #expect(try await bill.send(withID).refusal.field == "message.id")
            var withSignature = give
            withSignature.sendMessageRequestSignature.value = Data(repeating: 2, count: 64)
            #expect(try await bill.send(withSignature).refusal.field == "message.send_message_request_signature")
            #expect(try await bill.send(Flipcash_V1_Message()).refusal.field == "message.kind")

            let stranger = Curve25519.Signing.PrivateKey().publicKey.rawRepresentation
            let unregistered = try await bill.send(Self.grab(stranger))
            #expect(unregistered.refusal.code == .denied)
            #expect(unregistered.refusal.field == "message.request_to_grab_bill.requestor_owner")

            cloud.clock.advance(by: 16 * 60)
            let stale = try await bill.send(give)
            #expect(stale.refusal.code == .staleExchangeData)
            #expect(stale.refusal.field.hasPrefix("message.request_to_give_bill.exchange_data.rate"))

            var poll = try bill.signed(Flipcash_V1_PollMessagesRequest())
            poll.timestamp = Google_Protobuf_Timestamp(date: cloud.clock.now.addingTimeInterval(-600))
            let late = try await bill.messaging.pollMessages(poll)
            #expect(late.refusal.field == "timestamp")
            #expect(try await bill.poll().isEmpty)
        }
    }
}
