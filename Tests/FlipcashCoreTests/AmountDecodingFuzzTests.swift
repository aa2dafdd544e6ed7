import Foundation
import TestSupport
import Testing

@testable import FlipcashCore

/// Outside input — persisted JSON, keypad text, mint addresses — never crashes a decoder: it is
/// read or refused with a typed error.
@Suite("Amounts: fuzzing every decoder of outside input")
struct AmountDecodingFuzzTests {
    private static let seeds = [
        #"{"quarks":"5000000","mint":"5AMAA9JV9H97YYVxx8F6FsCMmTwXSuTTQneiup4RYAUQ"}"#,
        #"{"value":"12.34","currency":"cad"}"#,
        #"{"fx":"1.35","currency":"cad"}"#,
        #"{"onChainAmount":{"quarks":"7407407","mint":"5AMAA9JV9H97YYVxx8F6FsCMmTwXSuTTQneiup4RYAUQ"},"nativeAmount":{"value":"10","currency":"cad"},"currencyRate":{"fx":"1.35","currency":"cad"}}"#,
    ]
    private static let alphabet = Array("0123456789.-+eE ,\"{}:[]abcdxyz5AM$¥٣\u{0301}")

    private static func mutate(_ text: String, _ random: inout SplitMix64) -> String {
        var characters = Array(text)
        for _ in 0..<(1 + random.next() % 4) {
            let position = characters.isEmpty ? 0 : Int(random.next() % UInt64(characters.count))
            switch random.next() % 3 {
            case 0 where !characters.isEmpty: characters.remove(at: position)
            case 1: characters.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: position)
            default:
                if !characters.isEmpty { characters[position] = alphabet[Int(random.next() % UInt64(alphabet.count))] }
            }
        }
        return String(characters)
    }

    private static func decodesOrRefuses<T: Decodable>(_ type: T.Type, _ data: Data) -> Bool {
        do {
            _ = try JSONDecoder().decode(type, from: data)
            return true
        } catch is DecodingError {
            return true
        } catch {
            return false
        }
    }

    @Test("mutated JSON decodes or fails with DecodingError, for every amount type")
    func mutatedJSON() {
        var random = SplitMix64(seed: 0xF022)
        for _ in 0..<1_500 {
            let seed = Self.seeds[Int(random.next() % UInt64(Self.seeds.count))]
            let data = Data(Self.mutate(seed, &random).utf8)
            #expect(Self.decodesOrRefuses(TokenAmount.self, data))
            #expect(Self.decodesOrRefuses(FiatAmount.self, data))
            #expect(Self.decodesOrRefuses(Rate.self, data))
            #expect(Self.decodesOrRefuses(ExchangedFiat.self, data))
            #expect(Self.decodesOrRefuses(Mint.self, data))
        }
    }

    @Test("decoded values keep their invariants")
    func decodedInvariants() throws {
        var random = SplitMix64(seed: 0x1A7)
        for _ in 0..<1_500 {
            let seed = Self.seeds[Int(random.next() % UInt64(Self.seeds.count))]
            let data = Data(Self.mutate(seed, &random).utf8)
            if let rate = try? JSONDecoder().decode(Rate.self, from: data) { #expect(rate.fx > 0) }
            if let exchanged = try? JSONDecoder().decode(ExchangedFiat.self, from: data) {
                #expect(exchanged.nativeAmount.currency == exchanged.currencyRate.currency)
                #expect(exchanged.currencyRate.fx > 0)
            }
            if let amount = try? JSONDecoder().decode(FiatAmount.self, from: data) { #expect(!amount.value.isNaN) }
        }
    }

    @Test("random keypad text parses to exactly its digits or gets a typed error")
    func keypadText() throws {
        var random = SplitMix64(seed: 0x4E7_9AD)
        let keys = Array("0123456789..,-e $٣")
        for _ in 0..<3_000 {
            let length = Int(random.next() % 20)
            let text = String((0..<length).map { _ in keys[Int(random.next() % UInt64(keys.count))] })
            let currency: CurrencyCode = [.usd, .jpy, .bhd][Int(random.next() % 3)]
            do {
                let value = try KeypadAmount.parse(text, currency: currency)
                #expect(text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }, "\(text)")
                let normalized = (text.hasPrefix(".") ? "0" : "") + (text.hasSuffix(".") ? text + "0" : text)
                #expect(value == Decimal(string: normalized), "\(text)")
                #expect(DecimalRounding.down.round(value, scale: currency.fractionDigits) == value)
            } catch {
                #expect(error.errorDescription?.isEmpty == false)
            }
        }
    }

    @Test("random mint addresses are read or refused with MintError")
    func mintAddresses() {
        var random = SplitMix64(seed: 0xB58)
        let alphabet = Array("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0OIl")
        for _ in 0..<2_000 {
            let length = Int(random.next() % 50)
            let text = String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            do {
                let mint = try Mint(address: text)
                #expect(mint.address == text)
                #expect(mint.decimals == 10)
            } catch {
                #expect(error.errorDescription?.isEmpty == false)
            }
        }
    }
}
