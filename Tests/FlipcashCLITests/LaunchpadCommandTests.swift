import FlipcashCloud
import FlipcashCore
import Foundation
import TestSupport
import Testing

/// `flipcash currency …` and a launchpad bill against the real `app-server` (issue 17): a launched
/// currency is bought, given as a bill, grabbed and sold, and the books balance to the quark.
@Suite("flipcash launchpad against a real app-server", .serialized, .enabled(if: AppServerProcess.executable != nil, "app-server is not built"))
struct LaunchpadCommandTests {
    typealias Wallet = FlipcashCloudCommandTests.Wallet

    static func quarks(_ json: Any?, _ key: String) -> UInt64? {
        ((json as? [String: Any])?[key] as? String).flatMap { UInt64($0) }
    }

    /// A wallet's balance in `mint`, in quarks (0 when it has no account).
    static func balance(_ wallet: Wallet, _ mint: String) async throws -> UInt64 {
        let balances = try #require(try await wallet.json(["balance"]) as? [[String: Any]])
        return balances.first { $0["mint"] as? String == mint }.flatMap { ($0["quarks"] as? String).flatMap { UInt64($0) } } ?? 0
    }

    @Test("A launches and buys; A gives a $5 bill of it; B grabs it and sells it back; every quark is accounted for")
    func launchBuyGiveGrabSell() async throws {
        let data = ScratchFolder.url("launchpad")
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try AppServerProcess(arguments: ["--flipcash-faucet"], dataDirectory: data)
        let alice = Wallet(server: server)
        let bob = Wallet(server: server)
        _ = try await alice.json(["account", "new"])
        _ = try await bob.json(["account", "new"])
        _ = try await alice.json(["faucet", "--amount", "500"])
        let usdf = Mint.usdf.address

        let launched = try #require(try await alice.json(["currency", "launch", "Moon Pie", "mpie"]) as? [String: Any])
        let mint = try #require(launched["mint"] as? String)
        #expect(launched["symbol"] as? String == "MPIE")
        #expect(launched["supplyQuarks"] as? String == "0")
        #expect(launched["priceUSD"] as? String == "0.01")
        let taken = try await bob.run(["currency", "launch", "Another", "MPIE"])
        #expect(taken.status == 1)
        #expect(taken.stderr.contains("launch_currency.symbol"), "\(taken.stderr)")

        // Bad input is refused before anything is sent.
        let badSymbol = try await bob.run(["currency", "launch", "Fine Name", "1AB"])
        #expect(badSymbol.status != 0)
        #expect(badSymbol.stderr.contains("not a symbol"), "\(badSymbol.stderr)")
        let badSlippage = try await alice.run(["currency", "buy", "--mint", "MPIE", "--amount", "1", "--slippage", "20000"])
        #expect(badSlippage.status != 0)
        #expect(badSlippage.stderr.contains("--slippage"), "\(badSlippage.stderr)")
        let unknown = try await alice.run(["currency", "buy", "--mint", "NOPE", "--amount", "1"])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("NOPE"), "\(unknown.stderr)")
        let tooPrecise = try await alice.run(["currency", "buy", "--mint", "MPIE", "--amount", "0.0000001"])
        #expect(tooPrecise.status != 0)
        #expect(try await Self.balance(alice, usdf) == 500_000_000)

        // A buys $100 of it, by symbol: exactly the curve's tokens for $100 at supply 0.
        let bought = try await alice.json(["currency", "buy", "--mint", "MPIE", "--amount", "100"])
        let expectedTokens = try DiscreteBondingCurve.shared.buyTrade(usdfQuarks: 100_000_000, supplyQuarks: 0).tokenQuarks
        #expect(Self.quarks(bought, "receivedQuarks") == expectedTokens)
        #expect(try await Self.balance(alice, usdf) == 400_000_000)
        #expect(try await Self.balance(alice, mint) == expectedTokens)

        // The rates carry its signed supply, by symbol.
        let rates = try #require(try await bob.json(["rates", "--currency", "usd", "--mint", "MPIE"]) as? [String: Any])
        let reserves = try #require(rates["reserves"] as? [[String: Any]])
        #expect(reserves.first?["mint"] as? String == mint)
        #expect(reserves.first?["supplyQuarks"] as? String == String(expectedTokens))

        // A gives a $5 bill of it; B grabs it from the SVG.
        let folder = ScratchFolder.url("launchpad-bills")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bill = folder.appendingPathComponent("five.svg")
        let (aliceCLI, port) = (alice.cli, server.grpcPort)
        async let giving = aliceCLI.runDetached([
            "give", "--amount", "5", "--mint", mint, "--out", bill.path, "--wait", "60", "--json", "--server", "127.0.0.1:\(port)",
        ])
        try await FlipcashCloudCommandTests.waitForFile(bill)
        let grabbed = try #require(try await bob.json(["grab", bill.path]) as? [String: Any])
        #expect(grabbed["state"] as? String == "received")
        #expect(grabbed["mint"] as? String == mint)
        let given = try await giving
        #expect(given.status == 0, "\(given.stderr)")
        let give = try #require(try given.json() as? [String: Any])
        #expect(give["mint"] as? String == mint)
        let billTokens = try await Self.balance(bob, mint)
        #expect(billTokens > 0)
        #expect(try await Self.balance(alice, mint) == expectedTokens - billTokens)
        // The bill was worth $5 at the supply it was priced at, within half a cent.
        let worth = try DiscreteBondingCurve.shared.sellTrade(tokenQuarks: billTokens, feeBps: 0, supplyQuarks: expectedTokens).grossUSDFQuarks
        #expect(worth >= 4_995_000 && worth <= 5_005_000, "\(worth)")

        // B sells all of it: the curve's value less the 1 % fee, rounded up.
        let sold = try await bob.json(["currency", "sell", "--mint", mint, "--amount", Text.tokens(billTokens)])
        let sale = try DiscreteBondingCurve.shared.sellTrade(tokenQuarks: billTokens, feeBps: 100, supplyQuarks: expectedTokens)
        #expect(Self.quarks(sold, "receivedQuarks") == sale.netUSDFQuarks)
        #expect(try await Self.balance(bob, usdf) == sale.netUSDFQuarks)
        #expect(try await Self.balance(bob, mint) == 0)
        let shown = try await alice.json(["currency", "show", mint])
        #expect(Self.quarks(shown, "supplyQuarks") == expectedTokens - billTokens)
        let bad = try await bob.run(["currency", "sell", "--mint", mint, "--amount", "1"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("balance is too low"), "\(bad.stderr)")
        server.stop()

        // The books, read from the server's own file: conservation per mint, no overdraft, the
        // reserve covering the supply; and the $500 all accounted for.
        let store = try SQLiteLedgerStore.open(at: data.appendingPathComponent("flipcash.sqlite"))
        try await store.checkInvariants()
        let reserve = try #require(try await store.account(Payments.reserveAccount(try Mint(address: mint)))?.available)
        let fees = try #require(try await store.account(Payments.feesAccount(try Mint(address: mint)))?.available)
        #expect(fees == sale.feeUSDFQuarks)
        #expect(400_000_000 + sale.netUSDFQuarks + reserve + fees == 500_000_000)
    }
}

extension Text {
    /// `quarks` of a launchpad currency as a decimal number of tokens.
    static func tokens(_ quarks: UInt64) -> String {
        "\(Decimal(quarks) / Decimal(DiscreteBondingCurve.quarksPerToken))"
    }
}

/// Text helpers for these tests.
enum Text {}
