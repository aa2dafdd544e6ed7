import ArgumentParser
import CommandLineKit
import FlipcashCore
import Foundation

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
        @Option(name: .long, help: "Tokens sold so far.") var supply: DecimalArgument
        @OptionGroup var output: OutputOptions

        func run() throws {
            let supplyQuarks = try QuarkScale.quarks(from: supply.value, decimals: Mint.launchpadDecimals)
            guard let price = CurveCommand.curve.spotPrice(supply: supply.value),
                let cap = CurveCommand.curve.marketCap(supplyQuarks: supplyQuarks)
            else { throw ValidationError("--supply is beyond the curve's 21,000,000 tokens") }
            struct PriceOutput: Encodable { let supply: String; let price: String; let marketCap: String; let reserve: String }
            let reserve = CurveCommand.curve.tokensToValue(supply: 0, tokens: supply.value) ?? 0
            let result = PriceOutput(
                supply: Text.decimal(supply.value), price: Text.decimal(price), marketCap: Text.decimal(cap),
                reserve: Text.decimal(reserve)
            )
            if output.json { return try TerminalOutput.json(result) }
            print("price \(result.price) USD per token at supply \(result.supply)")
            print("market cap \(result.marketCap) USD, reserve \(result.reserve) USD")
        }
    }

    struct Buy: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Tokens bought with a USDF amount.")
        @Option(name: .long, help: "USDF to spend, e.g. 5.") var usdf: DecimalArgument
        @Option(name: .long, help: "Tokens sold so far.") var supply: DecimalArgument
        @Option(name: .customLong("fee-bps"), help: "Fee in basis points (100 = 1%).") var feeBps = 0
        @OptionGroup var output: OutputOptions

        func run() throws {
            let usdfQuarks = try QuarkScale.quarks(from: usdf.value, decimals: Mint.usdfDecimals)
            let supplyQuarks = try QuarkScale.quarks(from: supply.value, decimals: Mint.launchpadDecimals)
            guard let quote = CurveCommand.curve.buy(usdfQuarks: usdfQuarks, feeBps: feeBps, supplyQuarks: supplyQuarks) else {
                throw ValidationError("No quote: the supply is beyond the curve or the fee is not 0–10000 bps.")
            }
            try CurveCommand.printQuote(gross: quote.gross, fee: quote.fee, net: quote.net, unit: "tokens", json: output.json)
        }
    }

    struct Sell: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "USDF received for selling tokens.")
        @Option(name: .long, help: "Tokens to sell.") var tokens: DecimalArgument
        @Option(name: .long, help: "Tokens sold so far.") var supply: DecimalArgument
        @Option(name: .customLong("fee-bps"), help: "Fee in basis points (100 = 1%).") var feeBps = 0
        @OptionGroup var output: OutputOptions

        func run() throws {
            let tokenQuarks = try QuarkScale.quarks(from: tokens.value, decimals: Mint.launchpadDecimals)
            let supplyQuarks = try QuarkScale.quarks(from: supply.value, decimals: Mint.launchpadDecimals)
            guard let quote = CurveCommand.curve.sell(tokenQuarks: tokenQuarks, feeBps: feeBps, supplyQuarks: supplyQuarks) else {
                throw ValidationError("No quote: the supply is beyond the curve or the fee is not 0–10000 bps.")
            }
            try CurveCommand.printQuote(gross: quote.gross, fee: quote.fee, net: quote.net, unit: "USDF", json: output.json)
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
            struct Row: Encodable { let step: Int; let supply: Int; let price: String; let cumulative: String }
            let rows = (from..<min(from + count, DiscreteBondingCurve.tableSize)).compactMap { step -> Row? in
                guard let price = CurveCommand.curve.price(atStep: step),
                    let cumulative = CurveCommand.curve.cumulativeValue(atStep: step)
                else { return nil }
                return Row(step: step, supply: step * DiscreteBondingCurve.stepSize, price: String(price.units),
                           cumulative: String(cumulative.units))
            }
            if output.json { return try TerminalOutput.json(rows) }
            TerminalOutput.table(["STEP", "SUPPLY", "PRICE (1e-18)", "CUMULATIVE (1e-18)"], rows.map {
                [String($0.step), String($0.supply), $0.price, $0.cumulative]
            })
        }
    }

    static func printQuote(gross: Decimal, fee: Decimal, net: Decimal, unit: String, json: Bool) throws {
        struct QuoteOutput: Encodable { let gross: String; let fee: String; let net: String; let unit: String }
        let result = QuoteOutput(gross: Text.decimal(gross), fee: Text.decimal(fee), net: Text.decimal(net), unit: unit)
        if json { return try TerminalOutput.json(result) }
        Swift.print("gross \(result.gross) \(unit), fee \(result.fee), net \(result.net) \(unit)")
    }
}
