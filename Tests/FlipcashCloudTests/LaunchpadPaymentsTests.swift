import FlipcashCore
import Foundation
import TestSupport
import Testing

@testable import FlipcashCloud

/// The launchpad's payment rules (issue 17): launches, purchases and sales as linked ledger
/// transfers against a currency's pool, reserve and fee accounts, exact to the quark, with the
/// books balanced and the reserve able to buy every token back after every operation.
@Suite("Launchpad rules")
struct LaunchpadPaymentsTests {
    typealias Rules = PaymentsTests
    let curve = DiscreteBondingCurve.shared

    /// Alice with $2,000, Bob and Carol open, and Alice's currency "MPIE" launched.
    static func launched() throws -> (Payments, Mint) {
        var payments = Rules.funded()
        let launch = Rules.intent("launch", Rules.alice, .launchCurrency(name: "Moon Pie", symbol: "MPIE"))
        let answer = payments.answer(launch, at: Rules.start)
        #expect(answer.outcome == .settled)
        let mint = LaunchpadCurrency.mint(launchedBy: "launch")
        #expect(answer.received == TokenAmount(quarks: 0, mint: mint))
        try payments.checkInvariants()
        return (payments, mint)
    }

    @Test("a launch puts the whole supply in the pool; a retry answers the same; a taken symbol is refused by field")
    func launch() throws {
        var (payments, mint) = try Self.launched()
        #expect(payments.supplyQuarks(of: mint) == 0)
        #expect(payments.ledger.accounts[Payments.liquidityAccount(mint)]?.available == DiscreteBondingCurve.maxSupplyQuarks)
        #expect(payments.currencies[mint]?.currency.symbol == "MPIE")
        #expect(payments.currencies[mint]?.creator == Rules.alice)
        let retry = Rules.intent("launch", Rules.alice, .launchCurrency(name: "Moon Pie", symbol: "MPIE"))
        #expect(payments.submit(retry, at: Rules.start.addingTimeInterval(60)) == .settled)
        let taken = Rules.intent("launch-2", Rules.bob, .launchCurrency(name: "Other", symbol: "MPIE"))
        #expect(
            payments.submit(taken, at: Rules.start) == .refused(.invalid(field: "launch_currency.symbol", reason: "is taken by another currency")))
        let renamed = Rules.intent("launch", Rules.alice, .launchCurrency(name: "Moon Cake", symbol: "MPIE"))
        #expect(payments.submit(renamed, at: Rules.start) == .refused(.conflict(field: "launch_currency.name")))
        try payments.checkInvariants()
    }

    @Test("a purchase moves USDF into the reserve and the curve's tokens out of the pool, exactly")
    func buy() throws {
        var (payments, mint) = try Self.launched()
        let expected = try curve.buyTrade(usdfQuarks: 100_000_000, supplyQuarks: 0)
        let answer = payments.answer(
            Rules.intent("buy", Rules.bob, .buyCurrency(mint, usdfQuarks: 100_000_000, minimumTokenQuarks: 0)), at: Rules.start)
        // Bob has no USDF: refused, nothing moved.
        #expect(answer.outcome == .refused(.insufficientFunds(available: 0)))
        let buy = Rules.intent("buy-a", Rules.alice, .buyCurrency(mint, usdfQuarks: 100_000_000, minimumTokenQuarks: expected.tokenQuarks))
        let bought = payments.answer(buy, at: Rules.start)
        #expect(bought.outcome == .settled)
        #expect(bought.received == TokenAmount(quarks: expected.tokenQuarks, mint: mint))
        #expect(payments.balance(of: Rules.alice, mint: mint) == expected.tokenQuarks)
        #expect(payments.balance(of: Rules.alice, mint: .usdf) == 1_900_000_000)
        #expect(payments.ledger.accounts[Payments.reserveAccount(mint)]?.available == 100_000_000)
        #expect(payments.supplyQuarks(of: mint) == expected.tokenQuarks)
        // A retry after the price moved answers the first settlement, not a new price.
        #expect(
            payments.submit(Rules.intent("buy-c", Rules.alice, .buyCurrency(mint, usdfQuarks: 500_000_000, minimumTokenQuarks: 0)), at: Rules.start)
                == .settled)
        #expect(payments.answer(buy, at: Rules.start).received == bought.received)
        try payments.checkInvariants()
    }

    @Test("a minimum the price no longer gives refuses the trade, names the field and moves nothing")
    func slippage() throws {
        var (payments, mint) = try Self.launched()
        let before = payments.ledger
        let quote = try curve.buyTrade(usdfQuarks: 10_000_000, supplyQuarks: 0)
        let greedy = Rules.intent("buy", Rules.alice, .buyCurrency(mint, usdfQuarks: 10_000_000, minimumTokenQuarks: quote.tokenQuarks + 1))
        guard case .refused(.invalid(let field, _)) = payments.submit(greedy, at: Rules.start) else {
            Issue.record("a buy under its minimum settled")
            return
        }
        #expect(field == "buy_currency.minimum_token_quarks")
        #expect(payments.ledger == before)
        _ = payments.submit(Rules.intent("buy-2", Rules.alice, .buyCurrency(mint, usdfQuarks: 10_000_000, minimumTokenQuarks: 0)), at: Rules.start)
        let held = payments.balance(of: Rules.alice, mint: mint)
        let sale = try curve.sellTrade(tokenQuarks: held, feeBps: 100, supplyQuarks: held)
        let greedySale = Rules.intent("sell", Rules.alice, .sellCurrency(mint, tokenQuarks: held, minimumUSDFQuarks: sale.netUSDFQuarks + 1))
        guard case .refused(.invalid(let sellField, _)) = payments.submit(greedySale, at: Rules.start) else {
            Issue.record("a sale under its minimum settled")
            return
        }
        #expect(sellField == "sell_currency.minimum_usdf_quarks")
        try payments.checkInvariants()
    }

    @Test("a sale pays the curve's value less a 1 % fee rounded up; the fee collects in the currency's fee account")
    func sell() throws {
        var (payments, mint) = try Self.launched()
        _ = payments.submit(Rules.intent("buy", Rules.alice, .buyCurrency(mint, usdfQuarks: 250_000_000, minimumTokenQuarks: 0)), at: Rules.start)
        let held = payments.balance(of: Rules.alice, mint: mint)
        let part = held / 3
        let expected = try curve.sellTrade(tokenQuarks: part, feeBps: 100, supplyQuarks: held)
        let answer = payments.answer(Rules.intent("sell", Rules.alice, .sellCurrency(mint, tokenQuarks: part, minimumUSDFQuarks: 0)), at: Rules.start)
        #expect(answer.outcome == .settled)
        #expect(answer.received == TokenAmount(quarks: expected.netUSDFQuarks, mint: .usdf))
        #expect(expected.feeUSDFQuarks > 0)
        #expect(payments.ledger.accounts[Payments.feesAccount(mint)]?.available == expected.feeUSDFQuarks)
        #expect(payments.ledger.accounts[Payments.reserveAccount(mint)]?.available == 250_000_000 - expected.grossUSDFQuarks)
        #expect(payments.balance(of: Rules.alice, mint: .usdf) == 1_750_000_000 + expected.netUSDFQuarks)
        #expect(payments.supplyQuarks(of: mint) == held - part)
        // More than held: refused with what is held; tokens of another owner cannot be sold.
        #expect(
            payments.submit(Rules.intent("sell-2", Rules.alice, .sellCurrency(mint, tokenQuarks: held, minimumUSDFQuarks: 0)), at: Rules.start)
                == .refused(.insufficientFunds(available: held - part)))
        #expect(
            payments.submit(Rules.intent("sell-3", Rules.bob, .sellCurrency(mint, tokenQuarks: 1, minimumUSDFQuarks: 0)), at: Rules.start)
                == .refused(.accountNotOpen(mint)))
        try payments.checkInvariants()
    }

    @Test("tokens move between people like USDF; unknown mints and launchpad faucets are refused by field")
    func tokensMoveAndStrangersAreRefused() throws {
        var (payments, mint) = try Self.launched()
        _ = payments.submit(Rules.intent("buy", Rules.alice, .buyCurrency(mint, usdfQuarks: 50_000_000, minimumTokenQuarks: 0)), at: Rules.start)
        let tokens = TokenAmount(quarks: payments.balance(of: Rules.alice, mint: mint) / 2, mint: mint)
        #expect(payments.submit(Rules.intent("open", Rules.bob, .openAccount(mint)), at: Rules.start) == .settled)
        let pay = Rules.intent("pay", Rules.alice, .sendPayment(destination: Rules.bob, amount: tokens, usdMicros: 25_000_000))
        #expect(payments.submit(pay, at: Rules.start) == .settled)
        #expect(payments.balance(of: Rules.bob, mint: mint) == tokens.quarks)
        let stranger = LaunchpadCurrency.mint(launchedBy: "never-launched")
        #expect(
            payments.submit(Rules.intent("open-x", Rules.bob, .openAccount(stranger)), at: Rules.start)
                == .refused(.invalid(field: "open_account.mint", reason: "is not a currency this server settles")))
        #expect(
            payments.submit(Rules.intent("buy-x", Rules.bob, .buyCurrency(stranger, usdfQuarks: 1, minimumTokenQuarks: 0)), at: Rules.start)
                == .refused(.invalid(field: "buy_currency.mint", reason: "is not a currency this server settles")))
        guard case .refused(.invalid(let field, _)) = payments.submit(Rules.intent("mint-free", Rules.bob, .faucet(tokens)), at: Rules.start) else {
            Issue.record("a faucet of launchpad tokens settled")
            return
        }
        #expect(field == "faucet.amount.mint")
        try payments.checkInvariants()
    }

    @Test("buying the whole curve takes only what it costs; then nothing is left to buy, and every token sells back")
    func wholeCurve() throws {
        var payments = Payments(faucetEnabled: true)
        let whale = Rules.alice
        #expect(
            payments.submit(Rules.intent("fund", whale, .faucet(TokenAmount(quarks: 2_000_000_000_000_000_000, mint: .usdf))), at: Rules.start)
                == .settled)
        #expect(payments.submit(Rules.intent("launch", whale, .launchCurrency(name: "All", symbol: "ALL")), at: Rules.start) == .settled)
        let mint = LaunchpadCurrency.mint(launchedBy: "launch")
        let all = payments.answer(
            Rules.intent("buy", whale, .buyCurrency(mint, usdfQuarks: 1_500_000_000_000_000_000, minimumTokenQuarks: 0)), at: Rules.start)
        #expect(all.received?.quarks == DiscreteBondingCurve.maxSupplyQuarks)
        let reserve = try #require(payments.ledger.accounts[Payments.reserveAccount(mint)]?.available)
        #expect(reserve < 1_500_000_000_000_000_000)
        #expect(
            payments.submit(Rules.intent("buy-more", whale, .buyCurrency(mint, usdfQuarks: 1_000_000, minimumTokenQuarks: 0)), at: Rules.start)
                == .refused(.invalid(field: "buy_currency.usdf_quarks", reason: "buys no tokens at the current price")))
        try payments.checkInvariants()
        let sale = payments.answer(
            Rules.intent("sell", whale, .sellCurrency(mint, tokenQuarks: DiscreteBondingCurve.maxSupplyQuarks, minimumUSDFQuarks: 0)), at: Rules.start
        )
        #expect(sale.outcome == .settled)
        #expect(payments.supplyQuarks(of: mint) == 0)
        try payments.checkInvariants()
    }

    @Test("random buys and sells by several people: conservation, the reserve covers the supply, and nobody ends with more USDF than they put in")
    func randomTrades() throws {
        var random = SplitMix64(seed: 0x1A0C)
        for round in 0..<20 {
            var payments = Payments(faucetEnabled: true)
            let people = (0..<3).map { OwnerID("trader-\($0)") }
            for person in people {
                _ = payments.submit(Rules.intent("fund-\(person)", person, .faucet(Rules.usdf(10_000))), at: Rules.start)
            }
            _ = payments.submit(Rules.intent("launch-\(round)", people[0], .launchCurrency(name: "R", symbol: "RND")), at: Rules.start)
            let mint = LaunchpadCurrency.mint(launchedBy: "launch-\(round)")
            for step in 0..<60 {
                let person = people.randomElement(using: &random)!
                let id = "\(round)-\(step)"
                if Bool.random(using: &random) {
                    let usdf = UInt64.random(in: 1...2_000_000_000, using: &random)
                    _ = payments.submit(Rules.intent(id, person, .buyCurrency(mint, usdfQuarks: usdf, minimumTokenQuarks: 0)), at: Rules.start)
                } else {
                    let held = payments.balance(of: person, mint: mint)
                    guard held > 0 else { continue }
                    let tokens = UInt64.random(in: 1...held, using: &random)
                    _ = payments.submit(Rules.intent(id, person, .sellCurrency(mint, tokenQuarks: tokens, minimumUSDFQuarks: 0)), at: Rules.start)
                }
                try payments.checkInvariants()
            }
            // Everyone sells everything back: together they end with less USDF than they began.
            for person in people {
                let held = payments.balance(of: person, mint: mint)
                if held > 0 {
                    #expect(
                        payments.submit(
                            Rules.intent("last-\(round)-\(person)", person, .sellCurrency(mint, tokenQuarks: held, minimumUSDFQuarks: 0)),
                            at: Rules.start)
                            == .settled)
                }
            }
            let total = people.reduce(UInt64(0)) { $0 + payments.balance(of: $1, mint: .usdf) }
            #expect(total <= 30_000_000_000)
            #expect(payments.supplyQuarks(of: mint) == 0)
            let left =
                (payments.ledger.accounts[Payments.reserveAccount(mint)]?.available ?? 0)
                + (payments.ledger.accounts[Payments.feesAccount(mint)]?.available ?? 0)
            #expect(total + left == 30_000_000_000)
            try payments.checkInvariants()
        }
    }
}
