import Foundation
import TestSupport
import Testing

extension CLIProcess {
    /// The real `flipcash` executable (it keeps no store).
    static func flipcash() -> CLIProcess {
        CLIProcess(program: "flipcash", homeVariable: "FLIPCASH_HOME", passesStore: false)
    }
}

@Suite("flipcash: amounts, curve, bills and links from a terminal", .serialized)
struct FlipcashCLITests {
    @Test("amount: 1 CAD at 1.35 is 740,741 USDF quarks; 12.34 CAD at 1.36 shows quarks and display")
    func amount() throws {
        let cli = CLIProcess.flipcash()
        let one = try cli.jsonObject("amount", ["1", "--currency", "cad", "--rate", "1.35"])
        #expect(one["quarks"] as? String == "740741")
        let result = try cli.jsonObject("amount", ["12.34", "--currency", "CAD", "--rate", "1.36"])
        #expect(result["quarks"] as? String == "9073529")
        #expect(result["currency"] as? String == "CAD")
        #expect(result["displayUSD"] as? String == "$9.07")
        let comma = try cli.run(["amount", "12,34", "--currency", "cad", "--rate", "1.36"])
        #expect(comma.status != 0)
    }

    @Test("an unknown currency is refused with the reason, not a list of every code; help lists none either")
    func unknownCurrency() throws {
        let cli = CLIProcess.flipcash()
        for arguments in [["amount", "1", "--currency", "xyz"], ["amount", "1", "--currency", ""]] {
            let refused = try cli.run(arguments)
            #expect(refused.status == 2, "\(arguments)")
            #expect(refused.stderr.contains("is not a currency Flipcash supports (use an ISO 4217 code such as USD)"), "\(refused.stderr)")
            #expect(!refused.stderr.contains("aed"), "\(refused.stderr)")
        }
        let help = try cli.run(["amount", "--help"])
        #expect(help.text.contains("--currency <currency>"))
        #expect(!help.text.contains("aed"), "\(help.text)")
    }

    @Test("curve: price at 0 is $0.01; valueToTokens(0, $1) buys 100 tokens; table rows are the exact units")
    func curve() throws {
        let cli = CLIProcess.flipcash()
        #expect(try cli.jsonObject("curve", ["price", "--supply", "0"])["price"] as? String == "0.01")
        let buy = try cli.jsonObject("curve", ["buy", "--usdf", "1", "--supply", "0"])
        #expect(buy["net"] as? String == "100")
        let sell = try cli.jsonObject("curve", ["sell", "--tokens", "100", "--supply", "1000", "--fee-bps", "0"])
        // 100·PRICE[9]: the reference's table gives 1.0007897694499557; ours agrees within 1e-9.
        let gross = try #require((sell["gross"] as? String).flatMap { Double($0) })
        #expect(abs(gross - 1.0007897694499557) / 1.0007897694499557 < 1e-9)
        let table = try cli.jsonArray(["curve", "table", "--from", "0", "--count", "2"])
        #expect(table.map { $0["cumulative"] as? String } == ["0", "1000000000000000000"])
    }

    @Test("bill and scan: the reference bill's bytes, and a code with 6 damaged bytes still scans")
    func billAndScan() throws {
        let cli = CLIProcess.flipcash()
        let directory = ScratchFolder.url("flipcash")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let svg = directory.appendingPathComponent("bill.svg").path
        let bill = try cli.jsonObject(
            "bill", ["--amount", "5", "--currency", "usd", "--kind", "cash", "--nonce", "01020304050607080910", "--svg", svg])
        #expect(bill["payload"] as? String == "008e404b4c000000000001020304050607080910")
        #expect(bill["code"] as? String == "4b8c8fa4de30d8d57aa8a8b8170200008e404b4c000000000001020304050607080910")
        #expect(bill["rendezvousPublicKey"] as? String == "HHViZh63Z5s87ErBsBuBmF1LXnqhGftyTXYjH6gHCQTM")

        let scanned = try cli.jsonObject("scan", [svg])
        #expect(scanned["payload"] as? String == bill["payload"] as? String)

        var code = Array((bill["code"] as? String ?? "").utf8)
        for position in [0, 5, 13, 20, 27, 34] {  // damage six bytes: flip the low hex digit of each
            let index = position * 2 + 1
            code[index] = code[index] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
        }
        let repaired = try cli.jsonObject("scan", [String(decoding: code, as: UTF8.self)])
        #expect(repaired["payload"] as? String == bill["payload"] as? String)
        #expect((repaired["correctedBytes"] as? [Int])?.count == 6)
        let index = 30 * 2 + 1  // a seventh damaged byte
        code[index] = code[index] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
        #expect(try cli.run(["scan", String(decoding: code, as: UTF8.self)]).status == 1)
    }

    @Test("link new makes a link that link open reads back to the same words and account")
    func links() throws {
        let cli = CLIProcess.flipcash()
        let created = try cli.jsonObject("link", ["new"])
        let url = try #require(created["url"] as? String)
        #expect(url.hasPrefix("https://send.flipcash.com/c/#/e="))
        #expect((created["words"] as? [String])?.count == 12)
        let opened = try cli.jsonObject("link", ["open", url])
        #expect(opened["words"] as? [String] == created["words"] as? [String])
        #expect(opened["address"] as? String == created["address"] as? String)
        let zero = try cli.jsonObject("link", ["open", "https://send.flipcash.com/c/#/e=1111111111111111"])
        #expect(zero["address"] as? String == "HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk")
        #expect(try cli.run(["link", "open", "https://example.com/c/#/e=abc"]).status == 1)
    }
}
