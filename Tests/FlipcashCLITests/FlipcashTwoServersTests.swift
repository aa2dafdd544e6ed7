import Crypto
import FlipcashCore
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2Posix
import TestSupport
import Testing

/// Bills given and grabbed through two real `app-server` processes sharing one PostgreSQL, as
/// behind a load balancer: the giver's stream is held by one instance, the grabber talks to the
/// other, and the grab crosses through the database (LISTEN/NOTIFY), never one process's memory.
@Suite(
    "Flipcash bills across two app-servers on one PostgreSQL", .serialized,
    .enabled(
        if: !(ProcessInfo.processInfo.environment["TEST_POSTGRES_URL"] ?? "").isEmpty,
        "Two-app-server Flipcash tests skipped: set TEST_POSTGRES_URL (.ci/run starts PostgreSQL)"),
    .enabled(if: AppServerProcess.executable != nil, "app-server is not built next to the test bundle")
)
struct FlipcashTwoServersTests {
    typealias Wallet = FlipcashWallet<HTTP2ClientTransport.Posix>

    /// Room for a loaded CI machine (the seed's wait for the payment is 30 s).
    static var patient: BillExchangeTiming {
        var timing = BillExchangeTiming()
        timing.paymentWait = .seconds(120)
        return timing
    }

    static func launch(logFile: URL) throws -> AppServerProcess {
        try AppServerProcess(
            arguments: ["--database", ProcessInfo.processInfo.environment["TEST_POSTGRES_URL"] ?? "", "--flipcash-faucet", "--log-level", "info"],
            logFile: logFile)
    }

    /// Runs `body` with a gRPC client to each instance; when it fails, what the two servers
    /// logged goes with the failure.
    static func withInstances<T: Sendable>(
        _ body: (GRPCClient<HTTP2ClientTransport.Posix>, GRPCClient<HTTP2ClientTransport.Posix>) async throws -> T
    ) async throws -> T {
        let logs = (1...2).map { ScratchFolder.fileURL("flipcash-instance-\($0)", pathExtension: "log") }
        defer { logs.forEach { try? FileManager.default.removeItem(at: $0) } }
        let first = try launch(logFile: logs[0])
        defer { _ = first.stop() }
        let second = try launch(logFile: logs[1])
        defer { _ = second.stop() }
        let one = try HTTP2ClientTransport.Posix(target: .ipv4(address: "127.0.0.1", port: first.grpcPort), transportSecurity: .plaintext)
        let two = try HTTP2ClientTransport.Posix(target: .ipv4(address: "127.0.0.1", port: second.grpcPort), transportSecurity: .plaintext)
        do {
            return try await withGRPCClient(transport: one) { one in
                try await withGRPCClient(transport: two) { two in try await body(one, two) }
            }
        } catch {
            for (index, log) in logs.enumerated() {
                let text = (try? String(contentsOf: log, encoding: .utf8)) ?? "(no log)"
                Issue.record("instance \(index + 1) logged:\n\(text.split(separator: "\n").suffix(60).joined(separator: "\n"))")
            }
            throw error
        }
    }

    static func wallet(_ client: GRPCClient<HTTP2ClientTransport.Posix>) throws -> Wallet {
        FlipcashWallet(
            client: FlipcashClient(client: client, ownerKey: Curve25519.Signing.PrivateKey(), deadline: .seconds(120)), outbox: try .inMemory(),
            cache: try .inMemory())
    }

    static func usdf(_ wallet: Wallet) async throws -> UInt64 {
        try await wallet.client.balances().first { $0.mint == .usdf }?.quarks ?? 0
    }

    /// Offers `offer` and returns the give's task once its stream is open (the bill is shown).
    ///
    /// The give waits as long as its proof is fresh, as `BillExchangeTests` does: with a minute,
    /// a CI run whose two cores were shared by the whole suite let it expire while the grab was
    /// on its way, and the grabber then waited its 120 s for a payment that could not come.
    static func show(_ offer: BillOffer, by giver: Wallet) async throws -> Task<GivenBill, any Error> {
        let (shown, show) = AsyncStream.makeStream(of: Void.self)
        let giving = Task { try await giver.waitForGrab(offer, onReady: { _ in show.yield() }) }
        for await _ in shown { break }
        return giving
    }

