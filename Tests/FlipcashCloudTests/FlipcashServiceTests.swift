import Crypto
import DAGCBOR
import FlipcashAPI
import FlipcashCore
import Foundation
import GRPCCore
import GRPCInProcessTransport
import Logging
import ServerKit
import SwiftProtobuf
import TestSupport
import Testing

@testable import FlipcashCloud

/// The gRPC services and the wallet that drives them, end to end over gRPC's in-process transport,
/// on every store: the same requests a phone or the CLI sends, signed with real keys.
@Suite("Flipcash services and wallet over gRPC")
struct FlipcashServiceTests {
    typealias Backend = LedgerStoreContractTests.Backend
    typealias Wallet = FlipcashWallet<InProcessTransport.Client>

    /// A cloud on `backend` with a movable clock, and a way to make wallets against it.
    struct Cloud: Sendable {
        let client: GRPCClient<InProcessTransport.Client>
        let store: any PaymentStore & LedgerStore
        let clock: TestClock

        /// A wallet for a new account (or for `mnemonic`), its clock `skew` seconds off the server's.
        func wallet(_ mnemonic: Mnemonic = .generate(), skew: TimeInterval = 0) throws -> Wallet {
            let clock = clock
            // 120 s, not the seed's 15: on CI the whole suite shares two cores, and a call can
            // wait behind the others that long with nothing wrong.
            let client = FlipcashClient(
                client: client, ownerKey: Wallet.accountKey(mnemonic), now: { clock.now.addingTimeInterval(skew) }, deadline: .seconds(120))
            return FlipcashWallet(client: client, outbox: try .inMemory(), cache: try .inMemory(), now: clock.function)
        }

        func balance(_ wallet: Wallet) async throws -> UInt64 {
            try await store.balance(of: OwnerID(wallet.client.owner), mint: .usdf)
        }
    }

