import Foundation
import Testing

@testable import FlipcashCore

@Suite("ExchangedFiat: on-chain amount, native amount and rate")
struct ExchangedFiatTests {
    private let fiat = AmountFixtures.fiat
    private let d = AmountFixtures.decimal
    private let jeffy = AmountFixtures.launchpad

    private func usd(_ value: String) throws -> ExchangedFiat {
        try ExchangedFiat(nativeAmount: fiat(value, .usd), rate: .oneToOne)
    }

    // MARK: Section C — subtractingFee

    @Test("USD 5.00 is 5,000,000 quarks; a 500,000 fee leaves 4,500,000")
    func subtractingFee() throws {
        let amount = try usd("5.00")
        #expect(amount.onChainAmount.quarks == 5_000_000)
        let result = try amount.subtractingFee(TokenAmount(quarks: 500_000, mint: .usdf))
        #expect(result.onChainAmount.quarks == 4_500_000)
        #expect(result.nativeAmount == fiat("4.5", .usd))
    }

    @Test("USD 0.50 minus a 500,000 fee leaves 0")
    func subtractingFeeToZero() throws {
        let result = try usd("0.50").subtractingFee(TokenAmount(quarks: 500_000, mint: .usdf))
        #expect(result.onChainAmount.quarks == 0)
        #expect(result.nativeAmount.value == 0)
    }

    @Test("CAD 7.00 at 1.4 is 5,000,000 quarks; a 500,000 fee leaves 4,500,000 and 6.30 CAD")
    func subtractingFeeNonUSD() throws {
        let amount = try ExchangedFiat(nativeAmount: fiat("7.00", .cad), rate: AmountFixtures.rate("1.4", .cad))
        #expect(amount.onChainAmount.quarks == 5_000_000)
        let result = try amount.subtractingFee(TokenAmount(quarks: 500_000, mint: .usdf))
        #expect(result.onChainAmount.quarks == 4_500_000)
        #expect(result.nativeAmount == fiat("6.30", .cad))
        #expect(result.currencyRate.currency == .cad)
    }

