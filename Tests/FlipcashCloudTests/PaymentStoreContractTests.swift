import FlipcashCloudPostgres
import FlipcashCore
import Foundation
import PostgresStorage
import PostgresTestSupport
import TestSupport
import Testing

@testable import FlipcashCloud

/// What every payment store must do, checked against the pure ``Payments`` rules: the same
/// answers and balances on random sequences, and limits that hold under concurrent sends.
@Suite("Payment store contract")
struct PaymentStoreContractTests {
    static let start = PaymentsTests.start

    typealias Backend = LedgerStoreContractTests.Backend

    /// A fresh payment store of `backend` with `settings` (the faucet on by default), for `body`.
    static func withStore<T: Sendable>(
        _ backend: Backend, settings: PaymentSettings = .init(faucetEnabled: true), _ body: (any PaymentStore & LedgerStore) async throws -> T
    ) async throws -> T {
        switch backend {
        case .sqliteMemory, .sqliteFile:
            return try await backend.withSQLiteStore { store in
                var store = store
                store.paymentSettings = settings
                return try await body(store)
            }
        case .postgres:
            return try await PostgresTestDatabase.withTestDatabase { client, schema async throws in
                var store = try await PostgresLedgerStore.open(client: client, schema: schema.rawValue, logger: PostgresTestDatabase.quietLogger)
                store.paymentSettings = settings
                return try await body(store)
            }
        }
    }

    @Test("random sequences with clock moves, voids and expiry sweeps: the store answers what the rules do", arguments: Backend.available)
    func equalsRules(backend: Backend) async throws {
        var generator = SplitMix64(seed: 0xF11E)
        let owners = (0..<4).map { OwnerID("owner-\($0)") }
        for round in 0..<(backend == .sqliteMemory ? 60 : 15) {
            try await Self.withStore(backend) { store in
                var rules = Payments(faucetEnabled: true)
                var now = Self.start
                var cards: [GiftCardID] = []
                var sent: [PaymentIntent] = []
                for step in 0..<40 {
                    let owner = owners.randomElement(using: &generator)!
                    let dollars = [0.5, 5, 100, 249.99, 250, 400].randomElement(using: &generator)!
                    let amount = PaymentsTests.usdf(dollars)
                    let id = "r\(round)-\(step)"
                    let intent: PaymentIntent
                    switch Int.random(in: 0..<10, using: &generator) {
                    case 0:
                        now = now.addingTimeInterval(Double.random(in: 0...(3 * 86_400), using: &generator))
                        continue
                    case 1:
                        #expect(try await store.returnExpiredGiftCards(at: now, limit: 100) == rules.returnExpiredGiftCards(at: now))
                        continue
                    case 6 where !cards.isEmpty:
                        let card = cards.randomElement(using: &generator)!
                        #expect(try await store.voidGiftCard(card, by: owner, at: now) == rules.voidGiftCard(card, by: owner, at: now))
                        continue
                    case 2 where !sent.isEmpty: intent = sent.randomElement(using: &generator)!
                    case 3: intent = PaymentsTests.intent(id, owner, .faucet(amount))
                    case 4:
                        let card = GiftCardID("card-\(round)-\(step)")
                        cards.append(card)
                        intent = PaymentsTests.intent(id, owner, .sendGiftCard(card, amount: amount, usdMicros: amount.quarks))
                    case 5 where !cards.isEmpty: intent = PaymentsTests.intent(id, owner, .claimGiftCard(cards.randomElement(using: &generator)!))
                    case 7: intent = PaymentsTests.intent(id, owner, .openAccount(.usdf))
                    default: intent = PaymentsTests.send(id, owner, to: owners.randomElement(using: &generator)!, dollars)
                    }
                    sent.append(intent)
                    let expected = rules.submit(intent, at: now)
                    let actual = try await store.submit(intent, at: now)
                    #expect(actual == expected, "round \(round) step \(step): \(intent)")
                }
                for owner in owners {
                    #expect(try await store.balance(of: owner, mint: .usdf) == rules.balance(of: owner, mint: .usdf))
                }
                try await store.checkInvariants()
            }
        }
    }

