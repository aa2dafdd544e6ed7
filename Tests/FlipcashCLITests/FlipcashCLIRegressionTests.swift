import Foundation
import TestSupport
import Testing

/// Issue 13 from a terminal: money must never be created by rounding. Each test is a command
/// from the issue that used to succeed with a wrong answer.
@Suite("flipcash: issue 13 regressions (rounding, the curve's ends, rates, bills)", .serialized)
struct FlipcashCLIRegressionTests {
    let cli = CLIProcess.flipcash()

    private func decimal(_ object: [String: Any], _ key: String) throws -> Decimal {
        try #require((object[key] as? String).flatMap { Decimal(string: $0) }, "\(key) in \(object)")
    }

    @Test("curve buy counts the supply's fraction: 11608099.9 buys less than 11608099, and sells back for at most what was paid")
    func buyFromFractionalSupply() throws {
        let whole = try cli.jsonObject("curve", ["buy", "--usdf", "1000", "--supply", "11608099"])
        let fractional = try cli.jsonObject("curve", ["buy", "--usdf", "1000", "--supply", "11608099.9"])
        #expect(try decimal(fractional, "net") < decimal(whole, "net"))
        // The chain hands out whole quarks: sell back the tokens received, cut to 10 decimals.
        var net = try decimal(fractional, "net")
        var received = Decimal()
        NSDecimalRound(&received, &net, 10, .down)
        let supplyAfter = Decimal(string: "11608099.9")! + received
        let back = try cli.jsonObject("curve", ["sell", "--tokens", "\(received)", "--supply", "\(supplyAfter)"])
        #expect(try decimal(back, "net") <= 1_000)
    }

    @Test("curve buy past the end fills to 21,000,000 tokens and says what it spent")
    func buyPastTheEnd() throws {
        let quote = try cli.jsonObject("curve", ["buy", "--usdf", "2000000000000", "--supply", "0"])
        #expect(try decimal(quote, "gross") == 21_000_000)
        let spent = try decimal(quote, "spent")
        #expect(spent < 2_000_000_000_000)
        #expect(spent > 1_000_000_000_000)
    }

    @Test("curve buy at the end says no tokens are left, not 'beyond the curve'")
    func buyAtTheEnd() throws {
        let result = try cli.run(["curve", "buy", "--usdf", "1", "--supply", "21000000"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("No tokens left to buy"), "\(result.stderr)")
        #expect(!result.stderr.contains("beyond"))
    }

    @Test("curve sell refuses more tokens than the supply")
    func sellMoreThanTheSupply() throws {
        let result = try cli.run(["curve", "sell", "--tokens", "10", "--supply", "5"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("Cannot sell 10 tokens"), "\(result.stderr)")
    }

    @Test("curve sell never rounds the amount sold up: more than 10 decimals is refused, naming --tokens")
    func sellAmountNotRounded() throws {
        let result = try cli.run(["curve", "sell", "--tokens", "1.00000000005", "--supply", "100"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--tokens"), "\(result.stderr)")
        let usdf = try cli.run(["curve", "buy", "--usdf", "1.0000005", "--supply", "100"])
        #expect(usdf.status == 2)
        #expect(usdf.stderr.contains("--usdf"), "\(usdf.stderr)")
    }

    @Test("curve price: the market cap at a fractional supply counts the fraction")
    func marketCapFraction() throws {
        let whole = try cli.jsonObject("curve", ["price", "--supply", "1000000"])
        let half = try cli.jsonObject("curve", ["price", "--supply", "1000000.5"])
        var halfPrice = try decimal(whole, "price") / 2
        var expected = Decimal()
        NSDecimalRound(&expected, &halfPrice, 18, .down)  // the cap is cut at 18 places
        #expect(try decimal(half, "marketCap") - decimal(whole, "marketCap") == expected)
    }

    @Test("amount refuses a USD→USD rate other than 1, naming --rate")
    func amountFixedRate() throws {
        let result = try cli.run(["amount", "5", "--rate", "2"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--rate"), "\(result.stderr)")
        #expect(try cli.jsonObject("amount", ["5", "--rate", "1"])["quarks"] as? String == "5000000")
    }

    @Test(
        "bill refuses what amount refuses",
        arguments: [
            ["0"], ["0.0000001"], ["1.2345678"], ["0.01", "--currency", "jpy"], ["1.005"],
        ])
    func billAmountRules(arguments: [String]) throws {
        let svg = ScratchFolder.fileURL("flipcash", pathExtension: "svg").path
        defer { try? FileManager.default.removeItem(atPath: svg) }
        let bill = try cli.run(["bill", "--amount"] + arguments + ["--svg", svg])
        #expect(bill.status == 2, "bill \(arguments)")
        #expect(bill.stderr.contains("--amount"), "\(bill.stderr)")
        let amount = try cli.run(["amount", arguments[0]] + arguments.dropFirst() + (arguments.count > 1 ? ["--rate", "150"] : []))
        #expect(amount.status != 0, "amount \(arguments)")
    }

    @Test("bill's default kind is the multi-currency bill the app's sender makes")
    func billDefaultKind() throws {
        let svg = ScratchFolder.fileURL("flipcash", pathExtension: "svg").path
        defer { try? FileManager.default.removeItem(atPath: svg) }
        let bill = try cli.jsonObject("bill", ["--amount", "5", "--nonce", "01020304050607080910", "--svg", svg])
        #expect(bill["kind"] as? String == "multiCurrency")
        // The vectors' multi-currency $5 bill.
        #expect(bill["payload"] as? String == "018e404b4c000000000001020304050607080910")
        #expect(bill["code"] as? String == "ab32b0985405d234217d293b930200018e404b4c000000000001020304050607080910")
        #expect(bill["rendezvousPublicKey"] as? String == "4MCktjBfWbuV3PaCwP21NWLdmxjJKUx5hqxBNg3muvw6")
    }
}
