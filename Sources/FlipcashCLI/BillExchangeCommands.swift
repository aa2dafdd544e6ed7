import ArgumentParser
import CommandLineKit
import DAGCBOR
import Dispatch
import FlipcashCore
import Foundation

/// `flipcash give --amount 5 --currency usd`: shows a bill (an SVG file) and pays whoever grabs it.
struct GiveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "give",
        abstract: "Show a bill worth --amount and pay whoever grabs it first.",
        discussion: """
            Writes the bill's picture to --out once it is live (grabs are accepted from then on), prints \
            its path and payload, and waits: the first person to grab it (`flipcash grab FILE.svg`) is \
            paid. Ctrl-C dismisses the bill: nothing is paid and a grab after that is told so. The wait \
            ends when the bill's exchange rate is 13 minutes old, or after --wait seconds.
            """
    )
    @Option(help: "The amount as typed, e.g. 5 or 7.50 (greater than zero, at most the currency's digits).") var amount: String
    @Option(help: "Its currency (ISO 4217; default: usd).", transform: CurrencyCode.argument) var currency: CurrencyCode = .usd
    @Option(help: "The mint to give: a launchpad currency's address or symbol (default: USDF).") var mint: String?
    @Option(help: ArgumentHelp("Where to write the bill's picture.", valueName: "file.svg")) var out = "bill.svg"
    @Option(help: "Give up after this many seconds if nobody grabs the bill.") var wait: Int?
    @OptionGroup var cloud: CloudOptions

    struct GiveOutput: Encodable {
        let state: String
        let svg: String
        let payload: String
        let rendezvous: String
        let amount: String
        let currency: String
        /// The on-chain amount in USDF, or nil for a launchpad currency (see `tokens`).
        let usdf: String?
        let mint: String
        let tokens: String
        let recipient: String
        let intent: String
        let balances: [BalanceOutput]
    }

    func validate() throws {
        if let wait, wait <= 0 { throw ValidationError("--wait must be a number of seconds greater than zero.") }
    }

    func run() async throws {
        let entered: FiatAmount
        do {
            entered = try KeypadAmount.amount(amount, currency: currency)
        } catch {
            throw ValidationError("--amount: \(TerminalOutput.reason(for: error))")
        }
        guard entered.value > 0 else { throw ValidationError("--amount must be more than zero.") }
        let file = URL(fileURLWithPath: out)
        let json = cloud.json
        let timeout = wait.map { Duration.seconds($0) }
        let result = try await cloud.withWallet { wallet in
            var mint = Mint.usdf
            if let named = self.mint { mint = try await MintOption.resolve(named, wallet.client, allowingUSDF: true) }
            let offer = try await wallet.prepareGive(entered, mint: mint)
            let given = try await Interrupt.cancelling {
                try await wallet.waitForGrab(offer, timeout: timeout) { offer in
                    // Written once the bill is live, so a grab from the file is never too early.
                    let picture = try CashCodeSVG().render(offer.payload)
                    do {
                        try Data(picture.utf8).write(to: file, options: .atomic)
                    } catch {
                        throw ValidationError("Couldn't write \(file.path): \(TerminalOutput.reason(for: error))")
                    }
                    guard !json else { return }
                    TerminalOutput.printNow(
                        """
                        bill:    \(file.path)
                        payload: \(Text.hex(offer.payload.encoded()))
                        waiting for someone to grab it (Ctrl-C dismisses it)…
                        """)
                }
            }
            return GiveOutput(
                state: "paid", svg: file.path, payload: Text.hex(offer.payload.encoded()), rendezvous: offer.rendezvous.publicKeyBase58,
                amount: Text.decimal(entered.value), currency: currency.rawValue,
                usdf: mint.isUSDF ? Text.decimal(offer.amount.onChainAmount.decimalValue) : nil, mint: mint.address,
                tokens: Text.decimal(offer.amount.onChainAmount.decimalValue),
                recipient: given.recipient, intent: Base58.encode(given.receipt.id),
                balances: try wallet.cachedBalances().map(BalanceOutput.init))
        }
        if json { return try TerminalOutput.json(result) }
        print(
            "grabbed by \(result.recipient): paid \(result.amount) \(currency.code) (\(result.usdf.map { "\($0) USDF" } ?? "\(result.tokens) tokens"))"
        )
        for balance in result.balances { print("balance: \(balance.text)") }
    }
}

