import Foundation
import TestSupport
import Testing

@testable import UmiLogCore

@Suite("RecoveryCode")
struct RecoveryCodeTests {
    static let symbols = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")

    static func isFormatted(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.count == 8 && groups.allSatisfy { $0.count == 4 && $0.allSatisfy(symbols.contains) }
    }

    @Test("codes print as 8 groups of 4 Crockford symbols and parse back (property)")
    func roundTrip() throws {
        var generator = SplitMix64(seed: 0xC0DE_0001)
        var seen = Set<String>()
        for _ in 0..<2000 {
            let code = RecoveryCode.generate(using: &generator)
            #expect(code.rawBytes.count == 16)
            #expect(Self.isFormatted(code.description), "\(code)")
            #expect(try RecoveryCode(parsing: code.description) == code)
            seen.insert(code.description)
        }
        #expect(seen.count == 2000)
        #expect(Self.isFormatted(RecoveryCode.generate().description))
        #expect(RecoveryCode.generate() != RecoveryCode.generate())
    }

    @Test("the checksum is CRC-32/MPEG-2 (its published check value)")
    func checksumKnownAnswer() {
        #expect(RecoveryCode.checksum(of: Array("123456789".utf8)) == [0x03, 0x76, 0xE6, 0xE7])
    }

    /// The spelling computed apart (Python: the CRC, then 5 bits per symbol), pinning the layout
    /// every UmiLog device must agree on.
    @Test("a code of known bytes has a known spelling")
    func knownSpelling() throws {
        var zeros = RepeatingByteGenerator(byte: 0)
        let code = RecoveryCode.generate(using: &zeros)
        #expect(code.rawBytes == Data(count: 16))
        #expect(code.description == "0000-0000-0000-0000-0000-0000-01AJ-T8P8")
        #expect(try RecoveryCode(parsing: "oooo oooo oooo oooo oooo oooo o1aj t8p8") == code)
    }

    @Test("lower case, spaces, missing or extra hyphens and surrounding white space are accepted")
    func lenientSpelling() throws {
        var generator = SplitMix64(seed: 0xC0DE_0002)
        for _ in 0..<200 {
            let code = RecoveryCode.generate(using: &generator)
            let text = code.description
            let plain = text.replacingOccurrences(of: "-", with: "")
            for variant in [
                text.lowercased(), text.replacingOccurrences(of: "-", with: " "), plain, "  \(text)\n", plain.lowercased(),
                text.replacingOccurrences(of: "-", with: " - "), text.replacingOccurrences(of: "-", with: "\u{2013}"),
                String(plain.enumerated().map { $0.offset.isMultiple(of: 2) ? Character($0.element.lowercased()) : $0.element }),
            ] {
                #expect(try RecoveryCode(parsing: variant) == code, "\(variant)")
            }
        }
    }

    @Test("Crockford's confusables are read as meant: O as 0, I and L as 1")
    func confusables() throws {
        var generator = SplitMix64(seed: 0xC0DE_0003)
        var checked = 0
        while checked < 100 {
            let code = RecoveryCode.generate(using: &generator)
            let text = code.description
            guard text.contains("0") || text.contains("1") else { continue }
            checked += 1
            for (zero, one) in [("O", "I"), ("o", "i"), ("O", "L"), ("o", "l")] {
                let confused = text.replacingOccurrences(of: "0", with: zero).replacingOccurrences(of: "1", with: one)
                #expect(try RecoveryCode(parsing: confused) == code, "\(confused)")
            }
        }
    }

    /// Detection depends only on which bits change (the CRC is linear), so trying every other
    /// symbol at every position of a few codes covers every single-symbol error there is.
    @Test("every single mistyped character is caught by the checksum")
    func singleTypos() {
        var generator = SplitMix64(seed: 0xC0DE_0004)
        for _ in 0..<10 {
            let code = RecoveryCode.generate(using: &generator)
            let plain = Array(code.description.replacingOccurrences(of: "-", with: ""))
            for position in plain.indices {
                for symbol in Self.symbols where symbol != plain[position] {
                    var typo = plain
                    typo[position] = symbol
                    #expect(throws: UmiLogKeyError.mistypedRecoveryCode) { try RecoveryCode(parsing: String(typo)) }
                }
                var withU = plain
                withU[position] = "U"
                #expect(throws: UmiLogKeyError.mistypedRecoveryCode) { try RecoveryCode(parsing: String(withU)) }
            }
        }
    }

    @Test("swapped neighbours, missing and extra characters are caught")
    func otherTypos() {
        var generator = SplitMix64(seed: 0xC0DE_0005)
        for _ in 0..<20 {
            let code = RecoveryCode.generate(using: &generator)
            let plain = Array(code.description.replacingOccurrences(of: "-", with: ""))
            for position in plain.indices.dropLast() where plain[position] != plain[position + 1] {
                var swapped = plain
                swapped.swapAt(position, position + 1)
                #expect(throws: UmiLogKeyError.mistypedRecoveryCode) { try RecoveryCode(parsing: String(swapped)) }
            }
            for position in plain.indices {
                var missing = plain
                missing.remove(at: position)
                #expect(throws: UmiLogKeyError.mistypedRecoveryCode) { try RecoveryCode(parsing: String(missing)) }
                var extra = plain
                extra.insert(plain[position], at: position)
                #expect(throws: UmiLogKeyError.mistypedRecoveryCode) { try RecoveryCode(parsing: String(extra)) }
            }
        }
    }

    @Test("random text never crashes the parser and is refused as mistyped")
    func fuzz() {
        var generator = SplitMix64(seed: 0xC0DE_0006)
        let pieces = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZabcdeiloOUu -_\u{2013}\n\t🐠é\u{0}") + ["\u{301}"]
        var accepted = 0
        for _ in 0..<5000 {
            let length = Int.random(in: 0...48, using: &generator)
            let text = String((0..<length).map { _ in pieces.randomElement(using: &generator) ?? "0" })
            do {
                _ = try RecoveryCode(parsing: text)
                accepted += 1
            } catch {
                #expect(error == .mistypedRecoveryCode)
            }
        }
        // A random 32-symbol string passes a 32-bit checksum about once in four billion tries.
        #expect(accepted == 0)
    }
}