    @Test("a fee larger than the amount, or of another mint, is an error")
    func subtractingFeeErrors() throws {
        let amount = try usd("0.50")
        #expect(throws: AmountError.feeExceedsAmount(feeQuarks: 500_001, amountQuarks: 500_000)) {
            try amount.subtractingFee(TokenAmount(quarks: 500_001, mint: .usdf))
        }
        #expect(throws: AmountError.mintMismatch(.usdf, jeffy)) { try amount.subtractingFee(TokenAmount(quarks: 1, mint: jeffy)) }
    }

    // MARK: Section C — subtracting

    @Test("bonded: 10 tokens / $1 minus 8 tokens / $0.80 = 2·10^10 quarks / $0.20")
    func subtractingBonded() throws {
        let requested = try ExchangedFiat(
            onChainAmount: TokenAmount(quarks: 10 * 10_000_000_000, mint: jeffy), nativeAmount: fiat("1", .usd),
            currencyRate: .oneToOne)
        let balance = try ExchangedFiat(
            onChainAmount: TokenAmount(quarks: 8 * 10_000_000_000, mint: jeffy), nativeAmount: fiat("0.80", .usd),
            currencyRate: .oneToOne)
        let shortfall = try requested.subtracting(balance)
        #expect(shortfall.onChainAmount.quarks == 2 * 10_000_000_000)
        #expect(shortfall.nativeAmount == fiat("0.20", .usd))
        #expect(shortfall.currencyRate == .oneToOne)
    }

    @Test("USDF: 7 USDF / 9.80 CAD minus 5 USDF / 7 CAD = 2,000,000 quarks / 2.80 CAD")
    func subtractingUSDF() throws {
        let cad = try AmountFixtures.rate("1.4", .cad)
        let requested = try ExchangedFiat(
            onChainAmount: TokenAmount(quarks: 7_000_000, mint: .usdf), nativeAmount: fiat("9.80", .cad), currencyRate: cad)
        let balance = try ExchangedFiat(
            onChainAmount: TokenAmount(quarks: 5_000_000, mint: .usdf), nativeAmount: fiat("7", .cad), currencyRate: cad)
        let delta = try requested.subtracting(balance)
        #expect(delta.onChainAmount.quarks == 2_000_000)
        #expect(delta.nativeAmount == fiat("2.80", .cad))
        #expect(delta.currencyRate.currency == .cad)
        #expect(try delta.adding(balance) == requested)
    }

    @Test("combining different mints or rates, or going below zero, is an error")
    func combiningErrors() throws {
        let five = try usd("5")
        let cadRate = try AmountFixtures.rate("1.4", .cad)
        let cad = try ExchangedFiat(nativeAmount: fiat("7", .cad), rate: cadRate)
        #expect(throws: AmountError.rateMismatch(.oneToOne, cadRate)) { try five.subtracting(cad) }
        let token = ExchangedFiat.zero(mint: jeffy, rate: .oneToOne)
        #expect(throws: AmountError.mintMismatch(.usdf, jeffy)) { try five.adding(token) }
        #expect(throws: AmountError.negativeResult) { try five.subtracting(usd("6")) }
    }

    @Test("the native amount must be in the rate's currency")
    func invariant() throws {
        #expect(throws: AmountError.currencyMismatch(.cad, .usd)) {
            try ExchangedFiat(onChainAmount: .zero(.usdf), nativeAmount: fiat("1", .cad), currencyRate: .oneToOne)
        }
        #expect(throws: AmountError.currencyMismatch(.cad, .usd)) { try ExchangedFiat(nativeAmount: fiat("1", .cad), rate: .oneToOne) }
        #expect(throws: AmountError.negativeValue(-1)) { try ExchangedFiat(nativeAmount: fiat("-1", .usd), rate: .oneToOne) }
        let mismatched = Data(
            #"""
            {"onChainAmount":{"quarks":"1","mint":"5AMAA9JV9H97YYVxx8F6FsCMmTwXSuTTQneiup4RYAUQ"},
             "nativeAmount":{"value":"1","currency":"cad"},"currencyRate":{"fx":"1","currency":"usd"}}
            """#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ExchangedFiat.self, from: mismatched) }
    }

    @Test("round-trips through JSON exactly")
    func codable() throws {
        let amount = try ExchangedFiat(nativeAmount: fiat("10", .cad), rate: AmountFixtures.rate("1.35", .cad))
        let decoded = try JSONDecoder().decode(ExchangedFiat.self, from: JSONEncoder().encode(amount))
        #expect(decoded == amount)
        #expect(decoded.onChainAmount.quarks == 7_407_407)
    }

    // MARK: Section C — launchpadSellFee and helpers

    @Test("the sell fee on $20.20 is quarks/100 and shows as $0.20")
    func sellFee() throws {
        let gross = try usd("20.20")
        let fee = gross.launchpadSellFee(bps: 100)
        #expect(fee.onChainAmount.quarks == gross.onChainAmount.quarks / 100)
        #expect(fee.nativeAmount.formatted() == "$0.20")
    }

    @Test("a fee that rounds to 0 quarks also shows as 0")
    func sellFeeZero() throws {
        let tiny = try ExchangedFiat(
            onChainAmount: TokenAmount(quarks: 50, mint: .usdf), nativeAmount: fiat("0.00005", .usd), currencyRate: .oneToOne)
        let fee = tiny.launchpadSellFee(bps: 100)
        #expect(fee.onChainAmount.quarks == 0)
        #expect(fee.nativeAmount.value == 0)
    }

    @Test("on a $20 balance: fee $0.20, net $19.80")
    func sellFeeOnBalance() throws {
        let balance = try usd("20")
        let fee = balance.launchpadSellFee(bps: 100)
        let net = try balance.subtractingFee(fee.onChainAmount)
        #expect(fee.nativeAmount.formatted() == "$0.20")
        #expect(net.nativeAmount.formatted() == "$19.80")
    }

    @Test("on 21e6·10^10 quarks the fee is 2,100,000,000,000,000 quarks, with no overflow")
    func sellFeeMaxSupply() throws {
        let holding = try ExchangedFiat(
            onChainAmount: TokenAmount(quarks: 21_000_000 * 10_000_000_000, mint: jeffy), nativeAmount: fiat("1", .usd),
            currencyRate: .oneToOne)
        #expect(holding.launchpadSellFee(bps: 100).onChainAmount.quarks == 2_100_000_000_000_000)
        let all = try ExchangedFiat(
            onChainAmount: TokenAmount(quarks: .max, mint: jeffy), nativeAmount: fiat("1", .usd), currencyRate: .oneToOne)
        #expect(all.launchpadSellFee(bps: 10_000).onChainAmount.quarks == .max)
        #expect(all.launchpadSellFee(bps: 50_000).onChainAmount.quarks == .max)
        #expect(all.launchpadSellFee(bps: 1).onChainAmount.quarks == UInt64.max / 10_000)
    }

    @Test("grossing up by 100% returns the input; spendable helpers format as the reference says")
    func sellFeeHelpers() {
        #expect(fiat("20", .usd).grossingUpLaunchpadSellFee(bps: 10_000) == fiat("20", .usd))
        #expect(fiat("19.80", .usd).grossingUpLaunchpadSellFee(bps: 100) == fiat("20", .usd))
        #expect(fiat("20", .usd).spendableUnderGrossedUpSellFee(bps: 100).formatted() == "$19.80")
        #expect(fiat("10.10", .usd).spendableUnderSellFeeOnTop(bps: 100).formatted() == "$10.00")
        #expect(fiat("20", .usd).spendableUnderSellFeeOnTop(bps: 12_000).formatted() == "$10.00")
        #expect(fiat("20", .usd).spendableUnderSellFeeOnTop(bps: 0) == fiat("20", .usd))
        #expect(fiat("20", .usd).spendableUnderGrossedUpSellFee(bps: 0) == fiat("20", .usd))
    }

    @Test("entryAffordableAfterFee floors the correction, and is nil when the entry fits")
    func entryAffordable() {
        let ten = fiat("10.00", .usd)
        #expect(FiatAmount.entryAffordableAfterFee(entered: 10, balance: ten, feeBps: 100, feeChargedOnTop: true)?.formatted() == "$9.90")
        #expect(FiatAmount.entryAffordableAfterFee(entered: 10, balance: ten, feeBps: 100, feeChargedOnTop: false)?.formatted() == "$9.90")
        let tenEleven = fiat("10.11", .usd)
        let trimmed = FiatAmount.entryAffordableAfterFee(entered: d("10.11"), balance: tenEleven, feeBps: 100, feeChargedOnTop: true)
        #expect(trimmed == fiat("10.00", .usd))
        #expect(FiatAmount.entryAffordableAfterFee(entered: 5, balance: ten, feeBps: 100, feeChargedOnTop: true) == nil)
        #expect(FiatAmount.entryAffordableAfterFee(entered: 10, balance: ten, feeBps: 0, feeChargedOnTop: true) == nil)
    }

    // MARK: Constructors and conversion (USDF)

    @Test("compute(onChainAmount:) for USDF is quarks/10^6 · fx, unrounded")
    func computeFromQuarksUSDF() throws {
        let cad = try AmountFixtures.rate("1.3548", .cad)
        let value = ExchangedFiat.compute(onChainAmount: TokenAmount(quarks: 1_234_567, mint: .usdf), rate: cad, supplyQuarks: nil)
        #expect(value.nativeAmount == fiat("1.6725913716", .cad))
        #expect(value.usdfValue == fiat("1.234567", .usd))
        #expect(value.mint == .usdf)
    }

    @Test("compute(fromEntered:) for USDF: half-up quarks, entered native kept, capped at the balance")
    func computeFromEnteredUSDF() throws {
        let cad = try AmountFixtures.rate("1.4", .cad)
        let five = try #require(try ExchangedFiat.compute(fromEntered: fiat("5", .cad), rate: cad, mint: .usdf, supplyQuarks: 0))
        #expect(five.onChainAmount.quarks == 3_571_429)
        #expect(five.nativeAmount == fiat("5", .cad))
        let capped = try #require(
            try ExchangedFiat.compute(
                fromEntered: fiat("20", .cad), rate: cad, mint: .usdf, supplyQuarks: 0, balance: fiat("10.41", .usd)))
        #expect(capped.onChainAmount.quarks == 10_410_000)
        #expect(capped.nativeAmount == fiat("14.574", .cad))
        let notCapped = try #require(
            try ExchangedFiat.compute(
                fromEntered: fiat("14", .cad), rate: cad, mint: .usdf, supplyQuarks: 0, balance: fiat("10.41", .usd)))
        #expect(notCapped.nativeAmount == fiat("14", .cad))
        #expect(try ExchangedFiat.compute(fromEntered: fiat("0", .usd), rate: .oneToOne, mint: .usdf, supplyQuarks: 0) == nil)
        #expect(try ExchangedFiat.compute(fromEntered: fiat("-1", .usd), rate: .oneToOne, mint: .usdf, supplyQuarks: 0) == nil)
        let empty = try ExchangedFiat.compute(
            fromEntered: fiat("5", .usd), rate: .oneToOne, mint: .usdf, supplyQuarks: 0, balance: fiat("0", .usd))
        #expect(empty?.onChainAmount.quarks == 0)
        #expect(throws: AmountError.currencyMismatch(.usd, .cad)) {
            try ExchangedFiat.compute(fromEntered: fiat("5", .usd), rate: cad, mint: .usdf, supplyQuarks: 0)
        }
        #expect(throws: AmountError.currencyMismatch(.cad, .usd)) {
            try ExchangedFiat.compute(fromEntered: fiat("5", .cad), rate: cad, mint: .usdf, supplyQuarks: 0, balance: fiat("1", .cad))
        }
        // entered → quarks → value agrees for USDF at 1:1.
        let entered = try #require(try ExchangedFiat.compute(fromEntered: fiat("326.79", .usd), rate: .oneToOne, mint: .usdf, supplyQuarks: 0))
        let back = ExchangedFiat.compute(onChainAmount: entered.onChainAmount, rate: .oneToOne, supplyQuarks: nil)
        #expect(back.nativeAmount == entered.nativeAmount)
    }

    @Test("convert(to:) keeps the quarks and reprices the native amount")
    func convert() throws {
        let five = try usd("5")
        let cad = five.convert(to: try AmountFixtures.rate("1.4", .cad))
        #expect(cad.onChainAmount == five.onChainAmount)
        #expect(cad.nativeAmount == fiat("7", .cad))
        #expect(cad.convert(to: .oneToOne) == five)
    }

    // MARK: Sufficient funds

    @Test("a request the balance covers is sent as requested")
    func sufficient() throws {
        let balance = try usd("10")
        let requested = try usd("9.99")
        #expect(try ExchangedFiat.hasSufficientFunds(balance: balance, requested: requested) == .sufficient(requested))
        #expect(try ExchangedFiat.hasSufficientFunds(balance: balance, requested: balance) == .sufficient(balance))
    }

    /// Tolerance = ½ of the smallest unit: USD 0.005, JPY 0.5, BHD 0.0005.
    @Test(
        "within half a display unit over the balance sends the whole balance",
        arguments: [
            (CurrencyCode.usd, "10.00", "10.005", "10.0051"),
            (.jpy, "1000", "1000.5", "1000.51"),
            (.bhd, "1.000", "1.0005", "1.00051"),
        ])
    func halfDisplayUnit(currency: CurrencyCode, balanceValue: String, within: String, beyond: String) throws {
        let rate = try AmountFixtures.rate(currency == .usd ? "1" : "3", currency)
        let balance = try ExchangedFiat(nativeAmount: fiat(balanceValue, currency), rate: rate)
        let close = try ExchangedFiat(nativeAmount: fiat(within, currency), rate: rate)
        #expect(close.onChainAmount.quarks > balance.onChainAmount.quarks)
        #expect(try ExchangedFiat.hasSufficientFunds(balance: balance, requested: close) == .sufficient(balance))
        let far = try ExchangedFiat(nativeAmount: fiat(beyond, currency), rate: rate)
        let shortfall = try fiat(beyond, currency).subtracting(fiat(balanceValue, currency))
        #expect(try ExchangedFiat.hasSufficientFunds(balance: balance, requested: far) == .insufficient(shortfall: shortfall))
    }

    @Test("a balance shown in another currency is compared in the request's currency; other mints are an error")
    func sufficientAcrossCurrencies() throws {
        let cad = try AmountFixtures.rate("1.4", .cad)
        let balance = try usd("5")
        let requested = try ExchangedFiat(nativeAmount: fiat("7.004", .cad), rate: cad)
        #expect(try ExchangedFiat.hasSufficientFunds(balance: balance, requested: requested) == .sufficient(balance.convert(to: cad)))
        let tooMuch = try ExchangedFiat(nativeAmount: fiat("8", .cad), rate: cad)
        #expect(try ExchangedFiat.hasSufficientFunds(balance: balance, requested: tooMuch) == .insufficient(shortfall: fiat("1", .cad)))
        #expect(throws: AmountError.mintMismatch(.usdf, jeffy)) {
            try ExchangedFiat.hasSufficientFunds(balance: balance, requested: .zero(mint: jeffy, rate: .oneToOne))
        }
    }

    @Test("more quarks but not more fiat (priced at another rate): the missing quarks' share is short")
    func insufficientByQuarks() throws {
        let balance = try ExchangedFiat(
            onChainAmount: TokenAmount(quarks: 1_000_000, mint: .usdf), nativeAmount: fiat("2.5", .usd), currencyRate: .oneToOne)
        let requested = try ExchangedFiat(
            onChainAmount: TokenAmount(quarks: 2_000_000, mint: .usdf), nativeAmount: fiat("2", .usd), currencyRate: .oneToOne)
        #expect(try ExchangedFiat.hasSufficientFunds(balance: balance, requested: requested) == .insufficient(shortfall: fiat("1", .usd)))
    }
}
