import ArgumentParser
import CommandLineKit
import FlipcashCore
import Foundation
import Validation

/// `flipcash curve price|buy|sell|table`: quotes on the launchpad bonding curve.
struct CurveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curve",
        abstract: "Quotes on the bonding curve ($0.01 at supply 0 to $1,000,000 at 21,000,000 tokens, steps of 100).",
        subcommands: [Price.self, Buy.self, Sell.self, Table.self]
    )

    static let curve = DiscreteBondingCurve.shared

    struct Price: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The spot price and market cap at a supply.")
        @Option(name: .long, help: "Tokens sold so far (up to 10 decimals).") var supply: DecimalArgument
        @OptionGroup var output: OutputOptions

        func run() throws {
            let supplyQuarks = try CurveCommand.quarks(supply, decimals: Mint.launchpadDecimals, option: "--supply")
            let supply = QuarkScale.down(supplyQuarks, decimals: Mint.launchpadDecimals)
            guard let price = CurveCommand.curve.spotPrice(supply: supply),
                let cap = CurveCommand.curve.marketCap(supplyQuarks: supplyQuarks),
                let reserve = CurveCommand.curve.tokensToValue(supply: 0, tokens: supply)
            else { throw ValidationError(FieldIssue("--supply", CurveQuoteError.supplyBeyondCurve(supply: supply).localizedDescription)) }
            struct PriceOutput: Encodable {
                let supply: String
                let price: String
                let marketCap: String
                let reserve: String
            }
            let result = PriceOutput(
                supply: Text.decimal(supply), price: Text.decimal(price), marketCap: Text.decimal(cap),
                reserve: Text.decimal(reserve)
            )
            if output.json { return try TerminalOutput.json(result) }
            print("price \(result.price) USD per token at supply \(result.supply)")
            print("market cap \(result.marketCap) USD, reserve \(result.reserve) USD")
        }
    }

    struct Buy: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Tokens bought with a USDF amount.",
            discussion: """
                A purchase that would pass the curve's end (21,000,000 tokens) is filled to the end, as the \
                on-chain program does: it takes only what the tokens left cost ("spent"), and the rest is not spent.
                """
        )
        @Option(name: .long, help: "USDF to spend, e.g. 5 (up to 6 decimals).") var usdf: DecimalArgument
        @Option(name: .long, help: "Tokens sold so far (up to 10 decimals).") var supply: DecimalArgument
        @Option(name: .customLong("fee-bps"), help: "Fee in basis points (100 = 1%).") var feeBps = 0
        @OptionGroup var output: OutputOptions

        func run() throws {
            let usdfQuarks = try CurveCommand.quarks(usdf, decimals: Mint.usdfDecimals, option: "--usdf")
            let supplyQuarks = try CurveCommand.quarks(supply, decimals: Mint.launchpadDecimals, option: "--supply")
            let quote = try CurveCommand.curve.quoteBuy(usdfQuarks: usdfQuarks, feeBps: feeBps, supplyQuarks: supplyQuarks)
            try CurveCommand.printQuote(
                gross: quote.gross, fee: quote.fee, net: quote.net, unit: "tokens", spent: quote.spent, json: output.json)
        }
    }

    struct Sell: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "USDF received for selling tokens.")
        @Option(name: .long, help: "Tokens to sell (up to 10 decimals; at most the supply).") var tokens: DecimalArgument
        @Option(name: .long, help: "Tokens sold so far (up to 10 decimals).") var supply: DecimalArgument
        @Option(name: .customLong("fee-bps"), help: "Fee in basis points (100 = 1%).") var feeBps = 0
        @OptionGroup var output: OutputOptions

        func run() throws {
            let tokenQuarks = try CurveCommand.quarks(tokens, decimals: Mint.launchpadDecimals, option: "--tokens")
            let supplyQuarks = try CurveCommand.quarks(supply, decimals: Mint.launchpadDecimals, option: "--supply")
            let quote = try CurveCommand.curve.quoteSell(tokenQuarks: tokenQuarks, feeBps: feeBps, supplyQuarks: supplyQuarks)
            try CurveCommand.printQuote(gross: quote.gross, fee: quote.fee, net: quote.net, unit: "USDF", spent: nil, json: output.json)
        }
    }

    struct Table: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Rows of the price and cumulative-value tables (1e-18 units).")
        @Option(name: .long, help: "First step (0–210000).") var from = 0
        @Option(name: .long, help: "How many rows.") var count = 10
        @OptionGroup var output: OutputOptions

        func run() throws {
            guard (0..<DiscreteBondingCurve.tableSize).contains(from), count >= 0 else {
                throw ValidationError("--from must be 0–\(DiscreteBondingCurve.tableSize - 1)")
            }
            struct Row: Encodable {
                let step: Int
                let supply: Int
                let price: String
                let cumulative: String
            }
            let rows = (from..<min(from + count, DiscreteBondingCurve.tableSize)).compactMap { step -> Row? in
                guard let price = CurveCommand.curve.price(atStep: step),
                    let cumulative = CurveCommand.curve.cumulativeValue(atStep: step)
                else { return nil }
                return Row(
                    step: step, supply: step * DiscreteBondingCurve.stepSize, price: String(price.units),
                    cumulative: String(cumulative.units))
            }
            if output.json { return try TerminalOutput.json(rows) }
            TerminalOutput.table(
                ["STEP", "SUPPLY", "PRICE (1e-18)", "CUMULATIVE (1e-18)"],
                rows.map {
                    [String($0.step), String($0.supply), $0.price, $0.cumulative]
                })
        }
    }

    /// The exact quarks of an amount given on the command line; more decimals than the quarks
    /// hold are refused (naming the option), never rounded: rounding a sale up sells tokens that
    /// were not offered, rounding a payment up pays more than was offered.
    static func quarks(_ argument: DecimalArgument, decimals: Int, option: String) throws -> UInt64 {
        do {
            return try QuarkScale.exactQuarks(from: argument.value, decimals: decimals)
        } catch {
            throw ValidationError(FieldIssue(FieldName(option), error.localizedDescription))
        }
    }

    static func printQuote(gross: Decimal, fee: Decimal, net: Decimal, unit: String, spent: Decimal?, json: Bool) throws {
        struct QuoteOutput: Encodable {
            let gross: String
            let fee: String
            let net: String
            let unit: String
            let spent: String?
        }
        let result = QuoteOutput(
            gross: Text.decimal(gross), fee: Text.decimal(fee), net: Text.decimal(net), unit: unit,
            spent: spent.map(Text.decimal))
        if json { return try TerminalOutput.json(result) }
        let spentText = result.spent.map { ", spent \($0) USDF" } ?? ""
        Swift.print("gross \(result.gross) \(unit), fee \(result.fee), net \(result.net) \(unit)\(spentText)")
    }
}
