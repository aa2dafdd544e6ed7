import ArgumentParser
import CommandLineKit
import FlipcashCore
import Foundation

/// `flipcash link new|open URL`: gift-card cash links.
struct LinkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link",
        abstract: "Make or open a cash link (a 12-word key in the URL fragment the server never sees).",
        subcommands: [New.self, Open.self]
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
}
