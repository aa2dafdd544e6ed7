import ArgumentParser
import CommandLineKit
import FlipcashCore
import Foundation

/// `flipcash account new|restore|show`: the account is a key derived from 12 words.
struct AccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "Make, restore or show the wallet's account (a key derived from a 12-word recovery phrase).",
        subcommands: [New.self, Restore.self, Show.self]
    )

    struct AccountOutput: Encodable {
        let owner: String
        let registeredAt: Date
        let isNew: Bool?
        /// Only when the account was just made: the person must write them down.
        let recoveryPhrase: String?
        let balances: [BalanceOutput]?
    }

    struct New: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a new account, register it and open its USDF account; prints the 12 words once.")
        @OptionGroup var cloud: CloudOptions

        func run() async throws {
            guard !FileManager.default.fileExists(atPath: cloud.phraseFile.path) else {
                throw WalletError.accountExists(cloud.directory.path)
            }
            let phrase = Mnemonic.generate()
            // Saved first: an account registered but not saved could never be used again.
            try cloud.save(phrase)
            let output = try await cloud.withWallet(phrase) { wallet in
                let isNew = try await wallet.register()
                return AccountOutput(
                    owner: wallet.client.owner, registeredAt: try await wallet.client.login(), isNew: isNew,
                    recoveryPhrase: phrase.phrase, balances: nil)
            }
            if cloud.json { return try TerminalOutput.json(output) }
            print("account: \(output.owner)")
            print("recovery phrase (write it down; it is the only way back in):")
            print("  \(phrase.phrase)")
        }
    }

    struct Restore: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Restore an account from its 12 words (read from standard input when not given).")
        @Argument(help: "The 12 words.") var words: [String] = []
        @OptionGroup var cloud: CloudOptions

        func run() async throws {
            guard !FileManager.default.fileExists(atPath: cloud.phraseFile.path) else {
                throw WalletError.accountExists(cloud.directory.path)
            }
            let text = words.isEmpty ? (readLine(strippingNewline: true) ?? "") : words.joined(separator: " ")
            let phrase: Mnemonic
            do {
                phrase = try Mnemonic(phrase: text)
            } catch {
                // The phrase's errors are sentences already, full stop included.
                throw ValidationError("The recovery phrase is not valid: " + (error.errorDescription ?? "check the words."))
            }
            let output = try await cloud.withWallet(phrase) { wallet in
                let isNew = try await wallet.register()
                let snapshot = try await wallet.refresh()
                return AccountOutput(
                    owner: wallet.client.owner, registeredAt: try await wallet.client.login(), isNew: isNew, recoveryPhrase: nil,
                    balances: snapshot.balances.map(BalanceOutput.init))
            }
            try cloud.save(phrase)
            if cloud.json { return try TerminalOutput.json(output) }
            print("account: \(output.owner) (registered \(output.registeredAt.formatted(.iso8601)))")
            for balance in output.balances ?? [] { print("  \(balance.text)") }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The account's key, when it registered, and its balances.")
        @OptionGroup var cloud: CloudOptions

        func run() async throws {
            let output = try await cloud.withWallet { wallet in
                let registeredAt = try await wallet.client.login()
                let snapshot = try await wallet.refresh()
                return AccountOutput(
                    owner: wallet.client.owner, registeredAt: registeredAt, isNew: nil, recoveryPhrase: nil,
                    balances: snapshot.balances.map(BalanceOutput.init))
            }
            if cloud.json { return try TerminalOutput.json(output) }
            print("account: \(output.owner) (registered \(output.registeredAt.formatted(.iso8601)))")
            for balance in output.balances ?? [] { print("  \(balance.text)") }
        }
    }
}

/// A balance as printed: the mint and the amount as a decimal string.
struct BalanceOutput: Encodable {
    let mint: String
    let symbol: String
    let amount: String
    let quarks: String

    init(_ amount: TokenAmount) {
        mint = amount.mint.address
        symbol = amount.mint.description
        self.amount = Text.decimal(amount.decimalValue)
        quarks = String(amount.quarks)
    }

    var text: String { "\(amount) \(symbol)" }
}
