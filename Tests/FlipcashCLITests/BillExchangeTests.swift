import Crypto
import DAGCBOR
import FlipcashAPI
import FlipcashCloud
import FlipcashCore
import Foundation
import GRPCCore
import GRPCInProcessTransport
import GRPCNIOTransportHTTP2Posix
import Logging
import SwiftProtobuf
import Synchronization
import TestSupport
import Testing

/// Giving and grabbing bills, end to end over gRPC's in-process transport: the wallets of two or
/// three people against the real services on a SQLite store, with a messaging service that can
/// be made to lie (a man in the middle, duplicated deliveries).
@Suite("bills: give and grab through the rendezvous")
struct BillExchangeTests {

    /// The cloud: the services over an in-memory store, a movable clock, and wallets against it.
    struct Cloud<Transport: ClientTransport>: Sendable {
        typealias Wallet = FlipcashWallet<Transport>

        let client: GRPCClient<Transport>
        let store: SQLiteLedgerStore
        let clock: TestClock

        /// A wallet for a new account; its own clock (for the outbox and the proof's age) when
        /// given, the server's otherwise. Requests are always signed with the server's time.
        func wallet(clock walletClock: TestClock? = nil) throws -> Wallet {
            let clock = clock
            let client = FlipcashClient(
                client: client, ownerKey: Wallet.accountKey(.generate()), now: clock.function, deadline: BillExchangeTests.deadline)
            return FlipcashWallet(client: client, outbox: try .inMemory(), cache: try .inMemory(), now: (walletClock ?? clock).function)
        }

        /// A registered wallet holding `dollars` USDF from the faucet.
        func funded(_ dollars: UInt64, clock walletClock: TestClock? = nil) async throws -> Wallet {
            let wallet = try wallet(clock: walletClock)
            try await wallet.register()
            // Each step a second apart, so that histories have one order.
            clock.advance(by: 1)
            walletClock?.advance(by: 1)
            if dollars > 0 { _ = try await wallet.faucet(TokenAmount(quarks: dollars * 1_000_000, mint: .usdf)) }
            clock.advance(by: 1)
            walletClock?.advance(by: 1)
            return wallet
        }

        func balance(_ wallet: Wallet) async throws -> UInt64 {
            try await store.balance(of: OwnerID(wallet.client.owner), mint: .usdf)
        }

        /// Waits until no stream holds the bill's rendezvous (the server saw the giver leave).
        func waitForStreamRelease(_ offer: BillOffer) async throws {
            let rendezvous = RendezvousID(offer.rendezvous.publicKeyBase58)
            for _ in 0..<400 {
                if try await store.holdStream(rendezvous, holder: "probe", at: clock.now) {
                    try await store.releaseStream(rendezvous, holder: "probe")
                    return
                }
                try await Task.sleep(for: .milliseconds(25))
            }
            Issue.record("the giver's stream was never released")
        }
    }

