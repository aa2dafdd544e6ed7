import ArgumentParser
import CommandLineKit
import DAGCBOR
import FlipcashCore
import Foundation

/// `flipcash balance`: what the account holds, from the server (and kept in the local cache).
struct BalanceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "balance", abstract: "The account's balances.")
    @OptionGroup var cloud: CloudOptions

    func run() async throws {
        let balances = try await cloud.withWallet { wallet in try await wallet.refresh().balances.map(BalanceOutput.init) }
        if cloud.json { return try TerminalOutput.json(balances) }
        if balances.isEmpty { print("no accounts open") }
        for balance in balances { print(balance.text) }
    }
}

/// `flipcash history`: the account's intents and the payments it received, newest first.
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "history", abstract: "What the account sent and received, newest first.")
    @Option(help: "How many entries (1 to 100).") var limit = 20
    @OptionGroup var cloud: CloudOptions

    func validate() throws {
        guard (1...100).contains(limit) else { throw ValidationError("--limit must be from 1 to 100, not \(limit).") }
    }

    func run() async throws {
        let entries = try await cloud.withWallet { wallet in
            let owner = wallet.client.owner
            return try await wallet.client.history(limit: limit).map { HistoryEntry($0, viewer: owner) }
        }
        if cloud.json { return try TerminalOutput.json(entries) }
        if entries.isEmpty { print("no history yet") }
        TerminalOutput.table(
            ["when", "what", "amount", "state"],
            entries.map { entry in
                [entry.at.formatted(.iso8601), entry.what, entry.amount.map { "\($0) \(entry.unit)" } ?? "", entry.state]
            })
    }
}

/// One history line.
struct HistoryEntry: Encodable {
    let id: String
    let at: Date
    let kind: String
    let what: String
    let amount: String?
    /// The amount's mint (USDF's address for USDF).
    let mint: String?
    let state: String
    let counterparty: String?
    let giftCardState: String?

    /// What the table shows after the amount: USDF, or the launchpad mint's tokens.
    var unit: String {
        guard let mint, mint != Mint.usdf.address else { return "USDF" }
        return "tokens of \(mint.prefix(8))…"
    }

    init(_ receipt: IntentReceipt, viewer: String) {
        id = Base58.encode(receipt.id)
        at = receipt.settledAt
        kind = receipt.kind.rawValue
        amount = receipt.amount.map { Text.decimal($0.decimalValue) }
        mint = receipt.amount?.mint.address
        state = receipt.isSettled ? "settled" : "refused"
        counterparty = receipt.destinationOwner ?? receipt.giftCard
        giftCardState = receipt.giftCardState?.rawValue
        switch receipt.kind {
        case .openAccount: what = "opened the account"
        case .faucet: what = "faucet deposit"
        case .deposit: what = "deposit"
        case .sendPayment: what = receipt.owner == viewer ? "sent to \(receipt.destinationOwner ?? "?")" : "received from \(receipt.owner)"
        case .sendGiftCard: what = "cash link sent" + (receipt.giftCardState.map { " (\($0.rawValue))" } ?? "")
        case .claimGiftCard: what = "cash link claimed"
        case .launchCurrency: what = "launched " + (receipt.received?.mint.address ?? "a currency")
        case .buyCurrency: what = "bought " + (receipt.received.map { "\(Text.decimal($0.decimalValue)) of \($0.mint.address)" } ?? "tokens")
        case .sellCurrency: what = "sold for " + (receipt.received.map { "\(Text.decimal($0.decimalValue)) USDF" } ?? "USDF")
        }
    }
}

/// `flipcash limits`: what the account may still send, per currency.
struct LimitsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "limits", abstract: "What the account may send now, per currency.")
    @Option(help: "Only this currency (e.g. usd).", transform: CurrencyCode.argument) var currency: CurrencyCode?
    @OptionGroup var cloud: CloudOptions

    struct LimitOutput: Encodable {
        let currency: String
        let nextTransaction: String
        let perTransaction: String
        let perDay: String
    }

    func run() async throws {
        let table = try await cloud.withWallet { wallet in try await wallet.client.limits() }
        let rows = table.byCurrency.sorted { $0.key < $1.key }.filter { currency == nil || $0.key == currency }.map { code, limits in
            LimitOutput(
                currency: code.rawValue, nextTransaction: Text.decimal(limits.nextTransaction.value),
                perTransaction: Text.decimal(limits.maxPerTransaction.value), perDay: Text.decimal(limits.maxPerDay.value))
        }
        if let currency, rows.isEmpty { throw ValidationError("The server has no limits in \(currency.code).") }
        if cloud.json { return try TerminalOutput.json(rows) }
        TerminalOutput.table(
            ["currency", "next send", "per send", "per day"],
            rows.map { [$0.currency.uppercased(), $0.nextTransaction, $0.perTransaction, $0.perDay] })
    }
}

/// `flipcash faucet --amount 20`: development money, from a server run with `--flipcash-faucet`.
struct FaucetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "faucet", abstract: "Get USDF from a development server's faucet (app-server --flipcash-faucet).")
    @Option(help: "USDF to ask for (at most 10000).") var amount: DecimalArgument
    @OptionGroup var cloud: CloudOptions

    func run() async throws {
        let tokens: TokenAmount
        do {
            tokens = try TokenAmount(wholeTokens: amount.value, mint: .usdf)
        } catch {
            throw ValidationError("--amount: \(error.errorDescription ?? "not an amount of USDF").")
        }
        guard tokens.quarks > 0 else { throw ValidationError("--amount must be more than zero.") }
        let balances = try await cloud.withWallet { wallet in
            _ = try await wallet.faucet(tokens)
            return try wallet.cachedBalances().map(BalanceOutput.init)
        }
        if cloud.json { return try TerminalOutput.json(balances) }
        print("received \(Text.decimal(tokens.decimalValue)) USDF")
        for balance in balances { print("balance: \(balance.text)") }
    }
}