    static func withCloud<T: Sendable>(
        _ backend: Backend, faucet: Bool = true, rateLimits: FlipcashRateLimits? = nil, _ body: (Cloud) async throws -> T
    ) async throws -> T {
        try await PaymentStoreContractTests.withStore(backend, settings: .init(faucetEnabled: faucet)) { store in
            let clock = TestClock(Date(timeIntervalSince1970: 1_790_000_000))
            var configuration = FlipcashCloudConfiguration()
            configuration.now = clock.function
            configuration.rateLimits = rateLimits
            let services = try await FlipcashServices.make(
                store: store, rates: RatesFile(url: nil, now: clock.function), configuration: configuration,
                logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
            let transport = InProcessTransport()
            let server = GRPCServer(transport: transport.server, services: services.all)
            return try await withGRPCClient(transport: transport.client) { client in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await server.serve() }
                    defer { server.beginGracefulShutdown() }
                    return try await body(Cloud(client: client, store: store, clock: clock))
                }
            }
        }
    }

    static func usd(_ value: Decimal) -> FiatAmount { FiatAmount(value: value, currency: .usd) }
    static func usdf(_ dollars: UInt64) -> TokenAmount { TokenAmount(quarks: dollars * 1_000_000, mint: .usdf) }

    static func refusal(_ body: () async throws -> some Any) async -> FlipcashRefusal? {
        do {
            _ = try await body()
            return nil
        } catch FlipcashClientError.refused(let refusal) {
            return refusal
        } catch {
            Issue.record("expected a refusal, got \(error)")
            return nil
        }
    }

    @Test(
        "faucet, a $5 link sent and claimed: balances and histories on both sides; a second claim, another claimer and a void after it",
        arguments: Backend.available)
    func linkSentAndClaimed(backend: Backend) async throws {
        try await Self.withCloud(backend) { cloud in
            let alice = try cloud.wallet()
            let bob = try cloud.wallet()
            let carol = try cloud.wallet()
            #expect(try await alice.register())
            #expect(try await alice.register() == false)
            try await bob.register()
            try await carol.register()
            cloud.clock.advance(by: 1)
            _ = try await alice.faucet(Self.usdf(20))
            cloud.clock.advance(by: 1)
            let sent = try await alice.sendLink(Self.usd(5))
            #expect(sent.amount.onChainAmount == Self.usdf(5))
            #expect(sent.receipt.kind == .sendGiftCard)
            #expect(sent.receipt.giftCardState == .open)
            #expect(try await cloud.balance(alice) == 15_000_000)

            cloud.clock.advance(by: 1)
            let claimed = try await bob.claim(sent.link)
            #expect(claimed.isSettled)
            #expect(claimed.amount == Self.usdf(5))
            #expect(try await cloud.balance(bob) == 5_000_000)
            // Opening the link again is the same claim, answered again.
            #expect(try await bob.claim(sent.link) == claimed)
            #expect(try await cloud.balance(bob) == 5_000_000)

            #expect(await Self.refusal { try await carol.claim(sent.link) }?.code == .giftCardSettled)
            #expect(await Self.refusal { try await alice.void(sent.link) }?.code == .giftCardSettled)
            #expect(try await cloud.balance(alice) == 15_000_000)

            let aliceView = try await alice.refresh()
            #expect(aliceView.balances == [Self.usdf(15)])
            #expect(aliceView.history.map(\.kind) == [.sendGiftCard, .faucet, .openAccount])
            #expect(aliceView.history.first?.giftCardState == .claimed)
            let bobView = try await bob.refresh()
            #expect(bobView.balances == [Self.usdf(5)])
            #expect(bobView.history.map(\.kind) == [.claimGiftCard, .openAccount])
            try await cloud.store.checkInvariants()
        }
    }

    @Test("an unclaimed link: claims stop a minute before 7 days, the worker returns it once, a void after is no error", arguments: Backend.available)
    func linkExpires(backend: Backend) async throws {
        try await Self.withCloud(backend) { cloud in
            let alice = try cloud.wallet()
            let bob = try cloud.wallet()
            try await alice.register()
            try await bob.register()
            cloud.clock.advance(by: 1)
            _ = try await alice.faucet(Self.usdf(10))
            cloud.clock.advance(by: 1)
            let sent = try await alice.sendLink(Self.usd(4))
            cloud.clock.advance(by: Payments.giftCardLifetime - 30)
            #expect(await Self.refusal { try await bob.claim(sent.link) }?.code == .giftCardExpired)
            cloud.clock.advance(by: 30)
            #expect(try await cloud.store.returnExpiredGiftCards(at: cloud.clock.now, limit: 10).count == 1)
            #expect(try await cloud.store.returnExpiredGiftCards(at: cloud.clock.now, limit: 10).isEmpty)
            #expect(try await cloud.balance(alice) == 10_000_000)
            #expect(try await alice.void(sent.link) == false)
            let view = try await alice.refresh()
            #expect(view.history.first?.giftCardState == .returned)
            #expect(try await cloud.balance(bob) == 0)
            try await cloud.store.checkInvariants()
        }
    }

    @Test("a void before any claim returns the money; the link can no longer be claimed", arguments: Backend.available)
    func linkVoided(backend: Backend) async throws {
        try await Self.withCloud(backend) { cloud in
            let alice = try cloud.wallet()
            let bob = try cloud.wallet()
            try await alice.register()
            try await bob.register()
            _ = try await alice.faucet(Self.usdf(10))
            let sent = try await alice.sendLink(Self.usd(3))
            #expect(await Self.refusal { try await bob.void(sent.link) }?.code == .invalid)
            #expect(try await alice.void(sent.link))
            #expect(try await alice.void(sent.link) == false)
            #expect(try await cloud.balance(alice) == 10_000_000)
            #expect(await Self.refusal { try await bob.claim(sent.link) }?.code == .giftCardSettled)
        }
    }

    @Test("unregistered keys, bad signatures and clocks 5 minutes off are refused, naming the field", arguments: Backend.available)
    func authentication(backend: Backend) async throws {
        try await Self.withCloud(backend) { cloud in
            let stranger = try cloud.wallet()
            let refused = await Self.refusal { try await stranger.client.balances() }
            #expect(refused?.code == .denied)
            #expect(refused?.field == "auth.owner")

            let phrase = Mnemonic.generate()
            try await cloud.wallet(phrase).register()
            let late = await Self.refusal { try await cloud.wallet(phrase, skew: -300).client.balances() }
            #expect(late?.code == .unauthenticated)
            #expect(late?.field == "timestamp")
            #expect(try await cloud.wallet(phrase, skew: 100).client.balances() == [TokenAmount.zero(.usdf)])

            // A signature over other bytes.
            let key = Wallet.accountKey(phrase)
            var request = Flipcash_V1_GetBalancesRequest()
            request.timestamp = Google_Protobuf_Timestamp(date: cloud.clock.now)
            request.auth.owner.value = key.publicKey.rawRepresentation
            request.auth.signature.value = try key.signature(for: Data("something else".utf8))
            let response = try await Flipcash_V1_Account.Client(wrapping: cloud.client).getBalances(request)
            #expect(response.refusal.code == .unauthenticated)
            #expect(response.refusal.field == "auth.signature")
        }
    }

    @Test("an intent's metadata is its owner's and its payee's; anyone else gets NOT_FOUND, as for no intent", arguments: Backend.available)
    func metadataVisibility(backend: Backend) async throws {
        try await Self.withCloud(backend) { cloud in
            let alice = try cloud.wallet()
            let eve = try cloud.wallet()
            try await alice.register()
            try await eve.register()
            let funded = try await alice.faucet(Self.usdf(1))
            #expect(try await alice.client.intent(id: funded.id) == funded)
            #expect(try await eve.client.intent(id: funded.id) == nil)
            #expect(try await alice.client.intent(id: Data(repeating: 7, count: 32)) == nil)
        }
    }

    @Test("a retried intent answers its first result; another body under its id is a conflict naming the field", arguments: Backend.available)
    func retriesAndConflicts(backend: Backend) async throws {
        try await Self.withCloud(backend) { cloud in
            let alice = try cloud.wallet()
            try await alice.register()
            let id = Data(repeating: 1, count: 32)
            let faucet = Flipcash_V1_SubmitIntentRequest.OneOf_Action.faucet(.with { $0.amount = .init(Self.usdf(7)) })
            // Saved, then the reply is lost: the retry settles it once.
            try alice.outbox.save(id: id, action: faucet, at: cloud.clock.now)
            let first = try await alice.client.submit(id: id, action: faucet)
            cloud.clock.advance(by: 5)
            let retried = try await alice.retryPending()
            #expect(retried == [first])
            #expect(try alice.outbox.pending().isEmpty)
            #expect(try await cloud.balance(alice) == 7_000_000)

            let other = Flipcash_V1_SubmitIntentRequest.OneOf_Action.faucet(.with { $0.amount = .init(Self.usdf(8)) })
            let conflict = await Self.refusal { try await alice.client.submit(id: id, action: other) }
            #expect(conflict?.code == .conflict)
            #expect(conflict?.field == "faucet.amount.quarks")
        }
    }

    @Test(
        "limits: GetLimits per currency, a send over $250 refused with what may still be sent, a fraction of a cent never sent",
        arguments: Backend.available)
    func limits(backend: Backend) async throws {
        try await Self.withCloud(backend) { cloud in
            let alice = try cloud.wallet()
            try await alice.register()
            _ = try await alice.faucet(Self.usdf(2_000))
            // Finer than a cent: refused before the server is asked, never rounded.
            let finer = Self.usd(try #require(Decimal(string: "5.005")))
            await #expect(throws: AmountError.finerThanCurrency(finer)) { try await alice.sendLink(finer) }
            #expect(try await cloud.balance(alice) == Self.usdf(2_000).quarks)
            let over = await Self.refusal { try await alice.sendLink(Self.usd(300)) }
            #expect(over?.code == .limitExceeded)
            for _ in 0..<3 { _ = try await alice.sendLink(Self.usd(250)) }
            let table = try await alice.client.limits()
            let usd = try #require(table.byCurrency[.usd])
            #expect(usd.nextTransaction == Self.usd(250))
            #expect(usd.maxPerDay == Self.usd(1_000))
            _ = try await alice.sendLink(Self.usd(200))
            let after = try #require(try await alice.client.limits().byCurrency[.eur])
            #expect(after.nextTransaction == FiatAmount(value: 45, currency: .eur))
            #expect(await Self.refusal { try await alice.sendLink(Self.usd(51)) }?.code == .limitExceeded)
        }
    }

    @Test("the faucet is closed unless the server opens it; bad fields are refused by name, changing nothing", arguments: Backend.available)
    func badRequests(backend: Backend) async throws {
        try await Self.withCloud(backend, faucet: false) { cloud in
            let alice = try cloud.wallet()
            try await alice.register()
            let closed = await Self.refusal { try await alice.faucet(Self.usdf(1)) }
            #expect(closed?.code == .denied)
            let shortID = await Self.refusal {
                try await alice.client.submit(id: Data([1, 2, 3]), action: .openAccount(.with { $0.mint.address = Mint.usdf.address }))
            }
            #expect(shortID?.field == "id.value", "\(String(describing: shortID))")
            let badMint = await Self.refusal {
                try await alice.client.submit(id: Data(repeating: 3, count: 32), action: .openAccount(.with { $0.mint.address = "nope" }))
            }
            #expect(badMint?.field == "open_account.mint.address")
            let broke = await Self.refusal { try await alice.sendLink(Self.usd(1)) }
            #expect(broke?.code == .insufficientFunds)
            #expect(broke?.available == TokenAmount.zero(.usdf))
            #expect(try await cloud.balance(alice) == 0)
        }
    }

    /// A deposit source that reports what it is given, and again from the start when asked
    /// without a cursor (as a source does after a restart).
    struct FakeDepositSource: DepositSource {
        let name = "test-bank"
        let reported: [Deposit]

        func deposits(after cursor: String?) async throws -> (deposits: [Deposit], cursor: String?) {
            let start = cursor.flatMap(Int.init) ?? 0
            return (Array(reported[start...]), String(reported.count))
        }
    }

    @Test("deposits from a source are credited once each, however often reported, and show in history", arguments: Backend.available)
    func depositsAreCreditedOnce(backend: Backend) async throws {
        try await Self.withCloud(backend, faucet: false) { cloud in
            let alice = try cloud.wallet()
            try await alice.register()
            let owner = OwnerID(alice.client.owner)
            let source = FakeDepositSource(reported: [
                Deposit(id: "tx-1", owner: owner, amount: Self.usdf(30)), Deposit(id: "tx-2", owner: owner, amount: Self.usdf(12)),
            ])
            let crediter = DepositCrediter(store: cloud.store)
            let cursor = try await crediter.creditNew(from: source, after: nil, at: cloud.clock.now)
            #expect(cursor == "2")
            // Reported again from the start (a restart that lost the cursor): nothing moves twice.
            _ = try await crediter.creditNew(from: source, after: nil, at: cloud.clock.now)
            #expect(try await cloud.balance(alice) == 42_000_000)
            let view = try await alice.refresh()
            #expect(view.history.filter { $0.kind == .deposit }.count == 2)
            try await cloud.store.checkInvariants()
        }
    }

    @Test("registrations are rate-limited per address, in the store", arguments: [Backend.sqliteMemory])
    func rateLimits(backend: Backend) async throws {
        var limits = FlipcashRateLimits()
        limits.registrations = RateLimit(burst: 3, perMinute: 1)
        try await Self.withCloud(backend, rateLimits: limits) { cloud in
            for _ in 0..<3 { _ = try await cloud.wallet().client.register() }
            let limited = await Self.refusal { try await cloud.wallet().client.register() }
            #expect(limited?.code == .rateLimited)
        }
    }
}
