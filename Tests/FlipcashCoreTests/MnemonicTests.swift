import Crypto
import Foundation
import TestSupport
import Testing

@testable import FlipcashCore

@Suite("Mnemonic: word list, errors, normalisation, seed and generation")
struct MnemonicTests {
    /// SHA-256 of the published BIP-39 English list (words joined by "\n", final newline).
    static let englishListSHA256 = "2f5eed53a4727b4bf8880d8f3f199efc90e58503646d9ff8eff3a2ed3b24dbda"

    @Test("the compiled-in word list is the published BIP-39 English list")
    func compiledListMatchesPublishedHash() {
        let words = BIP39EnglishWordList.words
        #expect(words.count == 2048)
        #expect(words.first == "abandon")
        #expect(words.last == "zoo")
        let text = words.joined(separator: "\n") + "\n"
        #expect(Data(SHA256.hash(data: Array(text.utf8))).hex == Self.englishListSHA256)
        #expect(Set(words.map { $0.prefix(4) }).count == 2048, "every word is identified by its first four letters")
        for (index, word) in words.enumerated() { #expect(BIP39EnglishWordList.index(of: word) == index) }
        #expect(BIP39EnglishWordList.index(of: "bitcoin") == nil)
    }

    @Test("Resources/bip39-english.txt has the published hash and the same words")
    func resourceFileMatches() throws {
        let file = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/FlipcashCore/Resources/bip39-english.txt")
        let data = try Data(contentsOf: file)
        #expect(Data(SHA256.hash(data: data)).hex == Self.englishListSHA256)
        let words = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(words == BIP39EnglishWordList.words)
    }

    /// The seed with no passphrase (salt "mnemonic" alone) for "abandon" × 11 + "about": the
    /// widely published value (python-mnemonic's `to_seed(phrase)`, and Python's
    /// `hashlib.pbkdf2_hmac("sha512", phrase, b"mnemonic", 2048)`). The TREZOR-passphrase vectors
    /// in MnemonicVectorTests cover the 24 published phrases; this pins the empty passphrase.
    @Test("the seed without a passphrase matches the published value")
    func seedWithoutPassphrase() throws {
        let mnemonic = try Mnemonic(phrase: Array(repeating: "abandon", count: 11).joined(separator: " ") + " about")
        #expect(
            mnemonic.seed().hex == """
                5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1\
                9a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4
                """)
        #expect(mnemonic.seed(passphrase: "") == mnemonic.seed())
    }

