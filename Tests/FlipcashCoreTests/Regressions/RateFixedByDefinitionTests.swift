import Foundation
import Testing

@testable import FlipcashCore

/// Issue 13: `flipcash amount 5 --rate 2` accepted a USD→USD rate of 2 and put $2.50 on chain.
/// A rate fixed by definition is refused where every rate is made, the `Rate` constructor (and
/// its decoder), not in one command.
@Suite("Regression: a rate fixed by definition cannot be anything else")
struct RateFixedByDefinitionTests {
    @Test("USD per USD is 1; any other number is refused", arguments: ["2", "0.5", "1.0000001", "0.9999999"])
    func usdOtherThanOne(text: String) {
        let fx = AmountFixtures.decimal(text)
        #expect(throws: AmountError.self) { try Rate(fx: fx, currency: .usd) }
    }

    @Test("USD at 1 (however written) and other currencies at any positive rate are accepted")
    func accepted() throws {
        #expect(try Rate(fx: AmountFixtures.decimal("1.000"), currency: .usd) == .oneToOne)
        #expect(try Rate(fx: 2, currency: .cad).fx == 2)
        #expect(try Rate(fx: AmountFixtures.decimal("0.5"), currency: .eur).fx == AmountFixtures.decimal("0.5"))
    }

    @Test("the decoder refuses a stored USD rate other than 1, and changes nothing")
    func decoder() throws {
        let bad = Data(#"{"fx":"2","currency":"usd"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Rate.self, from: bad) }
        let good = Data(#"{"fx":"1","currency":"usd"}"#.utf8)
        #expect(try JSONDecoder().decode(Rate.self, from: good) == .oneToOne)
    }

    @Test("with the rate refused, 5 USD can never become 2.5 USD on chain")
    func noHalfDollars() throws {
        let rate = try? Rate(fx: 2, currency: .usd)
        #expect(rate == nil)
        let onChain = try ExchangedFiat(nativeAmount: AmountFixtures.fiat("5", .usd), rate: .oneToOne).onChainAmount.quarks
        #expect(onChain == 5_000_000)
    }
}
