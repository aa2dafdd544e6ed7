import FlipcashCore
import Foundation
import TestSupport
import Testing

@testable import FlipcashCloud

@Suite("Payment rules")
struct PaymentsTests {
    static let alice = OwnerID("alice")
    static let bob = OwnerID("bob")
    static let carol = OwnerID("carol")
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func usdf(_ dollars: Double) -> TokenAmount { TokenAmount(quarks: UInt64((dollars * 1_000_000).rounded()), mint: .usdf) }

    static func intent(_ id: String, _ owner: OwnerID, _ action: IntentAction) -> PaymentIntent {
        PaymentIntent(id: IntentID(id), owner: owner, action: action)
    }

    static func send(_ id: String, _ from: OwnerID, to: OwnerID, _ dollars: Double) -> PaymentIntent {
        let amount = usdf(dollars)
        return intent(id, from, .sendPayment(destination: to, amount: amount, usdMicros: amount.quarks))
    }

    /// Alice with $2,000 from the faucet; Bob and Carol with open accounts.
    static func funded() -> Payments {
        var payments = Payments(faucetEnabled: true)
        #expect(payments.submit(intent("fund", alice, .faucet(usdf(2_000))), at: start) == .settled)
        #expect(payments.submit(intent("open-bob", bob, .openAccount(.usdf)), at: start) == .settled)
        #expect(payments.submit(intent("open-carol", carol, .openAccount(.usdf)), at: start) == .settled)
        return payments
    }

