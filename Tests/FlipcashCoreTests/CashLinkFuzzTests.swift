import DAGCBOR
import Foundation
import TestSupport
import Testing

@testable import FlipcashCore

@Suite("CashLink: fuzzing the link reader")
struct CashLinkFuzzTests {
    static let base58Alphabet = Array("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz")

    @Test("random text and URL-ish text never crash the reader; errors are typed and explained")
    func randomText() throws {
        var random = SplitMix64(seed: 0xF1_1DC4)
        let urlish = Array("https://send.flipcash.com/app.login/c/#/e=%?&@:[]0OIl") + Self.base58Alphabet
        for _ in 0..<4000 {
            let text = random.text(maxLength: 120, alphabet: urlish)
            if let url = URL(string: text) {
                switch Result(catching: { () throws(CashLinkError) in try CashLink(url: url) }) {
                case .success(let link): #expect(try CashLink(parsing: link.absoluteString) == link)
                case .failure(let error): #expect(error.errorDescription?.isEmpty == false)
                }
            }
            let link: CashLink
            do {
                link = try CashLink(parsing: text)
            } catch {
                #expect(error.errorDescription?.isEmpty == false)
                continue
            }
            #expect(try CashLink(parsing: link.absoluteString) == link)
        }
    }

    @Test("single-character edits of a valid link never crash; what still parses round-trips")
    func mutatedLinks() throws {
        var random = SplitMix64(seed: 0xF1_1DC5)
        let alphabet = Array("#/=:.%?@ 0OIl") + Self.base58Alphabet
        for _ in 0..<3000 {
            var characters = Array(CashLink.new(using: &random).absoluteString)
            let position = Int.random(in: 0..<characters.count, using: &random)
            let replacement = alphabet.randomElement(using: &random) ?? "x"
            switch Int.random(in: 0..<3, using: &random) {
            case 0: characters[position] = replacement
            case 1: characters.insert(replacement, at: position)
            default: characters.remove(at: position)
            }
            let link: CashLink
            do {
                link = try CashLink(parsing: String(characters))
            } catch {
                #expect(error.errorDescription?.isEmpty == false)
                continue
            }
            #expect(try CashLink(parsing: link.absoluteString) == link)
        }
    }

    @Test("random Base58 keys: accepted exactly when they decode to 16 or 32 bytes, else the decoded length")
    func randomKeys() throws {
        var random = SplitMix64(seed: 0xF1_1DC6)
        for _ in 0..<3000 {
            let length = Int.random(in: 1...50, using: &random)
            let key = String((0..<length).map { _ in Self.base58Alphabet.randomElement(using: &random) ?? "1" })
            let decoded = try Base58.decode(key)
            let text = "https://send.flipcash.com/c/#/e=\(key)"
            if decoded.count == 16 || decoded.count == 32 {
                let link = try CashLink(parsing: text)
                #expect(link.entropy == decoded)
                // Base58 is canonical for a given byte string, so the link prints the same key.
                #expect(link.absoluteString == text)
            } else {
                #expect(throws: CashLinkError.invalidEntropyLength(decoded.count)) { try CashLink(parsing: text) }
            }
        }
    }
}
