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

    /// A fresh payment store of `backend` with the faucet on, for `body`.
    static func withStore<T: Sendable>(_ backend: Backend, _ body: (any PaymentStore & LedgerStore) async throws -> T) async throws -> T {
        switch backend {
        case .sqliteMemory, .sqliteFile:
            return try await backend.withSQLiteStore { store in
                var store = store
                store.paymentSettings = .init(faucetEnabled: true)
                return try await body(store)
            }
        case .postgres:
            return try await PostgresTestDatabase.withTestDatabase { client, schema async throws in
                var store = try await PostgresLedgerStore.open(client: client, schema: schema.rawValue, logger: PostgresTestDatabase.quietLogger)
                store.paymentSettings = .init(faucetEnabled: true)
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

    @Test("an intent is found by id as first answered; history is the owner's, newest first, in pages", arguments: Backend.available)
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
            let next = try await store.history(of: alice, before: newest.last?.submittedAt, limit: 3)
            #expect(next.map(\.intent.id.rawValue) == ["p2", "p1", "fund"])
            #expect(try await store.history(of: bob, before: nil, limit: 10).map(\.intent.id.rawValue) == ["open"])
            #expect(try await store.history(of: alice, before: nil, limit: 0).isEmpty)
        }
    }
}
