import ArgumentParser
import CommandLineKit
import FlipcashCore
import Foundation
import Validation

/// `flipcash amount 12.34 --currency cad --rate 1.36`: what an entered amount is on chain.
struct AmountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "amount",
        abstract: "Turn an entered fiat amount into on-chain quarks (half-up) and show how it displays."
    )
    @Argument(help: "The amount as typed on the keypad, e.g. 12.34.") var amount: String
    @Option(name: .long, help: "The currency of the amount (ISO 4217, any case; default: usd).", transform: CurrencyCode.argument) var currency:
        CurrencyCode = .usd
    @Option(name: .long, help: "Native units per 1 USD (default 1, required for other currencies).") var rate: DecimalArgument?
    @Option(name: .long, help: "usdf (default) or a launchpad currency's mint address.") var mint: MintArgument?
    @Option(name: .long, help: "Launchpad currency: tokens sold so far (its supply), in whole tokens.") var supply: DecimalArgument?
    @OptionGroup var output: OutputOptions

    struct AmountOutput: Encodable {
        let entered: String
        let currency: String
        let rate: String
        let usd: String
        let mint: String
        let decimals: Int
        let quarks: String
        let tokens: String
        let display: String
        let displayUSD: String
        let compact: String
    }

    func validate() throws {
        if currency != .usd, rate == nil { throw ValidationError("Give --rate for \(currency.code) (native units per 1 USD).") }
        if let mint, !mint.mint.isUSDF, supply == nil { throw ValidationError("Give --supply for a launchpad currency.") }
    }

    func run() throws {
        let entered = try KeypadAmount.amount(amount, currency: currency)
        let value = entered.value
        let rate: Rate
        do {
            rate = try Rate(fx: self.rate?.value ?? 1, currency: currency)
        } catch {
            throw ValidationError(FieldIssue("--rate", error.localizedDescription))
        }
        let mint = mint?.mint ?? .usdf
        let exchanged: ExchangedFiat
        if mint.isUSDF {
            exchanged = try ExchangedFiat(nativeAmount: entered, rate: rate)
        } else {
            let supplyQuarks: UInt64
            do {
                supplyQuarks = try QuarkScale.exactQuarks(from: supply?.value ?? 0, decimals: mint.decimals)
            } catch {
                throw ValidationError(FieldIssue("--supply", error.localizedDescription))
            }
            guard let computed = try ExchangedFiat.compute(fromEntered: entered, rate: rate, mint: mint, supplyQuarks: supplyQuarks) else {
                throw ValidationError("Nothing to buy: the amount is zero or the currency has no supply.")
            }
            exchanged = computed
        }
        let result = AmountOutput(
            entered: Text.decimal(value), currency: currency.code, rate: Text.decimal(rate.fx),
            usd: Text.decimal(exchanged.usdfValue.value), mint: mint.address, decimals: mint.decimals,
            quarks: String(exchanged.onChainAmount.quarks), tokens: Text.decimal(exchanged.onChainAmount.decimalValue),
            display: FiatFormatter.enUS.string(for: exchanged.nativeAmount),
            displayUSD: FiatFormatter.enUS.string(for: exchanged.usdfValue), compact: FiatFormatter.enUS.compact(entered)
        )
        if output.json { return try TerminalOutput.json(result) }
        print("\(result.display) at \(result.rate) \(currency.code)/USD = \(result.displayUSD)")
        print("on chain: \(result.quarks) quarks of \(mint) (\(result.tokens) at \(mint.decimals) decimals)")
    }
}
