import FlipcashCore
import Foundation
import TestSupport
import Testing

@testable import FlipcashCloud

/// Model-based tests of every payment store: random sequences of opens, sends, links, claims,
/// voids, expiry sweeps, clock moves and launchpad launches, buys, sells and token sends, seeded, run against the store and against the pure
/// ``Payments`` rules (the model); a disagreement is shrunk to a minimal sequence before it is
/// reported. Then the idempotency property: any prefix of the requests, replayed in any order,
/// answers what it first answered and changes nothing.
@Suite("Payment store model")
struct PaymentStoreModelTests {
    typealias Backend = LedgerStoreContractTests.Backend
    static let start = PaymentsTests.start
    static let owners = (0..<4).map { OwnerID("owner-\($0)") }

    enum Operation: Hashable, Sendable, CustomStringConvertible {
        case advance(TimeInterval)
        case sweep
        case void(GiftCardID, by: OwnerID)
        case submit(PaymentIntent)

        var description: String {
            switch self {
            case .advance(let seconds): "advance \(seconds) s"
            case .sweep: "return expired links"
            case .void(let card, let owner): "void \(card) by \(owner)"
            case .submit(let intent): "submit \(intent.id) by \(intent.owner): \(intent.action)"
            }
        }
    }

    static func randomOperations(_ generator: inout SplitMix64, round: Int, count: Int) -> [Operation] {
        var operations: [Operation] = []
        var cards: [GiftCardID] = []
        var sent: [PaymentIntent] = []
        var launched: [Mint] = []
        for step in 0..<count {
            let owner = owners.randomElement(using: &generator)!
            let dollars = [0.5, 5, 100, 249.99, 250, 400].randomElement(using: &generator)!
            let amount = PaymentsTests.usdf(dollars)
            let id = "r\(round)-\(step)"
            let intent: PaymentIntent
            switch Int.random(in: 0..<15, using: &generator) {
            case 0:
                // Now and then the clock goes back (a server with a slow clock): sends land out of order.
                operations.append(.advance(Double.random(in: -7_200...(3 * 86_400), using: &generator).rounded()))
                continue
            case 1:
                operations.append(.sweep)
                continue
            case 6 where !cards.isEmpty:
                operations.append(.void(cards.randomElement(using: &generator)!, by: owner))
                continue
            case 2 where !sent.isEmpty: intent = sent.randomElement(using: &generator)!
            case 3: intent = PaymentsTests.intent(id, owner, .faucet(amount))
            case 4:
                let card = GiftCardID("card-\(round)-\(step)")
                cards.append(card)
                intent = PaymentsTests.intent(id, owner, .sendGiftCard(card, amount: amount, usdMicros: amount.quarks))
            case 5 where !cards.isEmpty: intent = PaymentsTests.intent(id, owner, .claimGiftCard(cards.randomElement(using: &generator)!))
            case 7: intent = PaymentsTests.intent(id, owner, .openAccount(.usdf))
            case 8: intent = PaymentsTests.intent(id, owner, .deposit(amount))
            case 9:
                // Two symbols only: a second launch of one is refused.
                let symbol = ["AAA", "BBB"].randomElement(using: &generator)!
                intent = PaymentsTests.intent(id, owner, .launchCurrency(name: "Coin \(symbol)", symbol: symbol))
                launched.append(LaunchpadCurrency.mint(launchedBy: id))
            case 10 where !launched.isEmpty:
                // Now and then a minimum the price cannot give.
                let minimum: UInt64 = Bool.random(using: &generator) ? 0 : 1 << 60
                intent = PaymentsTests.intent(
                    id, owner, .buyCurrency(launched.randomElement(using: &generator)!, usdfQuarks: amount.quarks, minimumTokenQuarks: minimum))
            case 11 where !launched.isEmpty:
                let tokens: UInt64 = [1, 10_000, 50_000_000, 1_000_000_000_000, 250_000_000_000_000].randomElement(using: &generator)!
                intent = PaymentsTests.intent(
                    id, owner, .sellCurrency(launched.randomElement(using: &generator)!, tokenQuarks: tokens, minimumUSDFQuarks: 0))
            case 12 where !launched.isEmpty:
                let tokens = TokenAmount(
                    quarks: [UInt64(1), 1_000_000_000_000].randomElement(using: &generator)!, mint: launched.randomElement(using: &generator)!)
                intent = PaymentsTests.intent(
                    id, owner, .sendPayment(destination: owners.randomElement(using: &generator)!, amount: tokens, usdMicros: 10_000))
            case 13 where !launched.isEmpty:
                intent = PaymentsTests.intent(id, owner, .openAccount(launched.randomElement(using: &generator)!))
            default: intent = PaymentsTests.send(id, owner, to: owners.randomElement(using: &generator)!, dollars)
            }
            sent.append(intent)
            operations.append(.submit(intent))
        }
        return operations
    }

