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
        _ backend: Backend, settings: PaymentSettings = .init(faucetEnabled: true),
        _ body: (any PaymentStore & LedgerStore & RendezvousStore) async throws -> T
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

    @Test("8 people claim one link at once: one wins, the others are told it was claimed", arguments: Backend.available)
    func concurrentClaimers(backend: Backend) async throws {
        try await Self.withStore(backend) { store in
            let alice = PaymentsTests.alice
            let card = GiftCardID("contested")
            _ = try await store.submit(PaymentsTests.intent("fund", alice, .faucet(PaymentsTests.usdf(10))), at: Self.start)
            let send = PaymentsTests.intent("link", alice, .sendGiftCard(card, amount: PaymentsTests.usdf(5), usdMicros: 5_000_000))
            #expect(try await store.submit(send, at: Self.start) == .settled)
            let outcomes = try await withThrowingTaskGroup(of: (OwnerID, IntentOutcome).self) { group in
                for number in 0..<8 {
                    let claimer = OwnerID("claimer-\(number)")
                    group.addTask {
                        (claimer, try await store.submit(PaymentsTests.intent("claim-\(number)", claimer, .claimGiftCard(card)), at: Self.start))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let winners = outcomes.filter { $0.1 == .settled }
            #expect(winners.count == 1)
            #expect(outcomes.filter { $0.1 == .refused(.giftCardSettled) }.count == 7)
            let winner = try #require(winners.first?.0)
            #expect(try await store.balance(of: winner, mint: .usdf) == 5_000_000)
            try await store.checkInvariants()
        }
    }

    @Test(
        "a claim in its last second races the return at 7 days, and a void: exactly one of them moves the money",
        arguments: Backend.available)
    func claimRacesReturnAndVoid(backend: Backend) async throws {
        try await Self.withStore(backend) { store in
            let alice = PaymentsTests.alice
            let bob = PaymentsTests.bob
            _ = try await store.submit(PaymentsTests.intent("fund", alice, .faucet(PaymentsTests.usdf(100))), at: Self.start)
            for round in 0..<10 {
                let card = GiftCardID("race-\(round)")
                let send = PaymentsTests.intent("link-\(round)", alice, .sendGiftCard(card, amount: PaymentsTests.usdf(1), usdMicros: 1_000_000))
                #expect(try await store.submit(send, at: Self.start) == .settled)
                let giftCard = try #require(try await store.giftCard(card))
                let lastClaimSecond = giftCard.claimableUntil.addingTimeInterval(-1)
                async let claim = store.submit(PaymentsTests.intent("claim-\(round)", bob, .claimGiftCard(card)), at: lastClaimSecond)
                async let returned = store.returnExpiredGiftCards(at: giftCard.expiresAt, limit: 100)
                async let voided = store.voidGiftCard(card, by: alice, at: lastClaimSecond)
                let (claimOutcome, returnedCards, voidOutcome) = try await (claim, returned, voided)
                let winners = [claimOutcome == .settled, returnedCards.contains(card), voidOutcome == .returned(now: true)]
                #expect(winners.filter { $0 }.count == 1, "round \(round): \(claimOutcome), \(returnedCards), \(voidOutcome)")
                let state = try #require(try await store.giftCard(card)?.state)
                switch state {
                case .claimed: #expect(claimOutcome == .settled)
                case .returned: #expect(returnedCards == [card])
                case .voided: #expect(voidOutcome == .returned(now: true))
                case .open: Issue.record("round \(round): the link is still open")
                }
                try await store.checkInvariants()
            }
            // Every dollar is with Alice or Bob.
            let total = try await store.balance(of: alice, mint: .usdf) + store.balance(of: bob, mint: .usdf)
            #expect(total == 100_000_000)
        }
    }

    @Test("a send stamped before an earlier one (a clock that went back) still counts towards the daily limit", arguments: Backend.available)
    func outOfOrderSendsCount(backend: Backend) async throws {
        try await Self.withStore(backend) { store in
            let alice = PaymentsTests.alice
            let bob = PaymentsTests.bob
            _ = try await store.submit(PaymentsTests.intent("fund", alice, .faucet(PaymentsTests.usdf(5_000))), at: Self.start)
            _ = try await store.submit(PaymentsTests.intent("open", bob, .openAccount(.usdf)), at: Self.start)
            let times = [0, -100, 10, 10, 10].map { Self.start.addingTimeInterval(Double($0)) }
            for (number, time) in times.enumerated() {
                #expect(try await store.submit(PaymentsTests.send("s\(number)", alice, to: bob, 200), at: time) == .settled)
            }
            let over = try await store.submit(PaymentsTests.send("over", alice, to: bob, 1), at: Self.start.addingTimeInterval(20))
            #expect(over == .refused(.limitExceeded(remainingUSDMicros: 0)))
            #expect(try await store.nextTransactionLimit(for: alice, at: Self.start.addingTimeInterval(20)) == 0)
            // A day after the earliest send, its $200 is free again, and only its.
            let later = Self.start.addingTimeInterval(86_400 - 100 + 1)
            #expect(try await store.nextTransactionLimit(for: alice, at: later) == 200_000_000)
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
