import Foundation
import Logging
import TestSupport
import Testing

@testable import FlipcashCore

@MainActor
@Suite("Flipcash view models: amount entry and balances from the cache")
struct ViewModelTests {
    private func dollars(_ text: String) -> Decimal { Decimal(string: text)! }

    private func entry(balanceQuarks: UInt64 = 10_000_000, rate: Rate = .oneToOne, limits: SendLimits? = nil) -> EnterAmountViewModel {
        EnterAmountViewModel(
            rate: rate, balance: TokenAmount(quarks: balanceQuarks, mint: .usdf), limits: limits, formatter: .enUS,
            logger: Logger(label: "test"))
    }

    private func type(_ keys: String, into model: EnterAmountViewModel) {
        for key in keys {
            switch key {
            case ".": model.press(.decimalPoint)
            case "<": model.press(.backspace)
            default: model.press(.digit(Int(String(key))!))
            }
        }
    }

    @Test("the keypad builds the text, refuses a second point and extra fraction digits, and deletes")
    func keypad() {
        let model = entry()
        #expect(model.text == "0")
        type("012.345", into: model)
        #expect(model.text == "12.34")
        type(".", into: model)
        #expect(model.text == "12.34")
        type("<<<", into: model)
        #expect(model.text == "12")
        type("<<<", into: model)
        #expect(model.text == "0")
        type("1234567", into: model)
        #expect(model.displayText == "$1,234,567")
    }

    @Test("JPY takes no decimal point; switching currency starts the entry over")
    func currencies() throws {
        let model = entry()
        type("5.5", into: model)
        model.switchCurrency(to: try Rate(fx: 150, currency: .jpy))
        #expect(model.text == "0")
        type("1.5", into: model)
        #expect(model.text == "15")
        #expect(model.displayText == "¥15")
        #expect(model.enteredAmount == FiatAmount(value: 15, currency: .jpy))
    }

    @Test("states: empty, ready, over the balance with the shortfall, over the limit with the maximum")
    func states() throws {
        let limits = try SendLimits(nextTransaction: .usd(5), maxPerTransaction: .usd(250), maxPerDay: .usd(1_000))
        let model = entry(balanceQuarks: 10_000_000, limits: limits)
        #expect(model.state == .empty)
        type("4.99", into: model)
        #expect(model.state == .ready)
        type("<<<<", into: model)
        type("6", into: model)
        #expect(model.state == .exceedsLimit(maximum: .usd(5)))
        #expect(throws: EnterAmountError.exceedsLimit(maximum: .usd(5))) { try model.submit() }
        model.limits = nil
        type("<12", into: model)
        #expect(model.state == .exceedsBalance(shortfall: .usd(2)))
        #expect(model.maximum == .usd(10))
    }

    @Test("submit gives the exact on-chain amount: CAD at 1.35 is 740,741 quarks for 1 CAD (half-up)")
    func submitRoundsHalfUp() throws {
        let model = entry(rate: try Rate(fx: dollars("1.35"), currency: .cad))
        type("1", into: model)
        let amount = try model.submit()
        #expect(amount.onChainAmount == TokenAmount(quarks: 740_741, mint: .usdf))
        #expect(amount.nativeAmount == FiatAmount(value: 1, currency: .cad))
    }

    @Test("typing the whole balance as displayed sends the whole balance")
    func wholeBalance() throws {
        // 7.404 USDF shown in CAD at 1.35 is 9.9954, displayed 10.00: typing 10 sends all of it.
        let model = entry(balanceQuarks: 7_404_000, rate: try Rate(fx: dollars("1.35"), currency: .cad))
        type("10", into: model)
        #expect(model.state == .ready)
        let amount = try model.submit()
        #expect(amount.onChainAmount.quarks == 7_404_000)
    }

    @Test("balances and history come from the cache, in the person's currency")
    func balances() throws {
        let cache = try FlipcashCache.inMemory()
        let cad = try Rate(fx: dollars("1.4"), currency: .cad)
        try cache.saveRates([cad], at: Date())
        try cache.replaceBalances([TokenAmount(quarks: 5_000_000, mint: .usdf)], at: Date())
        let payment = try ExchangedFiat(nativeAmount: FiatAmount(value: 7, currency: .cad), rate: cad)
        try cache.record([ActivityItem(id: "p1", kind: .received, state: .completed, amount: payment, createdAt: Date())])
        let model = BalancesViewModel(cache: cache, formatter: .enUS, logger: Logger(label: "test"))
        model.reload(in: .cad)
        #expect(model.rows.map(\.amount.nativeAmount) == [FiatAmount(value: 7, currency: .cad)])
        #expect(model.total == FiatAmount(value: 7, currency: .cad))
        #expect(model.history.map(\.item.id) == ["p1"])
        #expect(model.failure == nil)
        model.reload(in: .jpy)  // no cached JPY rate: shown in USD rather than guessed
        #expect(model.total.currency == .usd)
    }
}

@MainActor
@Suite("BillViewModel: what the giver shows")
struct BillViewModelTests {
    @Test("a bill carries its amount, code, rings and rendezvous key, and its picture scans back")
    func bill() throws {
        var generator = SplitMix64(seed: 42)
        let model = try BillViewModel(amount: FiatAmount(value: Decimal(string: "7.5")!, currency: .cad), formatter: .enUS, using: &generator)
        #expect(model.payload.kind == .multiCurrency)
        #expect(model.payload.amount == Decimal(string: "7.5"))
        #expect(model.code.count == 35)
        #expect(Array(model.code[13..<15]) == [0x02, 0x00])
        #expect(model.rings.rings.map(\.count) == CashCodeRings.ringSizes)
        #expect(model.rendezvousAddress == RendezvousKey(payload: model.payload).publicKeyBase58)
        #expect(try CashCodeSVG.scan(try model.svg()) == model.payload)
        var other = SplitMix64(seed: 43)
        let next = try BillViewModel(amount: model.amount, using: &other)
        #expect(next.rendezvousAddress != model.rendezvousAddress)  // a fresh nonce, a fresh key
    }
}