    @Test("a payment moves money; a retry answers the same; another body under the id is a conflict naming the field")
    func paymentAndRetries() throws {
        var payments = Self.funded()
        let pay = Self.send("p1", Self.alice, to: Self.bob, 5)
        #expect(payments.submit(pay, at: Self.start) == .settled)
        #expect(payments.submit(pay, at: Self.start.addingTimeInterval(3_600)) == .settled)
        #expect(payments.balance(of: Self.alice, mint: .usdf) == 1_995_000_000)
        #expect(payments.balance(of: Self.bob, mint: .usdf) == 5_000_000)
        #expect(
            payments.submit(Self.send("p1", Self.alice, to: Self.carol, 5), at: Self.start)
                == .refused(.conflict(field: "send_payment.destination_owner")))
        #expect(
            payments.submit(Self.send("p1", Self.alice, to: Self.bob, 6), at: Self.start)
                == .refused(.conflict(field: "send_payment.exchange_data.amount.quarks")))
        #expect(payments.submit(Self.send("p1", Self.bob, to: Self.alice, 5), at: Self.start) == .refused(.conflict(field: "auth.owner")))
        #expect(payments.submit(Self.intent("p1", Self.alice, .openAccount(.usdf)), at: Self.start) == .refused(.conflict(field: "action")))
        try payments.checkInvariants()
    }

    @Test("a refused intent stays refused under its id, even once the money is there")
    func refusalStays() throws {
        var payments = Self.funded()
        let tooMuch = Self.send("p1", Self.bob, to: Self.carol, 10)
        #expect(payments.submit(tooMuch, at: Self.start) == .refused(.insufficientFunds(available: 0)))
        #expect(payments.submit(Self.send("gift", Self.alice, to: Self.bob, 20), at: Self.start) == .settled)
        #expect(payments.submit(tooMuch, at: Self.start) == .refused(.insufficientFunds(available: 0)))
        #expect(payments.submit(Self.send("p2", Self.bob, to: Self.carol, 10), at: Self.start) == .settled)
        try payments.checkInvariants()
    }

    @Test("$250.00 passes, $250.000001 does not; the daily $1,000 slides exactly at +24 h; receiving is not counted")
    func limits() throws {
        var payments = Self.funded()
        #expect(
            payments.submit(Self.send("over", Self.alice, to: Self.bob, 250.000001), at: Self.start)
                == .refused(.limitExceeded(remainingUSDMicros: 250_000_000)))
        for number in 0..<4 {
            #expect(payments.submit(Self.send("p\(number)", Self.alice, to: Self.bob, 250), at: Self.start) == .settled)
        }
        #expect(payments.nextTransactionLimit(for: Self.alice, at: Self.start) == 0)
        #expect(
            payments.submit(Self.send("p4", Self.alice, to: Self.bob, 0.01), at: Self.start.addingTimeInterval(86_399))
                == .refused(.limitExceeded(remainingUSDMicros: 0)))
        #expect(payments.submit(Self.send("p5", Self.alice, to: Self.bob, 250), at: Self.start.addingTimeInterval(86_400)) == .settled)
        // Bob received $1,000 and may still send his own $250.
        #expect(payments.nextTransactionLimit(for: Self.bob, at: Self.start) == 250_000_000)
        try payments.checkInvariants()
    }

    @Test("a cash link is claimed once; a second claim, and a void after it, change nothing")
    func giftCardClaim() throws {
        var payments = Self.funded()
        let card = GiftCardID("link-1")
        #expect(
            payments.submit(Self.intent("send-link", Self.alice, .sendGiftCard(card, amount: Self.usdf(5), usdMicros: 5_000_000)), at: Self.start)
                == .settled)
        #expect(payments.balance(of: Self.alice, mint: .usdf) == 1_995_000_000)
        #expect(payments.submit(Self.intent("claim-1", Self.bob, .claimGiftCard(card)), at: Self.start.addingTimeInterval(60)) == .settled)
        #expect(payments.balance(of: Self.bob, mint: .usdf) == 5_000_000)
        #expect(payments.submit(Self.intent("claim-1", Self.bob, .claimGiftCard(card)), at: Self.start) == .settled)
        #expect(payments.submit(Self.intent("claim-2", Self.carol, .claimGiftCard(card)), at: Self.start) == .refused(.giftCardSettled))
        #expect(payments.voidGiftCard(card, by: Self.alice, at: Self.start) == .claimedByOther)
        #expect(payments.voidGiftCard(card, by: Self.bob, at: Self.start) == .denied)
        #expect(payments.returnExpiredGiftCards(at: Self.start.addingTimeInterval(8 * 86_400)).isEmpty)
        #expect(payments.balance(of: Self.bob, mint: .usdf) == 5_000_000)
        try payments.checkInvariants()
    }

    @Test("claims stop a minute before the 7 days; the return comes once, whether by void or by expiry")
    func giftCardExpiry() throws {
        var payments = Self.funded()
        let card = GiftCardID("link-2")
        let fund = Self.intent("send-link", Self.alice, .sendGiftCard(card, amount: Self.usdf(5), usdMicros: 5_000_000))
        #expect(payments.submit(fund, at: Self.start) == .settled)
        let lastMinute = Self.start.addingTimeInterval(7 * 86_400 - 60)
        #expect(payments.submit(Self.intent("late", Self.bob, .claimGiftCard(card)), at: lastMinute) == .refused(.giftCardExpired))
        #expect(payments.returnExpiredGiftCards(at: lastMinute).isEmpty)
        #expect(payments.returnExpiredGiftCards(at: Self.start.addingTimeInterval(7 * 86_400)) == [card])
        #expect(payments.returnExpiredGiftCards(at: Self.start.addingTimeInterval(9 * 86_400)).isEmpty)
        #expect(payments.voidGiftCard(card, by: Self.alice, at: Self.start) == .returned(now: false))
        #expect(payments.balance(of: Self.alice, mint: .usdf) == 2_000_000_000)
        let other = GiftCardID("link-3")
        #expect(
            payments.submit(Self.intent("send-3", Self.alice, .sendGiftCard(other, amount: Self.usdf(1), usdMicros: 1_000_000)), at: Self.start)
                == .settled)
        #expect(payments.voidGiftCard(other, by: Self.alice, at: Self.start) == .returned(now: true))
        #expect(payments.voidGiftCard(other, by: Self.alice, at: Self.start) == .returned(now: false))
        #expect(payments.returnExpiredGiftCards(at: Self.start.addingTimeInterval(30 * 86_400)).isEmpty)
        #expect(payments.submit(Self.intent("claim-voided", Self.bob, .claimGiftCard(other)), at: Self.start) == .refused(.giftCardSettled))
        #expect(payments.balance(of: Self.alice, mint: .usdf) == 2_000_000_000)
        try payments.checkInvariants()
    }

    @Test("bad input is refused with the field and changes nothing")
    func invalidIntents() throws {
        var payments = Self.funded()
        let closed = Payments()
        var closedFaucet = closed
        #expect(closedFaucet.submit(Self.intent("f", Self.alice, .faucet(Self.usdf(1))), at: Self.start) == .refused(.faucetClosed))
        #expect(
            payments.submit(Self.send("self", Self.alice, to: Self.alice, 1), at: Self.start)
                == .refused(.invalid(field: "send_payment.destination_owner", reason: "is the sender")))
        #expect(
            payments.submit(Self.send("zero", Self.alice, to: Self.bob, 0), at: Self.start)
                == .refused(.invalid(field: "send_payment.exchange_data.amount.quarks", reason: "is zero")))
        #expect(
            payments.submit(Self.send("nobody", Self.alice, to: OwnerID("dave"), 1), at: Self.start)
                == .refused(.invalid(field: "send_payment.destination_owner", reason: "has no account for this mint")))
        #expect(
            payments.submit(Self.intent("unknown", Self.bob, .claimGiftCard(GiftCardID("nope"))), at: Self.start)
                == .refused(.invalid(field: "claim_gift_card.gift_card", reason: "is not a cash link")))
        #expect(payments.voidGiftCard(GiftCardID("nope"), by: Self.alice, at: Self.start) == .notFound)
        #expect(payments.balance(of: Self.alice, mint: .usdf) == 2_000_000_000)
        try payments.checkInvariants()
    }

    /// Random owners sending, linking, claiming, voiding and retrying while the clock moves:
    /// the invariants hold after every step, and replaying any intent answers what it first did.
    @Test("2,000 random sequences of 50 steps with clock moves: invariants hold, replays answer the same")
    func randomSequences() throws {
        var generator = SplitMix64(seed: 0xF11C)
        let owners = (0..<4).map { OwnerID("owner-\($0)") }
        for _ in 0..<2_000 {
            var payments = Payments(faucetEnabled: true)
            var now = Self.start
            var submitted: [(PaymentIntent, IntentOutcome)] = []
            var cards: [GiftCardID] = []
            for step in 0..<50 {
                let owner = owners.randomElement(using: &generator)!
                let dollars = [0.5, 5, 100, 249.99, 250, 400].randomElement(using: &generator)!
                let amount = Self.usdf(dollars)
                let id = "i\(step)"
                switch Int.random(in: 0..<10, using: &generator) {
                case 0: now = now.addingTimeInterval(Double.random(in: 0...(3 * 86_400), using: &generator))
                case 1: _ = payments.returnExpiredGiftCards(at: now)
                case 2 where !submitted.isEmpty:
                    let (intent, first) = submitted.randomElement(using: &generator)!
                    #expect(payments.submit(intent, at: now) == first, "replay of \(intent.id)")
                case 3:
                    submitted.append((Self.intent(id, owner, .faucet(amount)), payments.submit(Self.intent(id, owner, .faucet(amount)), at: now)))
                case 4:
                    let card = GiftCardID("card-\(step)")
                    cards.append(card)
                    let intent = Self.intent(id, owner, .sendGiftCard(card, amount: amount, usdMicros: amount.quarks))
                    submitted.append((intent, payments.submit(intent, at: now)))
                case 5 where !cards.isEmpty:
                    let intent = Self.intent(id, owner, .claimGiftCard(cards.randomElement(using: &generator)!))
                    submitted.append((intent, payments.submit(intent, at: now)))
                case 6 where !cards.isEmpty:
                    _ = payments.voidGiftCard(cards.randomElement(using: &generator)!, by: owner, at: now)
                case 7:
                    let intent = Self.intent(id, owner, .openAccount(.usdf))
                    submitted.append((intent, payments.submit(intent, at: now)))
                default:
                    let intent = Self.send(id, owner, to: owners.randomElement(using: &generator)!, dollars)
                    submitted.append((intent, payments.submit(intent, at: now)))
                }
                try payments.checkInvariants()
            }
        }
    }
}
