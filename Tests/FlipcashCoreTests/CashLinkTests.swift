import Crypto
import DAGCBOR
import Foundation
import TestSupport
import Testing

@testable import FlipcashCore

@Suite("CashLink: gift-card and login links, their words and owner key")
struct CashLinkTests {
    struct Reference: Sendable, CustomTestStringConvertible {
        let kind: CashLinkKind
        let entropy: String
        let fragmentKey: String
        let address: String

        var testDescription: String { "\(kind) \(entropy.prefix(8))…" }
    }

    /// Entropy → Base58 → owner address at m/44'/501'/0'/0' (no passphrase). The all-zero
    /// 12-word row is the widely published Solana address of "abandon … about"
    /// (HAgk14…); the rest were computed independently with python-mnemonic, `hmac` and
    /// `cryptography`'s Ed25519.
    static let references: [Reference] = [
        Reference(
            kind: .giftCard, entropy: "00000000000000000000000000000000",
            fragmentKey: "1111111111111111", address: "HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk"),
        Reference(
            kind: .giftCard, entropy: "7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f",
            fragmentKey: "Gk9pcGhrxdtLwJN1qcWgHk", address: "BLeUXTx9thHGT7VJUtF9vHEmfMDgW1nnKZ9UVer2CoLX"),
        Reference(
            kind: .giftCard, entropy: "9e885d952ad362caeb4efe34a8e91bd2",
            fragmentKey: "LaReH4nR8WDRdE2dT5eAWu", address: "DbzZA7fEfBQ5SaY2kS7K2Wskg2eRphTdPYoqFKP5Zkt1"),
        Reference(
            kind: .giftCard, entropy: "0000ff11111111111111111111111111",
            fragmentKey: "112cmjF4zz8Z7fyCFExoCt", address: "67z4Gp5h9V3bvbs29jJ5MvrNaGUTce7FaoXkAETyYBM"),
        Reference(
            kind: .login, entropy: "0000000000000000000000000000000000000000000000000000000000000000",
            fragmentKey: "11111111111111111111111111111111", address: "3Cy3YNTFywCmxoxt8n7UH6hg6dLo5uACowX3CFceaSnx"),
    ]

    @Test("reference links: URL text, parsing, words and owner address", arguments: references)
    func referenceLink(reference: Reference) throws {
        let link = try CashLink(kind: reference.kind, entropy: Data(hex: reference.entropy))
        let text = "https://\(reference.kind == .giftCard ? "send.flipcash.com/c/" : "app.flipcash.com/login/")#/e=\(reference.fragmentKey)"
        #expect(link.absoluteString == text)
        #expect(link.url.absoluteString == text)
        let parsed = try CashLink(parsing: text)
        #expect(parsed == link)
        #expect(parsed.kind == reference.kind)
        #expect(parsed.entropy == Data(hex: reference.entropy))
        #expect(try CashLink(url: link.url) == link)
        #expect(parsed.words == (try Mnemonic(entropy: Data(hex: reference.entropy))).words)
        let keyPair = parsed.deriveKeyPair()
        #expect(keyPair.address == reference.address)
        #expect(try Base58.decode(keyPair.address) == keyPair.publicKey)
    }

    @Test("the all-zero gift card is 'abandon … about'")
    func zeroGiftCardWords() throws {
        let link = try CashLink(parsing: "https://send.flipcash.com/c/#/e=1111111111111111")
        #expect(link.words == Array(repeating: "abandon", count: 11) + ["about"])
        #expect(link.mnemonic.wordCount == .twelve)
    }

    @Test("the owner key is SLIP-0010 m/44'/501'/0'/0' of the phrase's BIP-39 seed, and it signs")
    func ownerKey() throws {
        var random = SplitMix64(seed: 0xC0DE)
        let link = CashLink.new(using: &random)
        let expected = try SLIP10Key.derive(seed: link.mnemonic.seed(), path: try DerivationPath(parsing: "m/44'/501'/0'/0'"))
        let keyPair = link.deriveKeyPair()
        #expect(keyPair.publicKey == expected.publicKey)
        #expect(keyPair.privateKey.rawRepresentation == expected.privateKey)
        let message = Data("claim".utf8)
        let signature = try keyPair.privateKey.signature(for: message)
        #expect(keyPair.privateKey.publicKey.isValidSignature(signature, for: message))
        #expect(keyPair.description == "CashLinkKeyPair(\(keyPair.address))")
    }