/// `flipcash grab FILE.svg|HEX`: takes a bill someone is showing.
struct GrabCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grab",
        abstract: "Grab a bill someone is showing (its SVG file, payload or code in hex): its money comes to you."
    )
    @Argument(help: "The bill: the path of its SVG (or hex) file, or hex digits.") var bill: String
    @OptionGroup var cloud: CloudOptions

    struct GrabOutput: Encodable {
        let state: String
        let payload: String
        let amount: String
        let currency: String
        let usdf: String?
        let mint: String?
        let tokens: String?
        let giver: String
        let intent: String
        let balances: [BalanceOutput]
    }

    func run() async throws {
        let payload = try ScanCommand.read(bill).payload
        let result = try await cloud.withWallet { wallet in
            let grabbed = try await wallet.grab(payload)
            return GrabOutput(
                state: "received", payload: Text.hex(payload.encoded()), amount: Text.decimal(payload.amount), currency: payload.currency.rawValue,
                usdf: grabbed.receipt.amount.flatMap { $0.mint.isUSDF ? Text.decimal($0.decimalValue) : nil },
                mint: grabbed.receipt.amount?.mint.address, tokens: grabbed.receipt.amount.map { Text.decimal($0.decimalValue) },
                giver: grabbed.giver, intent: Base58.encode(grabbed.receipt.id),
                balances: try wallet.cachedBalances().map(BalanceOutput.init))
        }
        if cloud.json { return try TerminalOutput.json(result) }
        print(
            "received \(result.amount) \(payload.currency.code) (\(result.usdf.map { "\($0) USDF" } ?? "\(result.tokens ?? "?") tokens")) from \(result.giver)"
        )
        for balance in result.balances { print("balance: \(balance.text)") }
    }
}

