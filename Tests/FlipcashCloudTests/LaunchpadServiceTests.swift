import FlipcashAPI
import FlipcashCore
import Foundation
import GRPCCore
import GRPCInProcessTransport
import TestSupport
import Testing

@testable import FlipcashCloud

/// The launchpad through the gRPC services and the client (issue 17), on every store: launch,
/// trades, the currency's description, signed reserve states in the rates (polled and live), and
/// a launchpad bill's exchange data.
@Suite("Launchpad services")
struct LaunchpadServiceTests {
    typealias Backend = LedgerStoreContractTests.Backend
    typealias Service = FlipcashServiceTests

    @Test("launch, buy, sell and show through the client; balances list the tokens; refusals name their field", arguments: Backend.available)
    func tradesThroughTheClient(backend: Backend) async throws {
        try await Service.withCloud(backend) { cloud in
            let alice = try cloud.wallet()
            let bob = try cloud.wallet()
            try await alice.register()
            try await bob.register()
            _ = try await alice.faucet(Service.usdf(1_000))
            cloud.clock.advance(by: 1)
            let info = try await alice.launch(name: "Moon Pie", symbol: "mpie")
            #expect(info.symbol == "MPIE")
            #expect(info.supplyQuarks == 0)
            #expect(info.spotPriceUSD == Decimal(string: "0.01"))
            #expect(info.creator == alice.client.owner)
            #expect(await Service.refusal { try await bob.launch(name: "Copy", symbol: "MPIE") }?.field == "launch_currency.symbol")

            cloud.clock.advance(by: 1)
            let bought = try await alice.buy(info.mint, usdfQuarks: 200_000_000)
            #expect(bought.receipt.kind == .buyCurrency)
            #expect(bought.receipt.received?.quarks == bought.quotedQuarks)
            let balances = try await alice.client.balances()
            #expect(balances.contains(TokenAmount(quarks: bought.quotedQuarks, mint: info.mint)))
            #expect(balances.contains(Service.usdf(800)))

            cloud.clock.advance(by: 1)
            let sold = try await alice.sell(info.mint, tokenQuarks: bought.quotedQuarks / 2)
            #expect(sold.receipt.received == TokenAmount(quarks: sold.quotedQuarks, mint: .usdf))
            let shown = try await bob.client.currency(info.mint)
            #expect(shown.supplyQuarks == bought.quotedQuarks - bought.quotedQuarks / 2)
            #expect(try await bob.client.mints().map(\.symbol) == ["USDF", "MPIE"])

            #expect(await Service.refusal { try await bob.sell(info.mint, tokenQuarks: 1) }?.field == "sell_currency.mint")
            #expect(await Service.refusal { try await bob.buy(info.mint, usdfQuarks: 1_000_000) }?.code == .insufficientFunds)
            let unknown = LaunchpadCurrency.mint(launchedBy: "nobody")
            #expect(await Service.refusal { try await bob.client.currency(unknown) }?.field == "mint.address")
            let history = try await alice.client.history()
            #expect(history.prefix(3).map(\.kind) == [.sellCurrency, .buyCurrency, .launchCurrency])
            try await cloud.store.checkInvariants()
        }
    }

