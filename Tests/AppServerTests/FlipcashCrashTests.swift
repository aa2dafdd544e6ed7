import Crypto
import DAGCBOR
import FlipcashAPI
import FlipcashCloud
import FlipcashCore
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2Posix
import SwiftProtobuf
import TestSupport
import Testing

/// `kill -9` of the real app-server in the middle of a burst of payments: after a restart on the
/// same data, every intent the server acknowledged is there exactly as answered, every one it did
/// not answer settles exactly once when retried, and the books balance.
@Suite("Flipcash survives kill -9", .serialized, .enabled(if: AppServerProcess.executable != nil, "app-server is not built"))
struct FlipcashCrashTests {
    typealias Client = FlipcashClient<HTTP2ClientTransport.Posix>

    /// An intent of the burst: its id and what it asked.
    struct Sent: Sendable {
        let id: Data
        let action: Flipcash_V1_SubmitIntentRequest.OneOf_Action
        let sender: Int
    }

    /// What the burst saw: intents answered (with the answer) and intents whose answer was lost.
    actor Ledger {
        var answered: [(Sent, IntentReceipt?)] = []
        var unanswered: [Sent] = []

        func answer(_ sent: Sent, _ receipt: IntentReceipt?) { answered.append((sent, receipt)) }
        func lose(_ sent: Sent) { unanswered.append(sent) }
    }

    static func withClients<T: Sendable>(
        port: Int, keys: [Curve25519SigningKey], _ body: @Sendable ([Client]) async throws -> T
    ) async throws -> T {
        let transport = try HTTP2ClientTransport.Posix(target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext)
        return try await withGRPCClient(transport: transport) { grpc in
            // A generous deadline: this runs beside the whole suite on two cores.
            try await body(keys.map { Client(client: grpc, ownerKey: $0.key, deadline: .seconds(120)) })
        }
    }

    static func randomID() -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    @Test("acknowledged intents survive exactly once, unanswered ones settle once on retry, Σ balances = Σ deposits")
    func killDuringBurst() async throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let arguments = ["--flipcash-faucet", "--rate-limits", "off"]
        let keys = (0..<4).map { _ in Curve25519SigningKey() }
        let deposit = TokenAmount(quarks: 500_000_000, mint: .usdf)

        let first = try AppServerProcess(arguments: arguments, dataDirectory: data.url)
        let ledger = Ledger()
        let pid = first.process.processIdentifier
        try await Self.withClients(port: first.grpcPort, keys: keys) { clients in
            for client in clients {
                _ = try await client.register()
                _ = try await client.submit(id: Self.randomID(), action: .faucet(.with { $0.amount = .init(deposit) }))
            }
            let rates = try await clients[0].exchangeRates([.usd])
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<8 {
                    group.addTask {
                        var generator = SplitMix64(seed: UInt64(worker))
                        while true {
                            let sender = Int.random(in: 0..<4, using: &generator)
                            let recipient = (sender + Int.random(in: 1..<4, using: &generator)) % 4
                            let cents = Decimal(Int.random(in: 1...50, using: &generator)) / 100
                            let (exchange, _) = try rates.exchangeData(for: FiatAmount(value: cents, currency: .usd))
                            let action = Flipcash_V1_SubmitIntentRequest.OneOf_Action.sendPayment(
                                .with {
                                    $0.destinationOwner.value = keys[recipient].key.publicKey.rawRepresentation
                                    $0.exchangeData = exchange
                                })
                            let sent = Sent(id: Self.randomID(), action: action, sender: sender)
                            do {
                                await ledger.answer(sent, try await clients[sender].submit(id: sent.id, action: action))
                            } catch FlipcashClientError.refused {
                                await ledger.answer(sent, nil)
                            } catch {
                                // The server died with this intent in flight: its answer is lost.
                                await ledger.lose(sent)
                                return
                            }
                            // A few hundred intents per worker at most: enough to be killed in
                            // the middle, few enough to check one by one afterwards.
                            try await Task.sleep(for: .milliseconds(2))
                        }
                    }
                }
                // Killed once the burst is well under way (however slow the machine is today).
                let started = ContinuousClock.now
                while await ledger.answered.count < 40, started.duration(to: .now) < .seconds(90) {
                    try await Task.sleep(for: .milliseconds(50))
                }
                try await Task.sleep(for: .milliseconds(100))
                kill(pid, SIGKILL)
                try await group.waitForAll()
            }
        }
        first.kill()
        let answered = await ledger.answered
        let unanswered = await ledger.unanswered
        #expect(answered.count > 20, "the burst was too short to mean anything")
        #expect(unanswered.count == 8)

        let second = try AppServerProcess(arguments: arguments, dataDirectory: data.url)
        defer { second.stop() }
        try await Self.withClients(port: second.grpcPort, keys: keys) { clients in
            for sent in unanswered {
                // Retried, an unanswered intent gets one answer, and the same answer again.
                let retried = try? await clients[sent.sender].submit(id: sent.id, action: sent.action)
                let again = try? await clients[sent.sender].submit(id: sent.id, action: sent.action)
                #expect(retried == again)
            }
            var total: UInt64 = 0
            for client in clients {
                total += try await client.balances().reduce(0) { $0 + $1.quarks }
            }
            #expect(total == deposit.quarks * 4)
        }
        second.stop()
        // Every acknowledged intent is in the database as it was answered (read from the file: a
        // call per intent would take minutes on a loaded machine).
        let store = try SQLiteLedgerStore.open(at: data.url.appendingPathComponent("flipcash.sqlite"))
        for (sent, receipt) in answered {
            let record = try #require(try await store.record(IntentID(Base58.encode(sent.id))))
            if let receipt {
                #expect(record.outcome == .settled)
                #expect(abs(record.submittedAt.timeIntervalSince(receipt.settledAt)) < 0.000_01)
            } else {
                #expect(record.outcome != .settled)
            }
        }
        try await store.checkInvariants()
    }
}

/// An owner's key for the test (a fresh Ed25519 key).
struct Curve25519SigningKey: Sendable {
    let key = Curve25519.Signing.PrivateKey()
}
