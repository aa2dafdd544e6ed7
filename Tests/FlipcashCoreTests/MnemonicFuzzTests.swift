import Foundation
import TestSupport
import Testing

@testable import FlipcashCore

@Suite("Mnemonic: fuzzing the phrase reader")
struct MnemonicFuzzTests {
    static let validCounts = Set(MnemonicWordCount.allCases.map(\.rawValue))

    @Test("random lists of real words: the right error for the count, else checksum or a valid round trip")
    func randomWordLists() {
        var random = SplitMix64(seed: 0xB1B3_9001)
        var accepted = 0
        var rejectedByChecksum = 0
        for _ in 0..<3000 {
            let count = Int.random(in: 0...26, using: &random)
            let words = (0..<count).map { _ in BIP39EnglishWordList.words[Int.random(in: 0..<2048, using: &random)] }
            do {
                let mnemonic = try Mnemonic(words: words)
                #expect(mnemonic.words == words)
                #expect(Self.validCounts.contains(count))
                accepted += 1
            } catch {
                switch error {
                case .invalidWordCount(let reported):
                    #expect(!Self.validCounts.contains(count))
                    #expect(reported == count)
                case .checksumMismatch:
                    #expect(Self.validCounts.contains(count))
                    rejectedByChecksum += 1
                case .unknownWord, .invalidEntropyLength:
                    Issue.record("unexpected \(error) for \(count) list words")
                }
            }
        }
        // With 4 to 8 checksum bits, most random lists of a valid length fail the checksum.
        #expect(rejectedByChecksum > accepted * 4)
        #expect(accepted > 0)
    }

    @Test("a non-word at a random position of a valid-length list is reported at that position")
    func unknownWordPosition() {
        var random = SplitMix64(seed: 0xB1B3_9002)
        let strangers = ["", "abandonn", "zo", "bitcoin", "0", "über", "abandon!", "a b", "\u{0}"]
        for _ in 0..<1000 {
            let count = MnemonicWordCount.allCases.randomElement(using: &random)?.rawValue ?? 12
            var words = (0..<count).map { _ in BIP39EnglishWordList.words[Int.random(in: 0..<2048, using: &random)] }
            let position = Int.random(in: 0..<count, using: &random)
            words[position] = strangers.randomElement(using: &random) ?? "x"
            #expect(throws: MnemonicError.unknownWord(position: position)) { try Mnemonic(words: words) }
        }
    }

    @Test("random text never crashes the phrase reader and fails with a typed error")
    func randomText() throws {
        var random = SplitMix64(seed: 0xB1B3_9003)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz    ABCXYZ\n\t'é")
        for _ in 0..<3000 {
            let text = random.text(maxLength: 200, alphabet: alphabet)
            let mnemonic: Mnemonic
            do {
                mnemonic = try Mnemonic(phrase: text)
            } catch {
                #expect(error.errorDescription?.isEmpty == false)
                continue
            }
            #expect(try Mnemonic(phrase: mnemonic.phrase) == mnemonic)
        }
    }
}
