// public: the ExpressibleByArgument conformances below are public, as both sides are.
public import ArgumentParser
import CommandLineKit
import FlipcashCore
import Foundation
import Validation

extension CashCodePayload.Kind: ExpressibleByArgument {
    init?(argument: String) {
        switch argument.lowercased() {
        case "cash", "0": self = .cash
        case "multi", "multicurrency", "multi-currency", "1": self = .multiCurrency
        default: return nil
        }
    }
}

/// What `bill` and `scan` print about a bill.
struct BillOutput: Encodable {
    let kind: String
    let currency: String
    let amount: String
    let nonce: String
    let payload: String
    let code: String
    let rendezvousPublicKey: String
    let correctedBytes: [Int]?
    let svg: String?

    init(_ payload: CashCodePayload, correctedBytes: [Int]? = nil, svg: String? = nil) {
        kind =
            switch payload.kind {
            case .cash: "cash"
            case .multiCurrency: "multiCurrency"
            }
        currency = payload.currency.code
        amount = Text.decimal(payload.amount)
        nonce = Text.hex(payload.nonce)
        self.payload = Text.hex(payload.encoded())
        code = Text.hex(CashCode.encode(payload))
        rendezvousPublicKey = RendezvousKey(payload: payload).publicKeyBase58
        self.correctedBytes = correctedBytes
        self.svg = svg
    }

    func printText() {
        print("bill:       \(amount) \(currency) (\(kind))")
        print("payload:    \(payload)")
        print("code:       \(code)")
        print("rendezvous: \(rendezvousPublicKey)")
        if let correctedBytes, !correctedBytes.isEmpty {
            print("corrected:  \(correctedBytes.count) damaged bytes at \(correctedBytes.map(String.init).joined(separator: ", "))")
        }
        if let svg { print("picture:    \(svg)") }
    }
}

/// `flipcash bill --amount 5 --currency usd`: a bill's payload, its 35-byte code and its picture.
struct BillCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bill",
        abstract: "Make a cash-code bill: prints the payload and code (hex) and writes the circular code as SVG."
    )
    @Option(name: .long, help: "The amount as typed, e.g. 5 or 7.50 (greater than zero, at most the currency's digits).")
    var amount: String
    @Option(name: .long, help: "Its currency (ISO 4217; default: usd).", transform: CurrencyCode.argument) var currency: CurrencyCode = .usd
    @Option(name: .long, help: "multi (kind 1, what the app's sender makes) or cash (kind 0, the older bill).")
    var kind: CashCodePayload.Kind = .multiCurrency
    @Option(name: .long, help: "The 10-byte nonce as 20 hex digits (default: random).") var nonce: String?
    @Option(name: .long, help: "Where to write the SVG picture.") var svg = "bill.svg"
    @OptionGroup var output: OutputOptions

    func run() throws {
        // The same rules as every amount (`amount` uses them too): refused, never rounded.
        let entered: FiatAmount
        do {
            entered = try KeypadAmount.amount(amount, currency: currency)
        } catch {
            throw ValidationError(FieldIssue("--amount", error.localizedDescription))
        }
        let payload: CashCodePayload
        if let nonce {
            guard let bytes = Text.bytes(hex: nonce) else { throw ValidationError("--nonce must be 20 hex digits") }
            payload = try CashCodePayload(kind: kind, currency: currency, amount: entered.value, nonce: bytes)
        } else {
            payload = try CashCodePayload(kind: kind, currency: currency, amount: entered.value)
        }
        let picture = try CashCodeSVG().render(payload)
        do {
            try Data(picture.utf8).write(to: URL(fileURLWithPath: svg), options: .atomic)
        } catch {
            throw ValidationError("Couldn't write \(svg): \(error.localizedDescription)")
        }
        let result = BillOutput(payload, svg: svg)
        if output.json { return try TerminalOutput.json(result) }
        result.printText()
    }
}

/// `flipcash scan HEX_OR_SVG`: reads a bill back, correcting damaged bytes.
struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Decode a bill from its code (35 bytes hex, or 39 with the finder), its payload (20 bytes hex) or an SVG file.",
        discussion: "Up to 6 damaged bytes of a code are corrected; more are refused."
    )
    @Argument(help: "Hex digits, or the path of an SVG (or hex) file.") var input: String
    @OptionGroup var output: OutputOptions

    func run() throws {
        let (payload, corrected) = try Self.read(input)
        let result = BillOutput(payload, correctedBytes: corrected)
        if output.json { return try TerminalOutput.json(result) }
        result.printText()
    }

    /// The bill in `input`: an SVG file, a file of hex digits, or hex digits (a 20-byte payload, a
    /// 35-byte code, or 39 bytes with the finder), with the code bytes that were corrected.
    static func read(_ input: String) throws -> (payload: CashCodePayload, correctedBytes: [Int]?) {
        var text = input
        if FileManager.default.fileExists(atPath: input) {
            guard let data = FileManager.default.contents(atPath: input), data.count <= CashCodeSVG.maximumInputBytes else {
                throw ValidationError("Couldn't read \(input)")
            }
            text = String(decoding: data, as: UTF8.self)
        }
        if text.contains("<svg") { return (try CashCodeSVG.scan(text), nil) }
        guard let bytes = Text.bytes(hex: text) else {
            throw ValidationError("Not hex digits and not an SVG file: \(input.prefix(40))")
        }
        switch bytes.count {
        case CashCodePayload.byteCount:
            return (try CashCodePayload(decoding: bytes), nil)
        case CashCode.byteCount:
            let decoded = try CashCode.decodeReportingCorrections(bytes)
            return (decoded.payload, decoded.correctedPositions)
        case CashCode.byteCount + CashCodeRings.finderBytes.count:
            guard bytes.prefix(CashCodeRings.finderBytes.count).elementsEqual(CashCodeRings.finderBytes) else {
                throw ValidationError("39 bytes must start with the finder bytes b2cb25c6")
            }
            let decoded = try CashCode.decodeReportingCorrections(bytes.dropFirst(CashCodeRings.finderBytes.count))
            return (decoded.payload, decoded.correctedPositions)
        default:
            throw ValidationError("\(bytes.count) bytes: a payload is 20, a code 35, a code with its finder 39.")
        }
    }
}