    /// The services over a fresh store, and a clock standing at a fixed instant.
    static func services(
        messaging: (MessagingService) -> any RegistrableRPCService
    ) async throws -> (services: [any RegistrableRPCService], store: SQLiteLedgerStore, clock: TestClock) {
        var store = try SQLiteLedgerStore.inMemory()
        store.paymentSettings = PaymentSettings(faucetEnabled: true)
        let clock = TestClock(Date(timeIntervalSince1970: 1_790_000_000))
        var configuration = FlipcashCloudConfiguration()
        configuration.now = clock.function
        let services = try await FlipcashServices.make(
            store: store, rates: RatesFile(url: nil, now: clock.function), configuration: configuration,
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        return ([services.account, services.transaction, services.currency, messaging(services.messaging)], store, clock)
    }

    /// A cloud over gRPC's in-process transport; with `rewrite`, its Messaging service hands the
    /// giver's stream the batches `rewrite` makes of each batch (``TamperingMessaging``).
    static func withCloud<T: Sendable>(
        rewritingStreams rewrite: (@Sendable ([Flipcash_V1_Message]) -> [[Flipcash_V1_Message]])? = nil,
        _ body: (Cloud<InProcessTransport.Client>) async throws -> T
    ) async throws -> T {
        let (services, store, clock) = try await Self.services { messaging -> any RegistrableRPCService in
            guard let rewrite else { return messaging }
            return TamperingMessaging(inner: messaging, rewrite: rewrite)
        }
        let transport = InProcessTransport()
        let server = GRPCServer(transport: transport.server, services: services)
        return try await withGRPCClient(transport: transport.client) { client in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await server.serve() }
                // Cancelled rather than shut down gracefully: a graceful shutdown waits for every
                // open stream, and the Messaging service's streams do not end on gRPC's
                // cancellation (only their task's).
                defer { group.cancelAll() }
                return try await body(Cloud(client: client, store: store, clock: clock))
            }
        }
    }

    /// A cloud over HTTP/2 on loopback, as app-server serves it: the in-process transport never
    /// tells a server that its client left, HTTP/2 does.
    static func withHTTP2Cloud<T: Sendable>(_ body: (Cloud<HTTP2ClientTransport.Posix>) async throws -> T) async throws -> T {
        let (services, store, clock) = try await Self.services { $0 }
        let serverTransport = HTTP2ServerTransport.Posix(address: .ipv4(host: "127.0.0.1", port: 0), transportSecurity: .plaintext)
        let server = GRPCServer(transport: serverTransport, services: services)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.serve() }
            defer { group.cancelAll() }
            let port = try #require(try await serverTransport.listeningAddress.ipv4?.port)
            let transport = try HTTP2ClientTransport.Posix(target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext)
            return try await withGRPCClient(transport: transport) { client in
                try await body(Cloud(client: client, store: store, clock: clock))
            }
        }
    }

    static func usd(_ value: Decimal) -> FiatAmount { FiatAmount(value: value, currency: .usd) }

    /// A call's deadline here: the whole suite shares two cores on CI, where a call can wait
    /// behind others for longer than the seed's 15 seconds without anything being wrong.
    static let deadline: Duration = .seconds(120)

    /// The seed's waits, with room for a loaded CI machine: a grab that succeeds may wait for the
    /// payment longer than 30 seconds there.
    static var patient: BillExchangeTiming {
        var timing = BillExchangeTiming()
        timing.paymentWait = .seconds(120)
        return timing
    }

    /// Quick waits, so that the failures the tests provoke do not take the seed's 30 seconds.
    static var quick: BillExchangeTiming {
        var timing = BillExchangeTiming()
        timing.paymentWait = .milliseconds(800)
        timing.offerPolls = 3
        timing.offerPollInterval = .milliseconds(20)
        return timing
    }

    /// A giver's bill, live: the offer, and the task that waits for a grab (cancel it to dismiss).
    struct ShownBill {
        let offer: BillOffer
        let task: Task<GivenBill, any Error>
    }

    /// Prepares and shows a bill of `giver`'s; returns once its stream is open (or the give failed).
    static func show<Transport: ClientTransport>(
        _ giver: FlipcashWallet<Transport>, _ dollars: Decimal, onGrab: @escaping @Sendable (String) async -> Void = { _ in }
    ) async throws -> ShownBill {
        let offer = try await giver.prepareGive(usd(dollars))
        let (ready, signal) = AsyncStream.makeStream(of: Void.self)
        let task = Task {
            defer { signal.finish() }
            return try await giver.waitForGrab(offer, onReady: { _ in signal.yield() }, onGrab: onGrab)
        }
        for await _ in ready { break }
        return ShownBill(offer: offer, task: task)
    }

    /// The error `body` throws, or nil.
    static func failure(_ body: () async throws -> some Any) async -> (any Error)? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error
        }
    }

    // MARK: The exchange

    @Test("A gives $5, B grabs it: the payment's id is the bill's key, balances and histories agree; grabbing again changes nothing")
    func giveAndGrab() async throws {
        try await Self.withCloud { cloud in
            let alice = try await cloud.funded(20)
            let bob = try cloud.wallet()
            let bill = try await Self.show(alice, 5)
            #expect(bill.offer.payload.kind == .multiCurrency)
            #expect(bill.offer.payload.amount == 5)
            #expect(bill.offer.amount.onChainAmount == TokenAmount(quarks: 5_000_000, mint: .usdf))

            // B has never registered: grabbing registers the account and opens it for USDF.
            let grabbed = try await bob.grab(bill.offer.payload, timing: Self.patient)
            let given = try await bill.task.value
            #expect(given.recipient == bob.client.owner)
            #expect(given.receipt.id == bill.offer.intentID)
            #expect(given.receipt.kind == .sendPayment)
            #expect(grabbed.receipt == given.receipt)
            #expect(grabbed.giver == alice.client.owner)
            #expect(grabbed.receipt.amount == TokenAmount(quarks: 5_000_000, mint: .usdf))
            #expect(try await cloud.balance(alice) == 15_000_000)
            #expect(try await cloud.balance(bob) == 5_000_000)
            #expect(try alice.outbox.entry(bill.offer.intentID)?.state == .settled)
            // Both caches were refreshed by the exchange itself.
            #expect(try alice.cachedBalances() == [TokenAmount(quarks: 15_000_000, mint: .usdf)])
            #expect(try bob.cachedBalances() == [TokenAmount(quarks: 5_000_000, mint: .usdf)])

            let aliceView = try await alice.refresh()
            #expect(aliceView.history.map(\.kind) == [.sendPayment, .faucet, .openAccount])
            #expect(aliceView.history.first?.destinationOwner == bob.client.owner)
            let bobView = try await bob.refresh()
            #expect(Set(bobView.history.map(\.kind)) == [.sendPayment, .openAccount])
            #expect(bobView.history.first { $0.kind == .sendPayment }?.owner == alice.client.owner)

            // Scanning the same bill again answers the same payment; nothing moves.
            #expect(try await bob.grab(bill.offer.payload, timing: Self.quick) == grabbed)
            #expect(try await cloud.balance(bob) == 5_000_000)
            try await cloud.store.checkInvariants()
        }
    }

    @Test("a received bill can be given on at once: A → B → C")
    func giveOn() async throws {
        try await Self.withCloud { cloud in
            let alice = try await cloud.funded(20)
            let bob = try cloud.wallet()
            let carol = try cloud.wallet()
            let first = try await Self.show(alice, 5)
            _ = try await bob.grab(first.offer.payload, timing: Self.patient)
            _ = try await first.task.value
            let second = try await Self.show(bob, 5)
            let grabbed = try await carol.grab(second.offer.payload, timing: Self.patient)
            let given = try await second.task.value
            #expect(given.recipient == carol.client.owner)
            #expect(grabbed.giver == bob.client.owner)
            #expect(try await cloud.balance(alice) == 15_000_000)
            #expect(try await cloud.balance(bob) == 0)
            #expect(try await cloud.balance(carol) == 5_000_000)
            try await cloud.store.checkInvariants()
        }
    }

    @Test("two grabbers: the first is paid, the second is told someone else grabbed the bill")
    func twoGrabbers() async throws {
        try await Self.withCloud { cloud in
            let alice = try await cloud.funded(20)
            let bob = try cloud.wallet()
            let eve = try cloud.wallet()
            let eveOutcome = Mutex<(any Error)?>(nil)
            let payload = Mutex<CashCodePayload?>(nil)
            // Eve grabs while A is about to pay B, with the bill's stream still open.
            let bill = try await Self.show(alice, 5) { _ in
                guard let payload = payload.withLock({ $0 }) else { return }
                let error = await Self.failure { try await eve.grab(payload, timing: Self.quick) }
                eveOutcome.withLock { $0 = error }
            }
            payload.withLock { $0 = bill.offer.payload }
            let grabbed = try await bob.grab(bill.offer.payload, timing: Self.patient)
            let given = try await bill.task.value
            #expect(given.recipient == bob.client.owner)
            #expect(grabbed.receipt.id == bill.offer.intentID)
            #expect(eveOutcome.withLock { $0 as? BillExchangeError } == .alreadyGrabbed)
            #expect(eveOutcome.withLock { $0?.localizedDescription } == "Someone else grabbed this bill.")
            #expect(try await cloud.balance(bob) == 5_000_000)
            #expect(try await cloud.balance(eve) == 0)
            #expect(try await cloud.balance(alice) == 15_000_000)
        }
    }

    @Test("the giver dismisses the bill (cancels): a grab after that is told so and nothing moves")
    func dismissed() async throws {
        try await Self.withHTTP2Cloud { cloud in
            let alice = try await cloud.funded(20)
            let bob = try cloud.wallet()
            let bill = try await Self.show(alice, 5)
            bill.task.cancel()
            #expect(await Self.failure { try await bill.task.value } is CancellationError)
            try await cloud.waitForStreamRelease(bill.offer)
            let error = await Self.failure { try await bob.grab(bill.offer.payload, timing: Self.quick) }
            #expect(error as? BillExchangeError == .dismissed)
            #expect(error?.localizedDescription.contains("dismissed") == true)
            #expect(try await cloud.balance(alice) == 20_000_000)
            #expect(try await cloud.balance(bob) == 0)
            #expect(try alice.outbox.entry(bill.offer.intentID) == nil)
        }
    }

    @Test("a bill nobody showed is no bill; a give nobody grabs ends at its timeout")
    func noBillAndNotGrabbed() async throws {
        try await Self.withCloud { cloud in
            let alice = try await cloud.funded(20)
            let bob = try cloud.wallet()
            let payload = try CashCodePayload(kind: .multiCurrency, currency: .usd, amount: 5)
            #expect(await Self.failure { try await bob.grab(payload, timing: Self.quick) } as? BillExchangeError == .noBill)

            let offer = try await alice.prepareGive(Self.usd(5))
            let error = await Self.failure { try await alice.waitForGrab(offer, timeout: .milliseconds(300)) }
            #expect(error as? BillExchangeError == .notGrabbed)
            #expect(try await cloud.balance(alice) == 20_000_000)
        }
    }

    @Test("a giver refuses a bill it cannot pay for, before showing it")
    func insufficientFunds() async throws {
        try await Self.withCloud { cloud in
            let alice = try await cloud.funded(3)
            let error = await Self.failure { try await alice.prepareGive(Self.usd(5)) }
            guard case .refused(let refusal) = error as? FlipcashClientError else {
                Issue.record("expected a refusal, got \(String(describing: error))")
                return
            }
            #expect(refusal.code == .insufficientFunds)
            #expect(refusal.available == TokenAmount(quarks: 3_000_000, mint: .usdf))
        }
    }

    @Test("a payment the server refuses (the giver spent the money meanwhile) is reported to the grabber at once, not after 30 s")
    func refusedPaymentIsReported() async throws {
        try await Self.withCloud { cloud in
            let alice = try await cloud.funded(20)
            let bob = try cloud.wallet()
            let bill = try await Self.show(alice, 5)
            // The bill was affordable when shown; then Alice sends most of her money elsewhere.
            _ = try await alice.sendLink(Self.usd(18))
            let started = ContinuousClock.now
            let grab = await Self.failure { try await bob.grab(bill.offer.payload, timing: Self.patient) }
            #expect(grab as? BillExchangeError == .paymentRefused)
            #expect(started.duration(to: .now) < .seconds(20))
            let give = await Self.failure { try await bill.task.value }
            guard case .refused(let refusal) = give as? FlipcashClientError else {
                Issue.record("expected the payment's refusal, got \(String(describing: give))")
                return
            }
            #expect(refusal.code == .insufficientFunds)
            // Bob sees that it was refused, not why (that is Alice's business).
            let seen = try #require(try await bob.client.intent(id: bill.offer.intentID))
            #expect(!seen.isSettled)
            #expect(seen.refusal?.code == .denied)
            #expect(seen.refusal?.available == nil)
            #expect(try await cloud.balance(alice) == 2_000_000)
            #expect(try await cloud.balance(bob) == 0)
            // Grabbing again says the same.
            #expect(await Self.failure { try await bob.grab(bill.offer.payload, timing: Self.quick) } as? BillExchangeError == .paymentRefused)
        }
    }

    // MARK: Proofs

    @Test("a proof 13 minutes old is refused: when the bill is made, and when a grab comes in; nothing moves")
    func staleProof() async throws {
        try await Self.withCloud { cloud in
            let giverClock = TestClock(cloud.clock.now)
            let alice = try await cloud.funded(20, clock: giverClock)
            let bob = try cloud.wallet()

            // Rates fetched now, used 13 minutes later: refused before anything is shown.
            let rates = try await alice.client.exchangeRates([.usd])
            giverClock.advance(by: 13 * 60)
            let early = await Self.failure { try await alice.prepareGive(Self.usd(5), rates: rates) }
            guard case .staleProof(let age) = early as? BillExchangeError else {
                Issue.record("expected a stale proof, got \(String(describing: early))")
                return
            }
            #expect(age == 13 * 60)
            #expect(early?.localizedDescription.contains("13 minutes old") == true)
            // 12:59 is still fresh.
            giverClock.advance(by: -1)
            _ = try await alice.prepareGive(Self.usd(1), rates: rates)
            giverClock.advance(by: 1 - 13 * 60)

            // A bill shown fresh whose proof has gone stale by the time the grab comes in.
            let bill = try await Self.show(alice, 5)
            giverClock.advance(by: 14 * 60)
            let grab = await Self.failure { try await bob.grab(bill.offer.payload, timing: Self.quick) }
            #expect(grab as? BillExchangeError == .timedOut)
            let give = await Self.failure { try await bill.task.value }
            guard case .staleProof(let late) = give as? BillExchangeError else {
                Issue.record("expected a stale proof, got \(String(describing: give))")
                return
            }
            #expect(late == 14 * 60)
            #expect(try await cloud.balance(alice) == 20_000_000)
            #expect(try await cloud.balance(bob) == 0)
            #expect(try alice.outbox.entry(bill.offer.intentID) == nil)
        }
    }

    // MARK: A lying server

    @Test("a server that rewrites the grab's requestor is caught by the signature: no money moves")
    func manInTheMiddle() async throws {
        let mallory = Mutex<Data?>(nil)
        let rewrite: @Sendable ([Flipcash_V1_Message]) -> [[Flipcash_V1_Message]] = { messages in
            guard let key = mallory.withLock({ $0 }) else { return [messages] }
            return [
                messages.map { message in
                    guard case .requestToGrabBill = message.kind else { return message }
                    var changed = message
                    changed.requestToGrabBill.requestorOwner.value = key
                    return changed
                }
            ]
        }
        try await Self.withCloud(rewritingStreams: rewrite) { cloud in
            let alice = try await cloud.funded(20)
            let bob = try cloud.wallet()
            let eve = try await cloud.funded(0)
            mallory.withLock { $0 = try? Base58.decode(eve.client.owner) }
            let bill = try await Self.show(alice, 5)
            let grab = await Self.failure { try await bob.grab(bill.offer.payload, timing: Self.quick) }
            #expect(grab as? BillExchangeError == .timedOut)
            let give = await Self.failure { try await bill.task.value }
            #expect(give as? BillExchangeError == .manInTheMiddle)
            #expect(give?.localizedDescription.contains("nothing was paid") == true)
            #expect(try await cloud.balance(alice) == 20_000_000)
            #expect(try await cloud.balance(bob) == 0)
            #expect(try await cloud.balance(eve) == 0)
            #expect(try alice.outbox.entry(bill.offer.intentID) == nil)
        }
    }

    @Test("the same grab delivered twice is paid once")
    func duplicateGrab() async throws {
        let rewrite: @Sendable ([Flipcash_V1_Message]) -> [[Flipcash_V1_Message]] = { messages in
            let grabs = messages.filter { if case .requestToGrabBill = $0.kind { true } else { false } }
            let again = grabs.map { grab in
                var copy = grab
                copy.id = Data((0..<16).map { _ in UInt8.random(in: 0...255) })
                return copy
            }
            return again.isEmpty ? [messages] : [messages + again, again]
        }
        try await Self.withCloud(rewritingStreams: rewrite) { cloud in
            let alice = try await cloud.funded(20)
            let bob = try cloud.wallet()
            let bill = try await Self.show(alice, 5)
            _ = try await bob.grab(bill.offer.payload, timing: Self.patient)
            _ = try await bill.task.value
            #expect(try await cloud.balance(alice) == 15_000_000)
            #expect(try await cloud.balance(bob) == 5_000_000)
            #expect(try await alice.refresh().history.filter { $0.kind == .sendPayment }.count == 1)
            try await cloud.store.checkInvariants()
        }
    }

    @Test("a grab's and an offer's signatures are checked against the messages rebuilt from what they say")
    func verification() throws {
        let payload = try CashCodePayload(kind: .multiCurrency, currency: .usd, amount: 5)
        let key = RendezvousKey(payload: payload)
        let requestor = Data(repeating: 7, count: 32)
        /// `message` as the server delivers it: with an id, the sender's signature and a time.
        func delivered(_ message: Flipcash_V1_Message, signedBy signer: Curve25519.Signing.PrivateKey) throws -> Flipcash_V1_Message {
            var message = message
            message.sendMessageRequestSignature.value = try signer.signature(for: message.sendSigningInput())
            message.id = Data(repeating: 1, count: 16)
            message.sentAt = Google_Protobuf_Timestamp(date: Date())
            return message
        }
        let grab = try delivered(BillMessage.grab(requestor: requestor), signedBy: key.privateKey)
        #expect(try BillMessage.verifiedRequestor(of: grab, rendezvous: key.publicKey) == requestor)

        var rewritten = grab
        rewritten.requestToGrabBill.requestorOwner.value = Data(repeating: 9, count: 32)
        #expect(throws: BillExchangeError.manInTheMiddle) { try BillMessage.verifiedRequestor(of: rewritten, rendezvous: key.publicKey) }
        var unsigned = grab
        unsigned.clearSendMessageRequestSignature()
        #expect(throws: BillExchangeError.manInTheMiddle) { try BillMessage.verifiedRequestor(of: unsigned, rendezvous: key.publicKey) }
        let forged = try delivered(BillMessage.grab(requestor: requestor), signedBy: Curve25519.Signing.PrivateKey())
        #expect(throws: BillExchangeError.manInTheMiddle) { try BillMessage.verifiedRequestor(of: forged, rendezvous: key.publicKey) }
        let otherBill = RendezvousKey(payload: try CashCodePayload(kind: .multiCurrency, currency: .usd, amount: 5))
        #expect(throws: BillExchangeError.manInTheMiddle) { try BillMessage.verifiedRequestor(of: grab, rendezvous: otherBill.publicKey) }

        var data = Flipcash_V1_ExchangeData()
        data.amount.mint.address = Mint.usdf.address
        data.amount.quarks = 5_000_000
        data.nativeAmount = 5
        data.rate.rate.currency = "usd"
        let offer = try delivered(BillMessage.give(mint: .usdf, exchangeData: data), signedBy: key.privateKey)
        #expect(try BillMessage.verifiedOffer(of: offer, rendezvous: key.publicKey).exchangeData.amount.quarks == 5_000_000)
        var inflated = offer
        inflated.requestToGiveBill.exchangeData.amount.quarks = 1
        #expect(throws: BillExchangeError.manInTheMiddle) { try BillMessage.verifiedOffer(of: inflated, rendezvous: key.publicKey) }
        #expect(throws: BillExchangeError.manInTheMiddle) { try BillMessage.verifiedOffer(of: grab, rendezvous: key.publicKey) }
    }

    // MARK: Live rates

    @Test("the rate watcher takes the live stream's batches; they go stale at 13 minutes")
    func rateWatcher() async throws {
        try await Self.withCloud { cloud in
            let watcherClock = TestClock(cloud.clock.now)
            let client = FlipcashClient(
                client: cloud.client, ownerKey: Curve25519.Signing.PrivateKey(), now: cloud.clock.function, deadline: Self.deadline)
            let watcher = RateWatcher(client: client, currencies: [.usd, .eur], now: watcherClock.function)
            #expect(watcher.isStale)
            let updates = watcher.updates()
            let running = Task { await watcher.run() }
            defer { running.cancel() }
            var received: SignedRates?
            for await update in updates {
                if case .rates(let rates) = update {
                    received = rates
                    break
                }
            }
            let rates = try #require(received)
            #expect(Set(rates.currencies) == [.usd, .eur])
            #expect(rates.rate(.eur)?.fx == Decimal(string: "0.9"))
            #expect(watcher.latest.map { Set($0.currencies) } == [.usd, .eur])
            #expect(!watcher.isStale)
            #expect(watcher.consecutiveFailures == 0)
            watcherClock.advance(by: 13 * 60 - 1)
            #expect(!watcher.isStale)
            watcherClock.advance(by: 1)
            #expect(watcher.isStale)
        }
    }

    @Test("the rate watcher reconnects after 1 s, 2, 4 … 30 s, and starts over at 1 s once a stream delivered rates")
    func rateWatcherBackoff() async throws {
        let rates = try await Self.withCloud { cloud in
            let client = FlipcashClient(
                client: cloud.client, ownerKey: Curve25519.Signing.PrivateKey(), now: cloud.clock.function, deadline: Self.deadline)
            return try await client.exchangeRates()
        }
        let attempts = Mutex(0)
        let slept = Mutex<[Duration]>([])
        struct Stop: Error {}
        let watcher = RateWatcher(
            sleep: { duration in
                let count = slept.withLock { slept in
                    slept.append(duration)
                    return slept.count
                }
                if count >= 10 { throw Stop() }
            },
            connect: {
                let attempt = attempts.withLock { attempts in
                    attempts += 1
                    return attempts
                }
                return AsyncThrowingStream { continuation in
                    // The fourth stream delivers a batch, then drops; every other one fails at once.
                    if attempt == 4 {
                        continuation.yield(.rates(rates))
                        continuation.finish()
                    } else {
                        continuation.finish(throwing: FlipcashClientError.unreachable)
                    }
                }
            })
        await watcher.run()
        #expect(slept.withLock { $0 } == [1, 2, 4, 1, 2, 4, 8, 16, 30, 30].map { Duration.seconds($0) })
        #expect(watcher.latest != nil)
        #expect(watcher.consecutiveFailures == 7)
        #expect(ReconnectBackoff().delay(afterFailures: 100) == .seconds(30))
    }

    @Test("a silent rate stream is taken for dead and opened again")
    func rateWatcherSilence() async throws {
        let attempts = Mutex(0)
        let watcher = RateWatcher(
            silence: .milliseconds(300), sleep: { _ in },
            connect: {
                attempts.withLock { $0 += 1 }
                return AsyncThrowingStream { _ in }
            })
        let updates = watcher.updates()
        let running = Task { await watcher.run() }
        defer { running.cancel() }
        for await update in updates {
            if case .disconnected(let reason, let retryIn) = update {
                #expect(reason.contains("silent"))
                #expect(retryIn == .seconds(1))
                break
            }
        }
        #expect(attempts.withLock { $0 } >= 1)
    }
}