    @Test("entropy must be 16, 20, 24, 28 or 32 bytes", arguments: [0, 4, 12, 15, 17, 31, 33, 64])
    func invalidEntropyLength(byteCount: Int) {
        #expect(throws: MnemonicError.invalidEntropyLength(byteCount)) {
            try Mnemonic(entropy: [UInt8](repeating: 1, count: byteCount))
        }
    }

    @Test("every BIP-39 length maps to its word count")
    func wordCounts() throws {
        for count in MnemonicWordCount.allCases {
            let mnemonic = try Mnemonic(entropy: [UInt8](repeating: 0xA5, count: count.entropyByteCount))
            #expect(mnemonic.words.count == count.rawValue)
            #expect(mnemonic.wordCount == count)
            #expect(MnemonicWordCount(entropyByteCount: count.entropyByteCount) == count)
            #expect(count.checksumBitCount * 32 == count.entropyByteCount * 8)
        }
        #expect(MnemonicWordCount(entropyByteCount: 18) == nil)
    }

    @Test("a phrase must have 12, 15, 18, 21 or 24 words", arguments: [0, 1, 11, 13, 23, 25, 48])
    func invalidWordCount(count: Int) {
        #expect(throws: MnemonicError.invalidWordCount(count)) {
            try Mnemonic(words: Array(repeating: "abandon", count: count))
        }
        #expect(throws: MnemonicError.invalidWordCount(count)) {
            try Mnemonic(phrase: Array(repeating: "zoo", count: count).joined(separator: " "))
        }
    }

    @Test("an unknown word is reported by position")
    func unknownWord() {
        var words = Array(repeating: "abandon", count: 11) + ["about"]
        words[4] = "abandn"
        #expect(throws: MnemonicError.unknownWord(position: 4)) { try Mnemonic(words: words) }
        #expect(throws: MnemonicError.unknownWord(position: 4)) { try Mnemonic(phrase: words.joined(separator: " ")) }
        words[4] = "abandon"
        words[0] = "bitcoin"
        #expect(throws: MnemonicError.unknownWord(position: 0)) { try Mnemonic(words: words) }
    }

    @Test("known words with a wrong checksum are refused")
    func checksumMismatch() throws {
        // "abandon" × 12 and × 24 are all-zero bits, but the checksum of zero entropy is not zero.
        #expect(throws: MnemonicError.checksumMismatch) { try Mnemonic(words: Array(repeating: "abandon", count: 12)) }
        #expect(throws: MnemonicError.checksumMismatch) { try Mnemonic(words: Array(repeating: "abandon", count: 24)) }
        // Swapping two different words of a valid phrase changes the entropy under the same checksum.
        let valid = try Mnemonic(phrase: "legal winner thank year wave sausage worth useful legal winner thank yellow")
        var swapped = valid.words
        swapped.swapAt(0, 1)
        #expect(throws: MnemonicError.checksumMismatch) { try Mnemonic(words: swapped) }
    }

    @Test("case, runs of white space and compatibility characters are normalised")
    func normalisation() throws {
        let expected = try Mnemonic(entropy: [UInt8](repeating: 0, count: 16))
        let messy = "  ABANDON\tabandon\n\nAbandon abandon\u{3000}abandon abandon   abandon abandon abandon abandon abandon About \n"
        #expect(try Mnemonic(phrase: messy) == expected)
        // Full-width letters decompose (NFKD) to ASCII ones.
        let fullWidth = Array(repeating: "ａｂａｎｄｏｎ", count: 11) + ["ＡＢＯＵＴ"]
        #expect(try Mnemonic(words: fullWidth) == expected)
        #expect(try Mnemonic(words: fullWidth.map { " \($0) " }) == expected)
        #expect(expected.phrase == Array(repeating: "abandon", count: 11).joined(separator: " ") + " about")
    }

    @Test("the passphrase is NFKD-normalised: composed and decomposed accents give one seed")
    func passphraseNormalisation() throws {
        let mnemonic = try Mnemonic(entropy: [UInt8](repeating: 0, count: 16))
        let composed = mnemonic.seed(passphrase: "caf\u{E9}")
        #expect(composed == mnemonic.seed(passphrase: "cafe\u{301}"))
        // python-mnemonic's `to_seed(phrase, "café")`.
        #expect(
            composed.hex
                == "af8bbd2566df7b69d926f2b09dfdbd75db6c994a3399b2cc65f928d63e3fd4e61218ee0d15f8c810be4d45e66d47b43c15a5cc753976b1666912377ff7ae9818")
        #expect(composed != mnemonic.seed())
        #expect(mnemonic.seed().count == 64)
    }

    @Test("generation: the right length, reproducible from a seeded generator, valid")
    func generation() throws {
        for count in MnemonicWordCount.allCases {
            var first = SplitMix64(seed: 7)
            var second = SplitMix64(seed: 7)
            let mnemonic = Mnemonic.generate(wordCount: count, using: &first)
            #expect(mnemonic == Mnemonic.generate(wordCount: count, using: &second))
            #expect(mnemonic.words.count == count.rawValue)
            #expect(try Mnemonic(phrase: mnemonic.phrase) == mnemonic)
        }
        let system = Mnemonic.generate()
        #expect(system.words.count == 12)
        #expect(system != Mnemonic.generate(), "two 128-bit draws from the system generator differ")
    }

    @Test("property: entropy → words → entropy for random entropy of every length")
    func roundTripProperty() throws {
        var random = SplitMix64(seed: 0x5EED_0039)
        for _ in 0..<400 {
            let count = MnemonicWordCount.allCases.randomElement(using: &random) ?? .twelve
            let entropy = random.bytes(count.entropyByteCount)
            let mnemonic = try Mnemonic(entropy: entropy)
            #expect(Array(mnemonic.entropy) == entropy)
            let reread = try Mnemonic(words: mnemonic.words)
            #expect(reread == mnemonic)
        }
    }

    @Test("description and debug description never show the words")
    func redaction() throws {
        let mnemonic = try Mnemonic(phrase: "ozone drill grab fiber curtain grace pudding thank cruise elder eight picnic")
        for text in [String(describing: mnemonic), String(reflecting: mnemonic), "\(mnemonic)"] {
            #expect(text == "Mnemonic(12 words, redacted)")
        }
    }

    @Test("errors explain themselves")
    func errorMessages() {
        let errors: [MnemonicError] = [.invalidEntropyLength(3), .invalidWordCount(5), .unknownWord(position: 2), .checksumMismatch]
        for error in errors { #expect(error.errorDescription?.isEmpty == false) }
        #expect(MnemonicError.unknownWord(position: 2).errorDescription?.contains("Word 3") == true)
    }
}
