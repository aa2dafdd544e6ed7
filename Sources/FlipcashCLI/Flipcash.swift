import ArgumentParser
import CommandLineKit
import DAGCBOR
import FlipcashCore
import Foundation
import Validation

/// `flipcash`: the Flipcash wallet from a terminal — exact amounts, the bonding curve, cash-code
/// bills and cash links offline; the account, balances, history, limits and cash links against an
/// app-server. Commands only render; the logic is FlipcashCore's.
@main
struct Flipcash: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flipcash",
        abstract: "A Flipcash wallet: an account, balances and cash links against an app-server; exact money offline.",
        discussion: """
            Amounts are read as typed ("12.34", always a dot), never through the machine's locale. \
            The account, balance, history, limits, faucet, link send|claim|void, give, grab and rates \
            commands talk to an app-server's gRPC port (--server HOST:PORT, default 127.0.0.1:8081) and keep the wallet in \
            --store DIR (the recovery phrase, readable only by you, and the intents waiting for an answer). \
            \(CommandRunner.exitStatusHelp)
            """,
        subcommands: [
            AccountCommand.self, BalanceCommand.self, HistoryCommand.self, LimitsCommand.self, FaucetCommand.self, LinkCommand.self,
            GiveCommand.self, GrabCommand.self, RatesCommand.self, CurrencyCommand.self, AmountCommand.self, CurveCommand.self, BillCommand.self,
            ScanCommand.self,
        ]
    )

    static func main() async {
        await CommandRunner.main(Self.self, program: "flipcash", logLevelVariable: "FLIPCASH_LOG_LEVEL")
    }
}

/// The options every command takes.
typealias OutputOptions = JSONOutputFlag<DecimalAmountsJSONHelp>

/// Amounts go out as decimal strings so no reader rounds them through a binary float.
enum DecimalAmountsJSONHelp: JSONOutputHelp {
    static var text: String { "Print machine-readable JSON (amounts as decimal strings)." }
}

extension ValidationError {
    /// A usage error (exit status 2) about one option, worded as every field error is:
    /// `--rate: reason`.
    init(_ issue: FieldIssue<FieldName>) {
        self.init(issue.message)
    }
}

extension CurrencyCode {
    /// The code `text` names, or the reason it names none. Options declare it as their
    /// `transform:` so that ArgumentParser prints that reason after "The value 'xyz' is invalid
    /// for '--currency <currency>'"; as an `ExpressibleByArgument` it could only list all 160 codes,
    /// in the error and in the help.
    static func argument(_ text: String) throws(CurrencyCodeError) -> CurrencyCode {
        try CurrencyCode(parsing: text)
    }
}

/// Reads a decimal the way the keypad does: digits and one dot, via `Decimal(string:)`.
struct DecimalArgument: ExpressibleByArgument, Sendable {
    let value: Decimal

    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            text.filter({ $0 == "." }).count <= 1, let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        else { return nil }
        self.value = value
    }

    static var defaultValueDescription: String { "a decimal number such as 12.34" }
}

/// A mint: `usdf` or a launchpad currency's base58 address.
struct MintArgument: ExpressibleByArgument, Sendable {
    let mint: Mint

    init?(argument: String) {
        if argument.lowercased() == "usdf" {
            mint = .usdf
        } else if let mint = try? Mint(address: argument) {
            self.mint = mint
        } else {
            return nil
        }
    }
}

/// How flipcash writes (and reads back) values as text, in one place so output and input agree.
enum Text {
    /// Decimal text without exponent, as persisted and printed.
    static func decimal(_ value: Decimal) -> String { value.description }

    static func hex(_ bytes: some Sequence<UInt8>) -> String { DAGCBOR.Hex.encode(bytes) }

    /// Bytes typed as hex digits. Spaces and one leading `0x` are allowed, as people copy codes
    /// from logs and specifications; what is left must be hex digits and nothing else (the
    /// package's strict decoder: `+f` is not a byte). Nil for anything else, and for no digits.
    static func bytes(hex text: String) -> [UInt8]? {
        var digits = text.filter { !$0.isWhitespace }
        if digits.hasPrefix("0x") { digits.removeFirst(2) }
        guard !digits.isEmpty else { return nil }
        return DAGCBOR.Hex.decode(digits)
    }
}