    @Test("rates carry signed reserve states for the mints asked; the live stream sends a batch when a trade moves the supply")
    func reserveStates() async throws {
        try await Service.withCloud(.sqliteMemory) { cloud in
            let alice = try cloud.wallet()
            try await alice.register()
            _ = try await alice.faucet(Service.usdf(100))
            let mint = try await alice.launch(name: "Moon Pie", symbol: "MPIE").mint
            let rates = try await alice.client.exchangeRates([.usd], mints: [mint])
            #expect(rates.supplyQuarks(of: mint) == 0)
            // A bill of it is priced at that supply and carries the proof.
            _ = try await alice.buy(mint, usdfQuarks: 50_000_000)
            let fresh = try await alice.client.exchangeRates([.usd], mints: [mint])
            let supply = try #require(fresh.supplyQuarks(of: mint))
            #expect(supply > 0)
            let (data, exchanged) = try fresh.exchangeData(for: Service.usd(5), mint: mint, tokenBalanceQuarks: supply)
            #expect(data.hasReserve)
            #expect(data.reserve.state.supplyQuarks == supply)
            #expect(exchanged.mint == mint)

            var events = alice.client.exchangeRateStream([.usd], mints: [mint]).makeAsyncIterator()
            var first: SignedRates?
            while first == nil, let event = try await events.next() {
                if case .rates(let batch) = event { first = batch }
            }
            #expect(first?.supplyQuarks(of: mint) == supply)
            _ = try await alice.buy(mint, usdfQuarks: 10_000_000)
            var moved: UInt64?
            while moved == nil || moved == supply, let event = try await events.next() {
                if case .rates(let batch) = event { moved = batch.supplyQuarks(of: mint) }
            }
            #expect(try #require(moved) > supply)

            // A bill worth more than the tokens held is refused, never shrunk to what is held.
            let bob = try cloud.wallet()
            try await bob.register()
            _ = try await bob.faucet(Service.usdf(20))
            _ = try await bob.buy(mint, usdfQuarks: 10_000_000)
            let refusal = await Service.refusal { try await bob.prepareGive(Service.usd(30), mint: mint) }
            #expect(refusal?.code == .insufficientFunds)
            #expect(refusal?.available?.mint == mint)
            // One worth more than the whole supply is refused too.
            #expect(await Service.refusal { try await alice.prepareGive(Service.usd(1_000_000_000_000), mint: mint) }?.field == "amount")
            // And one finer than a cent, before anything is priced.
            let finer = Service.usd(try #require(Decimal(string: "0.001")))
            await #expect(throws: AmountError.finerThanCurrency(finer)) { try await alice.prepareGive(finer, mint: mint) }
        }
    }

    @Test("16 buys and sells of one currency at once: each settles at the supply it saw, and the books add up", arguments: Backend.available)
    func concurrentTrades(backend: Backend) async throws {
        try await PaymentStoreContractTests.withStore(backend) { store in
            let start = PaymentsTests.start
            let traders = (0..<8).map { OwnerID("trader-\($0)") }
            for trader in traders {
                #expect(
                    try await store.submit(PaymentsTests.intent("fund-\(trader)", trader, .faucet(PaymentsTests.usdf(1_000))), at: start) == .settled)
            }
            let launch = PaymentsTests.intent("launch", traders[0], .launchCurrency(name: "Race", symbol: "RACE"))
            #expect(try await store.submit(launch, at: start) == .settled)
            let mint = LaunchpadCurrency.mint(launchedBy: "launch")
            for trader in traders {
                let buy = PaymentsTests.intent("seed-\(trader)", trader, .buyCurrency(mint, usdfQuarks: 10_000_000, minimumTokenQuarks: 0))
                #expect(try await store.submit(buy, at: start) == .settled)
            }
            let held = try await traders.asyncMap { try await store.balance(of: $0, mint: mint) }
            let answers = try await withThrowingTaskGroup(of: Payments.Answer.self) { group in
                for (index, trader) in traders.enumerated() {
                    group.addTask {
                        try await store.answer(
                            PaymentsTests.intent("buy-\(index)", trader, .buyCurrency(mint, usdfQuarks: 25_000_000, minimumTokenQuarks: 0)), at: start
                        )
                    }
                    group.addTask {
                        try await store.answer(
                            PaymentsTests.intent("sell-\(index)", trader, .sellCurrency(mint, tokenQuarks: held[index] / 2, minimumUSDFQuarks: 0)),
                            at: start)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.allSatisfy { $0.outcome == .settled })
            try await store.checkInvariants()
            // Every token the pool let go is held by a trader; every USDF quark is a trader's, the
            // reserve's or the fee account's.
            let pool = try #require(try await store.launchpadPool(mint))
            let tokens = try await traders.asyncMap { try await store.balance(of: $0, mint: mint) }.reduce(0, +)
            #expect(tokens == pool.supplyQuarks)
            let usdf = try await traders.asyncMap { try await store.balance(of: $0, mint: .usdf) }.reduce(0, +)
            let fees = try await store.account(Payments.feesAccount(mint))?.available ?? 0
            #expect(usdf + pool.reserveUSDFQuarks + fees == 8_000_000_000)
        }
    }
}
