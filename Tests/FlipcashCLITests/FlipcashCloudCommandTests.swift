import Foundation
import TestSupport
import Testing

/// `flipcash` against the real `app-server` executable on loopback: two wallets on one machine
/// moving money through one server, as two people would.
@Suite("flipcash against a real app-server", .serialized, .enabled(if: AppServerProcess.executable != nil, "app-server is not built"))
struct FlipcashCloudCommandTests {
    /// A wallet: the `flipcash` binary with its own store, pointed at `server`.
    struct Wallet {
        let cli = CLIProcess(program: "flipcash", homeVariable: "FLIPCASH_HOME")
        let server: AppServerProcess

        func run(_ arguments: [String]) async throws -> CLIProcess.Result {
            try await cli.runDetached(arguments + ["--server", "127.0.0.1:\(server.grpcPort)"])
        }

        /// Runs a command with `--json` that must succeed.
        func json(_ arguments: [String]) async throws -> Any {
            let result = try await run(arguments + ["--json"])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return try result.json()
        }

        func usdf() async throws -> String? {
            let balances = try await json(["balance"]) as? [[String: Any]]
            return balances?.first?["amount"] as? String
        }
    }

    @Test("the faucet funds A; A sends a $5 link; B claims it; balances and histories agree on both sides and on the server")
    func twoWalletsMoveMoney() async throws {
        let server = try AppServerProcess(arguments: ["--flipcash-faucet"])
        defer { server.stop() }
        let alice = Wallet(server: server)
        let bob = Wallet(server: server)

        let account = try #require(try await alice.json(["account", "new"]) as? [String: Any])
        let words = try #require(account["recoveryPhrase"] as? String)
        #expect(words.split(separator: " ").count == 12)
        let phraseFile = alice.cli.store.appendingPathComponent("recovery-phrase")
        let permissions = try FileManager.default.attributesOfItem(atPath: phraseFile.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        _ = try await bob.json(["account", "new"])

        _ = try await alice.json(["faucet", "--amount", "20"])
        let sent = try #require(try await alice.json(["link", "send", "--amount", "5", "--currency", "usd"]) as? [String: Any])
        let url = try #require(sent["url"] as? String)
        #expect(url.hasPrefix("https://send.flipcash.com/c/#/e="))
        #expect(sent["usdf"] as? String == "5")
        #expect(try await alice.usdf() == "15")

        let claimed = try #require(try await bob.json(["link", "claim", url]) as? [String: Any])
        #expect(claimed["usdf"] as? String == "5")
        #expect(try await bob.usdf() == "5")

        // Opening the link again shows the same success; nothing moves.
        let again = try await bob.run(["link", "claim", url])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try await bob.usdf() == "5")
        // The sender cannot take back a claimed link; a stranger cannot claim it.
        let void = try await alice.run(["link", "void", url])
        #expect(void.status == 1)
        #expect(void.stderr.contains("claimed"))
        let carol = Wallet(server: server)
        _ = try await carol.json(["account", "new"])
        let late = try await carol.run(["link", "claim", url])
        #expect(late.status == 1)
        #expect(late.stderr.contains("already claimed"))
        #expect(try await alice.usdf() == "15")

        let aliceHistory = try #require(try await alice.json(["history"]) as? [[String: Any]])
        #expect(aliceHistory.compactMap { $0["kind"] as? String }.sorted() == ["faucet", "openAccount", "sendGiftCard"])
        #expect(aliceHistory.first { $0["kind"] as? String == "sendGiftCard" }?["giftCardState"] as? String == "claimed")
        let bobHistory = try #require(try await bob.json(["history"]) as? [[String: Any]])
        #expect(bobHistory.compactMap { $0["kind"] as? String }.sorted() == ["claimGiftCard", "openAccount"])

        // Restoring A's words in another folder is the same account, with the same money.
        let restored = Wallet(server: server)
        let restoredAccount = try #require(try await restored.json(["account", "restore", words]) as? [String: Any])
        #expect(restoredAccount["owner"] as? String == account["owner"] as? String)
        #expect(try await restored.usdf() == "15")
    }

    @Test("a void before any claim returns the money; limits and bad input are clear errors that change nothing")
    func voidLimitsAndBadInput() async throws {
        let server = try AppServerProcess(arguments: ["--flipcash-faucet"])
        defer { server.stop() }
        let alice = Wallet(server: server)
        _ = try await alice.json(["account", "new"])
        _ = try await alice.json(["faucet", "--amount", "300"])
        let sent = try #require(try await alice.json(["link", "send", "--amount", "9", "--currency", "eur"]) as? [String: Any])
        #expect(sent["usdf"] as? String == "10")
        let url = try #require(sent["url"] as? String)
        #expect(try await alice.usdf() == "290")
        let voided = try #require(try await alice.json(["link", "void", url]) as? [String: Any])
        #expect(voided["state"] as? String == "voided")
        #expect(try await alice.usdf() == "300")

        let limits = try #require(try await alice.json(["limits", "--currency", "usd"]) as? [[String: Any]])
        #expect(limits.first?["nextTransaction"] as? String == "250")
        let over = try await alice.run(["link", "send", "--amount", "251"])
        #expect(over.status == 1)
        #expect(over.stderr.contains("more than you may send"))
        for (arguments, fragment) in [
            (["link", "send", "--amount", "5", "--currency", "xyz"], "currency"),
            (["link", "claim", "https://example.com/c/#/e=abc"], "link"),
            (["link", "send", "--amount", "1", "--server", "nowhere"], "--server"),
        ] {
            let result = try await alice.cli.runDetached(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stderr.lowercased().contains(fragment), "\(arguments): \(result.stderr)")
        }
        #expect(try await alice.usdf() == "300")
    }

    @Test("without a faucet on the server, faucet is refused; with no account, commands say how to make one")
    func faucetClosedAndNoAccount() async throws {
        let server = try AppServerProcess()
        defer { server.stop() }
        let alice = Wallet(server: server)
        let none = try await alice.run(["balance"])
        #expect(none.status == 1)
        #expect(none.stderr.contains("flipcash account new"))
        _ = try await alice.json(["account", "new"])
        let faucet = try await alice.run(["faucet", "--amount", "5"])
        #expect(faucet.status == 1)
        #expect(faucet.stderr.contains("faucet"))
        #expect(try await alice.usdf() == "0")
    }
}