    @Test("accepted spellings: white space around, upper-case scheme and host, no trailing slash, a query")
    func lenientSpellings() throws {
        let link = try CashLink(entropy: Data(hex: "7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f"))
        for text in [
            "  https://send.flipcash.com/c/#/e=Gk9pcGhrxdtLwJN1qcWgHk\n",
            "HTTPS://SEND.FLIPCASH.COM/c/#/e=Gk9pcGhrxdtLwJN1qcWgHk",
            "https://send.flipcash.com/c#/e=Gk9pcGhrxdtLwJN1qcWgHk",
            "https://send.flipcash.com/c/?utm_source=share#/e=Gk9pcGhrxdtLwJN1qcWgHk",
        ] {
            #expect(try CashLink(parsing: text) == link, "\(text)")
        }
        let login = try CashLink(parsing: "https://app.flipcash.com/login#/e=Gk9pcGhrxdtLwJN1qcWgHk")
        #expect(login.kind == .login)
        #expect(login.entropy == link.entropy)
        #expect(login != link)
    }

    @Test(
        "each failure has its own typed error",
        arguments: [
            ("", CashLinkError.notAFlipcashLink),
            ("send.flipcash.com/c/#/e=1111111111111111", .notAFlipcashLink),
            ("http://send.flipcash.com/c/#/e=1111111111111111", .notAFlipcashLink),
            ("https://flipcash.com/c/#/e=1111111111111111", .notAFlipcashLink),
            ("https://send.flipcash.com.evil.com/c/#/e=1111111111111111", .notAFlipcashLink),
            ("https://send.flipcash.com/login/#/e=1111111111111111", .notAFlipcashLink),
            ("https://app.flipcash.com/c/#/e=1111111111111111", .notAFlipcashLink),
            ("https://send.flipcash.com/#/e=1111111111111111", .notAFlipcashLink),
            ("https://send.flipcash.com:8443/c/#/e=1111111111111111", .notAFlipcashLink),
            ("https://me@send.flipcash.com/c/#/e=1111111111111111", .notAFlipcashLink),
            ("https://send.flipcash.com/c/", .missingFragment),
            ("https://send.flipcash.com/c/#", .missingFragment),
            ("https://send.flipcash.com/c/#e=1111111111111111", .malformedFragment),
            ("https://send.flipcash.com/c/#/x=1111111111111111", .malformedFragment),
            ("https://send.flipcash.com/c/#/e=", .invalidEntropyLength(0)),
            ("https://send.flipcash.com/c/#/e=111111111111111", .invalidEntropyLength(15)),
            ("https://send.flipcash.com/c/#/e=11111111111111111", .invalidEntropyLength(17)),
            ("https://send.flipcash.com/c/#/e=111111111111111111111111", .invalidEntropyLength(24)),
            ("https://send.flipcash.com/c/#/e=11111111111111l1", .invalidBase58(.invalidCharacter("l", position: 14))),
            ("https://send.flipcash.com/c/#/e=0111111111111111", .invalidBase58(.invalidCharacter("0", position: 0))),
        ])
    func typedErrors(text: String, expected: CashLinkError) {
        #expect(throws: expected) { try CashLink(parsing: text) }
        #expect(expected.errorDescription?.isEmpty == false)
    }

    @Test("a link from a mnemonic of another length is refused")
    func mnemonicLength() throws {
        let eighteen = try Mnemonic(entropy: [UInt8](repeating: 3, count: 24))
        #expect(throws: CashLinkError.invalidEntropyLength(24)) { try CashLink(mnemonic: eighteen) }
        #expect(throws: CashLinkError.invalidEntropyLength(20)) { try CashLink(entropy: [UInt8](repeating: 3, count: 20)) }
        let twentyFour = try Mnemonic(entropy: [UInt8](repeating: 3, count: 32))
        #expect(try CashLink(kind: .login, mnemonic: twentyFour).words.count == 24)
    }

    @Test("new links: 12 words, reproducible from a seeded generator, round trip through their text")
    func newLinks() throws {
        var first = SplitMix64(seed: 99)
        var second = SplitMix64(seed: 99)
        for _ in 0..<200 {
            let link = CashLink.new(using: &first)
            #expect(link == CashLink.new(using: &second))
            #expect(link.kind == .giftCard)
            #expect(link.entropy.count == 16)
            #expect(link.words.count == 12)
            #expect(try CashLink(parsing: link.absoluteString) == link)
            #expect(try Mnemonic(phrase: link.mnemonic.phrase) == link.mnemonic)
        }
        #expect(CashLink.new() != CashLink.new(), "two 128-bit draws from the system generator differ")
    }

    @Test("descriptions never show the key or the words")
    func redaction() throws {
        let link = try CashLink(parsing: "https://send.flipcash.com/c/#/e=LaReH4nR8WDRdE2dT5eAWu")
        for text in [String(describing: link), String(reflecting: link), "\(link)"] {
            #expect(text == "CashLink(giftCard, 12 words, redacted)")
            #expect(!text.contains("LaReH4nR8WDRdE2dT5eAWu"))
        }
        #expect(CashLinkError.invalidEntropyLength(15).errorDescription?.contains("LaReH") == false)
    }
}