/// The Messaging service behind a server that changes what the giver's stream delivers: each
/// batch becomes the batches `rewrite` returns.
struct TamperingMessaging: Flipcash_V1_Messaging.SimpleServiceProtocol {
    let inner: MessagingService
    let rewrite: @Sendable ([Flipcash_V1_Message]) -> [[Flipcash_V1_Message]]

    struct Writer: RPCWriterProtocol {
        let base: RPCWriter<Flipcash_V1_OpenMessageStreamResponse>
        let rewrite: @Sendable ([Flipcash_V1_Message]) -> [[Flipcash_V1_Message]]

        func write(_ element: Flipcash_V1_OpenMessageStreamResponse) async throws {
            guard case .messages(let messages) = element.kind else { return try await base.write(element) }
            for batch in rewrite(messages.messages) {
                try await base.write(.with { $0.messages.messages = batch })
            }
        }

        func write(contentsOf elements: some Sequence<Flipcash_V1_OpenMessageStreamResponse>) async throws {
            for element in elements { try await write(element) }
        }
    }

    func openMessageStream(
        request: Flipcash_V1_OpenMessageStreamRequest, response: RPCWriter<Flipcash_V1_OpenMessageStreamResponse>, context: ServerContext
    ) async throws {
        try await inner.openMessageStream(request: request, response: RPCWriter(wrapping: Writer(base: response, rewrite: rewrite)), context: context)
    }

    func pollMessages(request: Flipcash_V1_PollMessagesRequest, context: ServerContext) async throws -> Flipcash_V1_PollMessagesResponse {
        try await inner.pollMessages(request: request, context: context)
    }

    func sendMessage(request: Flipcash_V1_SendMessageRequest, context: ServerContext) async throws -> Flipcash_V1_SendMessageResponse {
        try await inner.sendMessage(request: request, context: context)
    }

    func ackMessages(request: Flipcash_V1_AckMessagesRequest, context: ServerContext) async throws -> Flipcash_V1_AckMessagesResponse {
        try await inner.ackMessages(request: request, context: context)
    }
}
