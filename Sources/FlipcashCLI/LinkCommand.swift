import ArgumentParser
import CommandLineKit
import FlipcashCore
import Foundation

/// `flipcash link new|open URL` (offline) and `link send|claim|void` (against the server):
/// gift-card cash links.
struct LinkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link",
        abstract: "Cash links: a 12-word key in the URL fragment the server never sees.",
        subcommands: [New.self, Open.self, Send.self, Claim.self, VoidLink.self]
    )

    struct LinkOutput: Encodable {
        let kind: String
        let url: String
        let words: [String]
        let address: String

        init(_ link: CashLink) {
            kind = link.kind.rawValue
            url = link.absoluteString
            words = link.words
            address = link.deriveKeyPair().address
        }

        func printText() {
            print("link:    \(url)")
            print("words:   \(words.joined(separator: " "))")
            print("account: \(address) (m/44'/501'/0'/0')")
        }
    }

    struct New: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "A new gift-card link with a fresh 12-word key.")
        @OptionGroup var output: OutputOptions

        func run() throws {
            let result = LinkOutput(CashLink.new())
            if output.json { return try TerminalOutput.json(result) }
            result.printText()
        }
    }

    struct Open: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Check a link and show the key it carries.")
        @Argument(help: "The link, https://send.flipcash.com/c/#/e=…") var url: String
        @OptionGroup var output: OutputOptions

        func run() throws {
            let result = LinkOutput(try CashLink(parsing: url))
            if output.json { return try TerminalOutput.json(result) }
            result.printText()
        }
    }

    /// What sending, claiming or cancelling a link did.
    struct LinkResult: Encodable {
        let url: String?
        let amount: String?
        let currency: String?
        let usdf: String?
        let state: String
        let balances: [BalanceOutput]
    }

    struct Send: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Put money in a new cash link and print its URL (it returns to you if unclaimed in 7 days).")
        @Option(help: "The amount, in --currency.") var amount: DecimalArgument
        @Option(help: "The currency the amount is in (usd, eur, …; default: usd).", transform: CurrencyCode.argument) var currency: CurrencyCode =
            .usd
        @OptionGroup var cloud: CloudOptions

        func run() async throws {
            guard amount.value > 0 else { throw ValidationError("--amount must be more than zero.") }
            let native = FiatAmount(value: amount.value, currency: currency)
            let result = try await cloud.withWallet { wallet in
                let sent = try await wallet.sendLink(native)
                return LinkResult(
                    url: sent.link.absoluteString, amount: Text.decimal(native.value), currency: currency.rawValue,
                    usdf: Text.decimal(sent.amount.onChainAmount.decimalValue), state: "open",
                    balances: try wallet.cachedBalances().map(BalanceOutput.init))
            }
            if cloud.json { return try TerminalOutput.json(result) }
            print(result.url ?? "")
            print("holds \(result.amount ?? "") \(currency.code) (\(result.usdf ?? "") USDF); share the link, or cancel it with `flipcash link void`")
        }
    }

    struct Claim: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Take a cash link's money into the account (again: the same claim).")
        @Argument(help: "The link, https://send.flipcash.com/c/#/e=…") var url: String
        @OptionGroup var cloud: CloudOptions

        func run() async throws {
            let link = try CashLink(parsing: url)
            let result = try await cloud.withWallet { wallet in
                let receipt = try await wallet.claim(link)
                return LinkResult(
                    url: nil, amount: nil, currency: nil, usdf: receipt.amount.map { Text.decimal($0.decimalValue) }, state: "claimed",
                    balances: try wallet.cachedBalances().map(BalanceOutput.init))
            }
            if cloud.json { return try TerminalOutput.json(result) }
            print("claimed \(result.usdf ?? "?") USDF")
            for balance in result.balances { print("balance: \(balance.text)") }
        }
    }

    struct VoidLink: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "void",
            abstract: "Cancel a cash link you sent that nobody claimed: the money comes back.")
        @Argument(help: "The link, https://send.flipcash.com/c/#/e=…") var url: String
        @OptionGroup var cloud: CloudOptions

        func run() async throws {
            let link = try CashLink(parsing: url)
            let (returnedNow, balances) = try await cloud.withWallet { wallet in
                let returned = try await wallet.void(link)
                return (returned, try wallet.cachedBalances().map(BalanceOutput.init))
            }
            let result = LinkResult(
                url: nil, amount: nil, currency: nil, usdf: nil, state: returnedNow ? "voided" : "already returned", balances: balances)
            if cloud.json { return try TerminalOutput.json(result) }
            print(returnedNow ? "cancelled: the money is back" : "already cancelled or returned: nothing to do")
            for balance in balances { print("balance: \(balance.text)") }
        }
    }
}