/// `flipcash rates [--watch]`: the server's signed exchange rates, once or live.
struct RatesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rates",
        abstract: "The server's signed exchange rates (units per USD); --watch follows them live.",
        discussion: """
            Needs no account. With --mint, the signed supply and price of those launchpad currencies \
            come too. With --watch, a new table (or, with --json, one JSON line) is printed whenever the \
            rates or a supply change; a lost stream is opened again after 1 s, then 2, 4 … up to 30 s.
            """
    )
    @Option(name: .customLong("currency"), help: "Only this currency (repeat for more; default: all).", transform: CurrencyCode.argument)
    var currencies: [CurrencyCode] = []
    @Option(name: .customLong("mint"), help: "A launchpad currency's mint or symbol, for its supply and price (repeat for more).")
    var mints: [String] = []
    @Flag(help: "Follow the live stream until Ctrl-C.") var watch = false
    @Option(help: "With --watch: stop after this many changes.") var changes: Int?
    @OptionGroup var cloud: CloudOptions

    struct RateOutput: Encodable, Equatable {
        let currency: String
        let perUSD: String
        let observedAt: Date?
    }

    struct ReserveOutput: Encodable, Equatable {
        let mint: String
        let supplyQuarks: String
        let priceUSD: String
        let observedAt: Date?
    }

    struct RatesOutput: Encodable {
        let serverTime: Date
        let stale: Bool
        let rates: [RateOutput]
        let reserves: [ReserveOutput]

        init(_ rates: SignedRates, now: Date) {
            serverTime = rates.serverTime
            stale = rates.isStale(at: now)
            self.rates = rates.currencies.compactMap { code in
                rates.rate(code).map { RateOutput(currency: code.rawValue, perUSD: Text.decimal($0.fx), observedAt: rates.observedAt(code)) }
            }
            reserves = rates.reserveMints.compactMap { mint in
                rates.supplyQuarks(of: mint).map { supply in
                    ReserveOutput(
                        mint: mint.address, supplyQuarks: String(supply),
                        priceUSD: Text.decimal(
                            DiscreteBondingCurve.shared.spotPrice(supply: Decimal(supply) / Decimal(DiscreteBondingCurve.quarksPerToken)) ?? 0),
                        observedAt: rates.reserveObservedAt(mint))
                }
            }
        }

        /// What a watcher compares: the values, not the times the server stamped them.
        var values: [String] {
            rates.map { "\($0.currency)=\($0.perUSD)" } + reserves.map { "\($0.mint)=\($0.supplyQuarks)" }
        }

        func lines() -> [String] {
            var lines = TerminalOutput.tableLines(
                ["currency", "per USD", "observed"],
                rates.map { [$0.currency.uppercased(), $0.perUSD, $0.observedAt.map { $0.formatted(.iso8601) } ?? ""] })
            if !reserves.isEmpty {
                lines += TerminalOutput.tableLines(
                    ["mint", "supply (quarks)", "price USD", "observed"],
                    reserves.map { [$0.mint, $0.supplyQuarks, $0.priceUSD, $0.observedAt.map { $0.formatted(.iso8601) } ?? ""] })
            }
            if stale { lines.append("these rates are more than 13 minutes old: sends are not priced with them") }
            return lines
        }
    }

    func validate() throws {
        if let changes, changes <= 0 { throw ValidationError("--changes must be greater than zero.") }
        if changes != nil, !watch { throw ValidationError("--changes goes with --watch.") }
    }

    func run() async throws {
        let json = cloud.json
        let currencies = currencies
        let changes = changes
        let named = mints
        if !watch {
            let output = try await cloud.withClient { client in
                var mints: [Mint] = []
                for name in named { mints.append(try await MintOption.resolve(name, client)) }
                return RatesOutput(try await client.exchangeRates(currencies, mints: mints), now: Date())
            }
            if json { return try TerminalOutput.json(output) }
            return print(output.lines().joined(separator: "\n"))
        }
        try await cloud.withClient { client in
            var mints: [Mint] = []
            for name in named { mints.append(try await MintOption.resolve(name, client)) }
            let watcher = RateWatcher(client: client, currencies: currencies, mints: mints)
            let updates = watcher.updates()
            let running = Task { await watcher.run() }
            defer { running.cancel() }
            var shown: [String]?
            var printed = 0
            for await update in updates {
                switch update {
                case .rates(let rates):
                    let output = RatesOutput(rates, now: Date())
                    // The server stamps every batch anew; only a change of rate or supply is news.
                    guard output.values != shown else { continue }
                    shown = output.values
                    if json {
                        let encoder = TerminalOutput.jsonEncoder()
                        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                        TerminalOutput.printNow(String(decoding: try encoder.encode(output), as: UTF8.self))
                    } else {
                        TerminalOutput.printNow(Date().formatted(.iso8601))
                        TerminalOutput.printNow(output.lines().joined(separator: "\n"))
                    }
                    printed += 1
                    if let changes, printed >= changes { return }
                case .disconnected(let reason, let retryIn):
                    TerminalOutput.standardError("flipcash: rates stream lost (\(TerminalOutput.oneLine(reason))); again in \(retryIn)")
                }
            }
        }
    }
}

/// Ctrl-C for the commands that wait, and output that must not sit in a buffer while they do.
enum Interrupt {
    /// Runs `body` in a task that Ctrl-C cancels. When it did, prints that the bill was dismissed
    /// and exits with status 130, as an interrupted command does.
    static func cancelling<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let task = Task { try await body() }
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { task.cancel() }
        source.resume()
        defer {
            source.cancel()
            signal(SIGINT, SIG_DFL)
        }
        do {
            return try await task.value
        } catch {
            guard task.isCancelled else { throw error }
            TerminalOutput.standardError("flipcash: the bill was dismissed; nothing was paid.")
            throw ExitCode(130)
        }
    }
}
