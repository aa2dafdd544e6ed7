import ArgumentParser
import CommandLineKit
import DAGCBOR
import FlipcashCore
import Foundation
import GRPCCore

/// `flipcash currency launch|buy|sell|show`: launchpad currencies on the bonding curve.
struct CurrencyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "currency",
        abstract: "Launch a currency on the bonding curve, buy it with USDF, sell it back, or show it.",
        subcommands: [LaunchCurrencyCommand.self, BuyCurrencyCommand.self, SellCurrencyCommand.self, ShowCurrencyCommand.self]
    )
}

/// A launchpad currency as the commands print it.
struct CurrencyOutput: Encodable {
    let mint: String
    let name: String
    let symbol: String
    let supply: String
    let supplyQuarks: String
    let reserveUSDF: String
    let priceUSD: String
    let marketCapUSD: String
    let sellFeeBps: Int
    let creator: String
    let launchedAt: String

    init(_ info: CurrencyInfo) {
        mint = info.mint.address
        name = info.name
        symbol = info.symbol
        let supplyQuarks = info.supplyQuarks ?? 0
        supply = Text.decimal(Decimal(supplyQuarks) / Decimal(DiscreteBondingCurve.quarksPerToken))
        self.supplyQuarks = String(supplyQuarks)
        reserveUSDF = Text.decimal(Decimal(info.reserveUSDFQuarks ?? 0) / Decimal(DiscreteBondingCurve.usdfQuarksPerDollar))
        priceUSD = Text.decimal(info.spotPriceUSD ?? 0)
        marketCapUSD = Text.decimal(DiscreteBondingCurve.shared.marketCap(supplyQuarks: supplyQuarks) ?? 0)
        sellFeeBps = info.sellFeeBps ?? 0
        creator = info.creator ?? ""
        launchedAt = info.launchedAt.map { ISO8601DateFormatter().string(from: $0) } ?? ""
    }

    func printText() {
        print(
            """
            \(name) (\(symbol))
            mint:       \(mint)
            supply:     \(supply) tokens
            reserve:    \(reserveUSDF) USDF
            price:      $\(priceUSD) per token
            market cap: $\(marketCapUSD)
            sell fee:   \(Decimal(sellFeeBps) / 100)%
            """)
    }
}

/// The `--mint` option: a launchpad currency's mint address, or its symbol.
struct MintOption: ParsableArguments {
    @Option(help: "The currency: its mint address or its symbol.") var mint: String

    /// The mint named, looking a symbol up on the server.
    func resolve<Transport: ClientTransport>(_ client: FlipcashClient<Transport>) async throws -> Mint {
        try await Self.resolve(mint, client)
    }

    /// `mint` (an address or a symbol) as a launchpad mint, or as USDF too when `allowingUSDF`.
    static func resolve<Transport: ClientTransport>(
        _ mint: String, _ client: FlipcashClient<Transport>, allowingUSDF: Bool = false
    ) async throws -> Mint {
        if allowingUSDF, mint.uppercased() == "USDF" { return .usdf }
        if let mint = try? Mint(address: mint) {
            guard !mint.isUSDF || allowingUSDF else { throw ValidationError("--mint: USDF is not a launchpad currency.") }
            return mint
        }
        let wanted = mint.uppercased()
        guard let found = try await client.mints().first(where: { $0.symbol == wanted && !$0.mint.isUSDF }) else {
            throw ValidationError("--mint: \(mint) is neither a mint address nor the symbol of a currency on this server.")
        }
        return found.mint
    }
}

struct LaunchCurrencyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "launch", abstract: "Launch a currency: 21,000,000 tokens on the bonding curve, the first at $0.01.")
    @Argument(help: "Its name (1 to 32 characters).") var name: String
    @Argument(help: "Its symbol (2 to 8 letters or digits, starting with a letter; unique on the server).") var symbol: String
    @OptionGroup var cloud: CloudOptions

    func validate() throws {
        do {
            _ = try LaunchpadCurrency.checkedName(name)
            _ = try LaunchpadCurrency.checkedSymbol(symbol)
        } catch {
            throw ValidationError(error.errorDescription ?? "not a name or symbol")
        }
    }

    func run() async throws {
        let info = try await cloud.withWallet { wallet in try await wallet.launch(name: name, symbol: symbol) }
        let output = CurrencyOutput(info)
        if cloud.json { return try TerminalOutput.json(output) }
        print("launched")
        output.printText()
    }
}

