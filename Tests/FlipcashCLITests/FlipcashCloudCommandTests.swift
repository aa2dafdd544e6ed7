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

        /// Starts a command that waits (`give`) without waiting for it; its output is dropped.
        func start(_ arguments: [String]) throws -> ChildProcess {
            let process = ChildProcess()
            process.executableURL = cli.executable
            process.arguments = arguments + ["--server", "127.0.0.1:\(server.grpcPort)", "--store", cli.store.path]
            var environment = ProcessInfo.processInfo.environment
            environment[cli.homeVariable] = nil
            process.environment = environment
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
    }

    /// Waits (up to 30 s) until `file` exists: a bill's picture is written once the bill is live.
    static func waitForFile(_ file: URL) async throws {
        for _ in 0..<600 {
            if FileManager.default.fileExists(atPath: file.path) { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw CLIProcess.Failure.failed("\(file.path) never appeared")
    }

    /// Waits (up to 30 s) for `process` to end; its exit status.
    static func exitStatus(of process: ChildProcess) async throws -> Int32 {
        for _ in 0..<600 where process.isRunning {
            try await Task.sleep(for: .milliseconds(50))
        }
        guard !process.isRunning else { throw CLIProcess.Failure.failed("the process never ended") }
        return process.terminationStatus
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
            (["link", "send", "--amount", "5", "--currency", "xyz"], "\"xyz\" is not a currency flipcash supports"),
            (["link", "claim", "https://example.com/c/#/e=abc"], "link"),
            (["link", "send", "--amount", "1", "--server", "nowhere"], "--server"),
            // Finer than the currency's smallest unit: refused, never rounded or sent as is.
            (["link", "send", "--amount", "5.005", "--currency", "usd"], "5.005 usd has more digits"),
            (["link", "send", "--amount", "100.5", "--currency", "jpy"], "100.5 jpy has more digits"),
            (["link", "send", "--amount", "0.000001"], "has more digits"),
        ] {
            let result = try await alice.cli.runDetached(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stderr.lowercased().contains(fragment), "\(arguments): \(result.stderr)")
        }
        #expect(try await alice.usdf() == "300")
    }

    @Test("A shows a $5 bill (give, in the background); B grabs it from the SVG; a bill dismissed with Ctrl-C cannot be grabbed")
    func giveAndGrab() async throws {
        let server = try AppServerProcess(arguments: ["--flipcash-faucet"])
        defer { server.stop() }
        let alice = Wallet(server: server)
        let bob = Wallet(server: server)
        let aliceOwner = try #require(try await alice.json(["account", "new"]) as? [String: Any])["owner"] as? String
        let bobOwner = try #require(try await bob.json(["account", "new"]) as? [String: Any])["owner"] as? String
        _ = try await alice.json(["faucet", "--amount", "20"])
        let folder = ScratchFolder.url("flipcash-bills")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let bill = folder.appendingPathComponent("five.svg")
        let (aliceCLI, port) = (alice.cli, server.grpcPort)
        async let giving = aliceCLI.runDetached([
            "give", "--amount", "5", "--currency", "usd", "--out", bill.path, "--wait", "60", "--json", "--server", "127.0.0.1:\(port)",
        ])
        try await Self.waitForFile(bill)
        let grabbed = try #require(try await bob.json(["grab", bill.path]) as? [String: Any])
        #expect(grabbed["state"] as? String == "received")
        #expect(grabbed["usdf"] as? String == "5")
        #expect(grabbed["giver"] as? String == aliceOwner)
        let given = try await giving
        #expect(given.status == 0, "\(given.stderr)")
        let give = try #require(try given.json() as? [String: Any])
        #expect(give["state"] as? String == "paid")
        #expect(give["recipient"] as? String == bobOwner)
        #expect(give["payload"] as? String == grabbed["payload"] as? String)
        #expect(give["intent"] as? String == grabbed["intent"] as? String)
        #expect(give["svg"] as? String == bill.path)
        #expect(try await alice.usdf() == "15")
        #expect(try await bob.usdf() == "5")
        let aliceHistory = try #require(try await alice.json(["history"]) as? [[String: Any]])
        #expect(aliceHistory.first?["kind"] as? String == "sendPayment")
        #expect(aliceHistory.first?["counterparty"] as? String == bobOwner)
        let bobHistory = try #require(try await bob.json(["history"]) as? [[String: Any]])
        #expect(bobHistory.compactMap { $0["kind"] as? String }.sorted() == ["openAccount", "sendPayment"])
        // The same bill again, by hex payload: the same payment, nothing more.
        let payload = try #require(give["payload"] as? String)
        let again = try #require(try await bob.json(["grab", payload]) as? [String: Any])
        #expect(again["intent"] as? String == give["intent"] as? String)
        #expect(try await bob.usdf() == "5")

        // Ctrl-C dismisses a bill: the giver exits 130 and a grab is told the bill was dismissed.
        let dismissed = folder.appendingPathComponent("two.svg")
        let process = try alice.start(["give", "--amount", "2", "--out", dismissed.path, "--wait", "60"])
        try await Self.waitForFile(dismissed)
        process.interrupt()
        #expect(try await Self.exitStatus(of: process) == 130)
        let late = try await bob.run(["grab", dismissed.path])
        #expect(late.status == 1)
        #expect(late.stderr.contains("dismissed"), "\(late.stderr)")
        #expect(try await alice.usdf() == "15")
        #expect(try await bob.usdf() == "5")

        // The rates need no account; a bill nobody shows is no bill.
        let rates = try #require(try await alice.json(["rates", "--currency", "eur"]) as? [String: Any])
        #expect((rates["rates"] as? [[String: Any]])?.first?["perUSD"] as? String == "0.9")
        #expect(rates["stale"] as? Bool == false)
        let watched = try await alice.run(["rates", "--watch", "--changes", "1", "--json"])
        #expect(watched.status == 0, "\(watched.stderr)")
        #expect(watched.text.split(separator: "\n").count == 1)
        let nobody = try await bob.run(["grab", "018e404b4c000000000061ec9d095b7c68803252"])
        #expect(nobody.status == 1)
        #expect(nobody.stderr.contains("no open bill"), "\(nobody.stderr)")
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