    static func outcome<T: Sendable>(_ body: () async throws -> T) async -> Result<T, any Error> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }

    @Test("A gives $5 through one instance, B grabs it through the other: both balances and histories are right")
    func giveAndGrabAcrossInstances() async throws {
        try await Self.withInstances { one, two in
            let alice = try Self.wallet(one)
            let bob = try Self.wallet(two)
            try await alice.register()
            try await bob.register()
            _ = try await alice.faucet(TokenAmount(quarks: 20_000_000, mint: .usdf))
            let offer = try await alice.prepareGive(FiatAmount(value: 5, currency: .usd))
            let giving = try await Self.show(offer, by: alice)
            let grabbed = try await bob.grab(offer.payload, timing: Self.patient)
            let given = try await giving.value
            #expect(grabbed.receipt.id == given.receipt.id)
            #expect(grabbed.receipt.id == offer.intentID)
            #expect(given.recipient == bob.client.owner)
            #expect(try await Self.usdf(alice) == 15_000_000)
            #expect(try await Self.usdf(bob) == 5_000_000)
            #expect(try await bob.refresh().history.first?.id == offer.intentID)
            #expect(try await alice.refresh().history.first?.id == offer.intentID)
        }
    }

    @Test("two grabbers on different instances: one is paid, the other is told someone else grabbed the bill")
    func twoGrabbersAcrossInstances() async throws {
        try await Self.withInstances { one, two in
            let alice = try Self.wallet(one)
            let bob = try Self.wallet(two)
            let carol = try Self.wallet(one)
            for wallet in [alice, bob, carol] { try await wallet.register() }
            _ = try await alice.faucet(TokenAmount(quarks: 10_000_000, mint: .usdf))
            let offer = try await alice.prepareGive(FiatAmount(value: 3, currency: .usd))
            let giving = try await Self.show(offer, by: alice)
            async let bobGrab = Self.outcome { try await bob.grab(offer.payload, timing: Self.patient) }
            async let carolGrab = Self.outcome { try await carol.grab(offer.payload, timing: Self.patient) }
            let outcomes = await [bobGrab, carolGrab]
            let paid = outcomes.compactMap { try? $0.get() }
            #expect(paid.count == 1)
            let refusals = outcomes.compactMap { outcome -> BillExchangeError? in
                if case .failure(let error) = outcome { return error as? BillExchangeError }
                return nil
            }
            #expect(refusals == [.alreadyGrabbed])
            let given = try await giving.value
            #expect(try await Self.usdf(alice) == 7_000_000)
            #expect(try await Self.usdf(bob) + Self.usdf(carol) == 3_000_000)
            #expect(paid.first?.receipt.id == given.receipt.id)
        }
    }

    @Test("a bill dismissed on one instance cannot be grabbed through the other")
    func dismissedAcrossInstances() async throws {
        try await Self.withInstances { one, two in
            let alice = try Self.wallet(one)
            let bob = try Self.wallet(two)
            try await alice.register()
            try await bob.register()
            _ = try await alice.faucet(TokenAmount(quarks: 10_000_000, mint: .usdf))
            let offer = try await alice.prepareGive(FiatAmount(value: 2, currency: .usd))
            let giving = try await Self.show(offer, by: alice)
            giving.cancel()
            _ = await giving.result
            var outcome: BillExchangeError?
            for _ in 0..<50 {
                do {
                    _ = try await bob.grab(offer.payload, timing: Self.patient)
                    Issue.record("a dismissed bill was grabbed")
                    return
                } catch let error as BillExchangeError {
                    outcome = error
                    if error == .dismissed || error == .noBill { break }
                }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(outcome == .dismissed || outcome == .noBill)
            #expect(try await Self.usdf(alice) == 10_000_000)
            #expect(try await Self.usdf(bob) == 0)
        }
    }
}