/// What a trade printed.
struct TradeOutput: Encodable {
    let mint: String
    let paid: String
    let paidMint: String
    let received: String
    let receivedMint: String
    let receivedQuarks: String
    let quotedQuarks: String
    let intent: String
    let balances: [BalanceOutput]

    /// `trade`, which took `paid` and credited `receivedMint`, with the balances after it.
    init(_ trade: Trade, of mint: Mint, paid: TokenAmount, receivedMint: Mint, balances: [TokenAmount]) {
        let received = trade.receipt.received ?? TokenAmount(quarks: 0, mint: receivedMint)
        self.mint = mint.address
        self.paid = Text.decimal(paid.decimalValue)
        paidMint = paid.mint.address
        self.received = Text.decimal(received.decimalValue)
        self.receivedMint = receivedMint.address
        receivedQuarks = String(received.quarks)
        quotedQuarks = String(trade.quotedQuarks)
        intent = Base58.encode(trade.receipt.id)
        self.balances = balances.map(BalanceOutput.init)
    }

    func printText(_ summary: String) {
        print(summary)
        for balance in balances { print("balance: \(balance.text)") }
    }
}

/// What both trades take: the currency and how far its price may move.
struct TradeOptions: ParsableArguments {
    @OptionGroup var currency: MintOption
    @Option(help: "Refuse if the price moves by more than this many basis points before it settles.") var slippage = 100

    func validate() throws {
        guard (0...10_000).contains(slippage) else { throw ValidationError("--slippage must be 0 to 10000 basis points.") }
    }
}

struct BuyCurrencyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "buy", abstract: "Buy a launchpad currency with --amount USDF at the curve's price.")
    @OptionGroup var trade: TradeOptions
    @Option(help: "USDF to spend, e.g. 25 or 0.5.") var amount: DecimalArgument
    @OptionGroup var cloud: CloudOptions

    func run() async throws {
        let usdf: TokenAmount
        do {
            usdf = try TokenAmount(wholeTokens: amount.value, mint: .usdf)
        } catch {
            throw ValidationError("--amount: \(error.errorDescription ?? "not an amount of USDF").")
        }
        guard usdf.quarks > 0 else { throw ValidationError("--amount must be more than zero.") }
        let output = try await cloud.withWallet { wallet in
            let mint = try await trade.currency.resolve(wallet.client)
            let bought = try await wallet.buy(mint, usdfQuarks: usdf.quarks, slippageBps: trade.slippage)
            return TradeOutput(bought, of: mint, paid: usdf, receivedMint: mint, balances: try wallet.cachedBalances())
        }
        if cloud.json { return try TerminalOutput.json(output) }
        output.printText("bought \(output.received) tokens for \(output.paid) USDF")
    }
}

struct SellCurrencyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sell", abstract: "Sell --amount tokens of a launchpad currency back to its pool for USDF, less its 1% fee.")
    @OptionGroup var trade: TradeOptions
    @Option(help: "Tokens to sell, e.g. 100 or 0.25 (up to 10 decimals).") var amount: DecimalArgument
    @OptionGroup var cloud: CloudOptions

    func run() async throws {
        let output = try await cloud.withWallet { wallet in
            let mint = try await trade.currency.resolve(wallet.client)
            let tokens: TokenAmount
            do {
                tokens = try TokenAmount(wholeTokens: amount.value, mint: mint)
            } catch {
                throw ValidationError("--amount: \(TerminalOutput.reason(for: error))")
            }
            guard tokens.quarks > 0 else { throw ValidationError("--amount must be more than zero.") }
            let sold = try await wallet.sell(mint, tokenQuarks: tokens.quarks, slippageBps: trade.slippage)
            return TradeOutput(sold, of: mint, paid: tokens, receivedMint: .usdf, balances: try wallet.cachedBalances())
        }
        if cloud.json { return try TerminalOutput.json(output) }
        output.printText("sold \(output.paid) tokens for \(output.received) USDF (after the pool's fee)")
    }
}

struct ShowCurrencyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "A launchpad currency: supply, reserve, price and market cap, as the server has them now.")
    @Argument(help: "The currency: its mint address or its symbol.") var mint: String
    @OptionGroup var cloud: CloudOptions

    func run() async throws {
        let info = try await cloud.withClient { client in
            try await client.currency(try await MintOption.resolve(mint, client))
        }
        let output = CurrencyOutput(info)
        if cloud.json { return try TerminalOutput.json(output) }
        output.printText()
    }
}