    @Test("20 concurrent $100 sends from one owner with $5,000: exactly 10 pass the daily $1,000", arguments: Backend.available)
    func concurrentSendsRespectTheDailyLimit(backend: Backend) async throws {
        try await Self.withStore(backend) { store in
            let alice = PaymentsTests.alice
            let bob = PaymentsTests.bob
            #expect(try await store.submit(PaymentsTests.intent("fund", alice, .faucet(PaymentsTests.usdf(5_000))), at: Self.start) == .settled)
            #expect(try await store.submit(PaymentsTests.intent("open", bob, .openAccount(.usdf)), at: Self.start) == .settled)
            let outcomes = try await withThrowingTaskGroup(of: IntentOutcome.self) { group in
                for number in 0..<20 {
                    group.addTask { try await store.submit(PaymentsTests.send("send-\(number)", alice, to: bob, 100), at: Self.start) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 == .settled }.count == 10)
            #expect(outcomes.filter { $0 == .refused(.limitExceeded(remainingUSDMicros: 0)) }.count == 10)
            #expect(try await store.balance(of: bob, mint: .usdf) == 1_000_000_000)
            try await store.checkInvariants()
        }
    }

    @Test(
        "an intent is found by id as first answered; history is the owner's and what they received, newest first, in pages",
        arguments: Backend.available)
    func recordsAndHistory(backend: Backend) async throws {
        try await Self.withStore(backend) { store in
            let alice = PaymentsTests.alice
            let bob = PaymentsTests.bob
            #expect(try await store.submit(PaymentsTests.intent("fund", alice, .faucet(PaymentsTests.usdf(100))), at: Self.start) == .settled)
            #expect(try await store.submit(PaymentsTests.intent("open", bob, .openAccount(.usdf)), at: Self.start) == .settled)
            for number in 1...5 {
                _ = try await store.submit(PaymentsTests.send("p\(number)", alice, to: bob, 30), at: Self.start.addingTimeInterval(Double(number)))
            }
            let refused = try await store.record(IntentID("p4"))
            #expect(refused?.outcome == .refused(.insufficientFunds(available: 10_000_000)))
            #expect(refused?.submittedAt == Self.start.addingTimeInterval(4))
            #expect(try await store.record(IntentID("nope")) == nil)
            let newest = try await store.history(of: alice, before: nil, limit: 3)
            #expect(newest.map(\.intent.id.rawValue) == ["p5", "p4", "p3"])
            let next = try await store.history(of: alice, before: newest.last.map(Payments.HistoryPosition.init), limit: 3)
            #expect(next.map(\.intent.id.rawValue) == ["p2", "p1", "fund"])
            // Bob sees the payments he received, not the ones refused.
            #expect(try await store.history(of: bob, before: nil, limit: 10).map(\.intent.id.rawValue) == ["p3", "p2", "p1", "open"])
            #expect(try await store.history(of: alice, before: nil, limit: 0).isEmpty)
        }
    }

    @Test("history pages of one item each walk intents that share a time, none twice or skipped", arguments: Backend.available)
    func historyPagesThroughEqualTimes(backend: Backend) async throws {
        try await Self.withStore(backend) { store in
            let alice = PaymentsTests.alice
            let ids = ["b", "D", "a", "9", "C"]
            for id in ids {
                _ = try await store.submit(PaymentsTests.intent(id, alice, .openAccount(.usdf)), at: Self.start)
            }
            var seen: [String] = []
            var position: Payments.HistoryPosition?
            while let record = try await store.history(of: alice, before: position, limit: 1).first {
                seen.append(record.intent.id.rawValue)
                position = Payments.HistoryPosition(record)
            }
            #expect(seen == ids.sorted(by: >))
        }
    }

    @Test("registering is once per owner; a shared secret is the first one offered, for every caller", arguments: Backend.available)
    func registrationsAndSharedSecrets(backend: Backend) async throws {
        try await Self.withStore(backend) { store in
            let alice = PaymentsTests.alice
            #expect(try await store.registration(of: alice) == nil)
            let first = try await store.register(alice, at: Self.start)
            #expect(first == OwnerRegistration(registeredAt: Self.start, isNew: true))
            let again = try await store.register(alice, at: Self.start.addingTimeInterval(60))
            #expect(again == OwnerRegistration(registeredAt: Self.start, isNew: false))
            #expect(try await store.registration(of: alice) == Self.start)
            #expect(try await store.registration(of: PaymentsTests.bob) == nil)

            let one = Data(repeating: 1, count: 32)
            let two = Data(repeating: 2, count: 32)
            let answers = try await withThrowingTaskGroup(of: Data.self) { group in
                for candidate in [one, two, one, two] {
                    group.addTask { try await store.sharedSecret(named: "rate-key", candidate: candidate) }
                }
                return try await group.reduce(into: Set<Data>()) { $0.insert($1) }
            }
            #expect(answers.count == 1)
            #expect(try await store.sharedSecret(named: "rate-key", candidate: Data([9])) == answers.first)
            #expect(try await store.sharedSecret(named: "other", candidate: two) == two)
        }
    }

    @Test("a cash link is read back with its state", arguments: Backend.available)
    func giftCardsAreReadBack(backend: Backend) async throws {
        try await Self.withStore(backend) { store in
            let alice = PaymentsTests.alice
            let card = GiftCardID("card")
            _ = try await store.submit(PaymentsTests.intent("fund", alice, .faucet(PaymentsTests.usdf(10))), at: Self.start)
            #expect(try await store.giftCard(card) == nil)
            let send = PaymentsTests.intent("link", alice, .sendGiftCard(card, amount: PaymentsTests.usdf(5), usdMicros: 5_000_000))
            #expect(try await store.submit(send, at: Self.start) == .settled)
            #expect(try await store.giftCard(card)?.state == .open)
            #expect(try await store.voidGiftCard(card, by: alice, at: Self.start) == .returned(now: true))
            #expect(try await store.giftCard(card)?.state == .voided)
            #expect(try await store.giftCard(card)?.issuer == alice)
        }
    }
}