    /// Runs `operations` on a fresh store and on the model; the first disagreement (answers,
    /// balances, invariants), or nil. `replies` collects each submit's answer.
    static func firstDisagreement(
        _ operations: [Operation], backend: Backend,
        replies: (@Sendable ([(PaymentIntent, IntentOutcome)], any PaymentStore & LedgerStore) async throws -> Void)? = nil
    ) async throws -> String? {
        try await PaymentStoreContractTests.withStore(backend) { store in
            var rules = Payments(faucetEnabled: true)
            var now = start
            var answers: [(PaymentIntent, IntentOutcome)] = []
            for (step, operation) in operations.enumerated() {
                switch operation {
                case .advance(let seconds):
                    now = now.addingTimeInterval(seconds)
                case .sweep:
                    let expected = rules.returnExpiredGiftCards(at: now)
                    let actual = try await store.returnExpiredGiftCards(at: now, limit: 100)
                    if actual != expected { return "step \(step) (\(operation)): store \(actual), model \(expected)" }
                case .void(let card, let owner):
                    let expected = rules.voidGiftCard(card, by: owner, at: now)
                    let actual = try await store.voidGiftCard(card, by: owner, at: now)
                    if actual != expected { return "step \(step) (\(operation)): store \(actual), model \(expected)" }
                case .submit(let intent):
                    let expected = rules.answer(intent, at: now)
                    let actual = try await store.answer(intent, at: now)
                    if actual.outcome != expected.outcome || actual.received != expected.received {
                        return "step \(step) (\(operation)): store \(actual), model \(expected)"
                    }
                    answers.append((intent, actual.outcome))
                }
                // Conservation and the other invariants after every operation, in the store.
                do {
                    try await store.checkInvariants()
                } catch {
                    return "step \(step) (\(operation)): \(error)"
                }
            }
            for owner in owners {
                for mint in [Mint.usdf] + rules.currencies.keys.sorted(by: { $0.address < $1.address }) {
                    let actual = try await store.balance(of: owner, mint: mint)
                    let expected = rules.balance(of: owner, mint: mint)
                    if actual != expected { return "balance of \(owner) in \(mint): store \(actual), model \(expected)" }
                }
            }
            for owner in owners {
                let expected = Payments.ordered(
                    rules.ledger.accounts.values.filter { $0.kind == .user && $0.id.rawValue.hasPrefix("user:\(owner.rawValue):") }
                        .map { TokenAmount(quarks: $0.available ?? 0, mint: $0.mint) })
                let actual = try await store.balances(of: owner)
                if actual != expected { return "balances of \(owner): store \(actual), model \(expected)" }
            }
            for (mint, launched) in rules.currencies {
                let pool = try await store.launchpadPool(mint)
                let expected = LaunchpadPool(launched: launched, ledger: rules.ledger)
                if pool != expected { return "pool of \(mint): store \(String(describing: pool)), model \(expected)" }
            }
            try await replies?(answers, store)
            return nil
        }
    }

    /// Removes operations one at a time while the sequence still fails.
    static func shrink(_ operations: [Operation], backend: Backend) async throws -> [Operation] {
        var current = operations
        var index = 0
        while index < current.count {
            var candidate = current
            candidate.remove(at: index)
            if try await firstDisagreement(candidate, backend: backend) != nil { current = candidate } else { index += 1 }
        }
        return current
    }

    @Test("random sequences against the store and the model agree, with the invariants after every operation", arguments: Backend.available)
    func storeIsTheModel(backend: Backend) async throws {
        var generator = SplitMix64(seed: 0xF11E)
        for round in 0..<(backend == .sqliteMemory ? 80 : 15) {
            let operations = Self.randomOperations(&generator, round: round, count: 40)
            if let disagreement = try await Self.firstDisagreement(operations, backend: backend) {
                let minimal = try await Self.shrink(operations, backend: backend)
                Issue.record("\(disagreement)\nminimal sequence:\n\(minimal.map(\.description).joined(separator: "\n"))")
                return
            }
        }
    }

    @Test("any prefix of the requests, replayed in any order, answers as first answered and changes nothing", arguments: Backend.available)
    func replayIsIdempotent(backend: Backend) async throws {
        var generator = SplitMix64(seed: 0x1D3)
        for round in 0..<(backend == .sqliteMemory ? 30 : 8) {
            let operations = Self.randomOperations(&generator, round: round, count: 40)
            let seed = generator.next()
            let disagreement = try await Self.firstDisagreement(operations, backend: backend) { answers, store in
                var generator = SplitMix64(seed: seed)
                // The first answer per id (a conflicting body under a taken id is not a new intent).
                var first: [IntentID: (PaymentIntent, IntentOutcome)] = [:]
                for (intent, outcome) in answers where first[intent.id] == nil { first[intent.id] = (intent, outcome) }
                let ordered = first.values.sorted { $0.0.id < $1.0.id }
                let balances = try await Self.owners.asyncMap { try await store.balance(of: $0, mint: .usdf) }
                let prefix = ordered.prefix(Int.random(in: 0...ordered.count, using: &generator)).shuffled(using: &generator)
                // Replayed at a later time: a retry's answer does not depend on when it comes.
                for (intent, outcome) in prefix {
                    let again = try await store.submit(intent, at: Self.start.addingTimeInterval(30 * 86_400))
                    #expect(again == outcome, "\(intent.id): first \(outcome), again \(again)")
                }
                #expect(try await Self.owners.asyncMap { try await store.balance(of: $0, mint: .usdf) } == balances)
                try await store.checkInvariants()
            }
            #expect(disagreement == nil, "\(disagreement ?? "")")
        }
    }
}

extension Array {
    /// `transform` applied to each element in order, awaiting each.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
