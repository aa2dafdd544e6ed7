import Foundation
import RememberCore
import TestSupport
import Testing

@Suite("VCardReader fuzzing")
struct VCardFuzzTests {
    private static let iterations = 10_000
    private static let photoLimit = 64

    /// Fragments that steer random input towards the reader's interesting paths.
    private static let tokens = [
        "BEGIN:VCARD", "END:VCARD", "VERSION:3.0", "VERSION:4.0", "VERSION:2.1", "VERSION:9", "FN:", "N:", "NOTE:",
        "CATEGORIES:", "PHOTO;ENCODING=b;TYPE=JPEG:", "PHOTO:data:image/png;base64,", "PHOTO:data:,", "UID:urn:uuid:",
        "REV:", "2024-03-05T14:22:10Z", ";ENCODING=QUOTED-PRINTABLE:", "=C3=A9", "=", "=\r\n", "\r\n", "\n", "\r", " ",
        "\t", ":", ";", ",", "\\", "\\n", "\"", "item1.", "/9j/", "==", "\u{FEFF}", "é", "🎉", "\u{301}", "\0",
    ]

    private enum Mutation: CaseIterable {
        case byteFlips, truncation, lineShuffle, randomUnicode, randomTokens
    }

    @Test("10,000 random and mutated inputs → no crash, issue lines within the input, contacts well formed")
    func fuzz() {
        var random = SplitMix64(seed: 0x5EED_CAFE_F00D)
        let reader = VCardReader(maximumPhotoBytes: Self.photoLimit)
        let seeds =
            VCardSample.allCases.map { Array($0.text.utf8) }
            + [Array(VCardWriter(version: .v4).write([VCardContact(formattedName: "Round, Trip", note: "a\nb")]).utf8)]
        var contactCount = 0
        var issueCount = 0

        for iteration in 0..<Self.iterations {
            let mutation = Mutation.allCases[iteration % Mutation.allCases.count]
            let seed = seeds[Int.random(in: 0..<seeds.count, using: &random)]
            let input = Self.input(mutating: seed, with: mutation, random: &random)

            let result = reader.read(Data(input))

            contactCount += result.contacts.count
            issueCount += result.issues.count
            let lineCount = Self.physicalLineCount(of: input)
            for issue in result.issues where !(1...lineCount).contains(issue.line) {
                Issue.record("iteration \(iteration): \(issue) outside 1...\(lineCount)")
            }
            for contact in result.contacts {
                #expect(!contact.formattedName.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
                #expect((contact.photo?.data.count ?? 0) <= Self.photoLimit)
                #expect(!contact.categories.contains(""))
            }
        }
        // Guards against mutations so destructive that the test no longer exercises successful reads or issues.
        #expect(contactCount > Self.iterations / 4)
        #expect(issueCount > Self.iterations / 4)
    }

    @Test("Text read as String and as UTF-8 Data → identical results for 2,000 mutated inputs")
    func stringAndDataAgree() {
        var random = SplitMix64(seed: 42)
        let reader = VCardReader()
        for _ in 0..<2_000 {
            let seed = VCardSample.allCases[Int.random(in: 0..<VCardSample.allCases.count, using: &random)].text
            let text = String(decoding: Self.input(mutating: Array(seed.utf8), with: .randomUnicode, random: &random), as: UTF8.self)

            let fromString = reader.read(text)
            let fromData = reader.read(Data(text.utf8))

            #expect(fromString.contacts == fromData.contacts)
            #expect(fromString.issues == fromData.issues)
        }
    }

    private static func input(mutating seed: [UInt8], with mutation: Mutation, random: inout SplitMix64) -> [UInt8] {
        var bytes = seed
        switch mutation {
        case .byteFlips:
            for _ in 0..<(1 + Int.random(in: 0..<8, using: &random)) where !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8(truncatingIfNeeded: random.next())
            }
        case .truncation:
            bytes = Array(bytes.prefix(Int.random(in: 0..<(bytes.count + 1), using: &random)))
        case .lineShuffle:
            var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
            for _ in 0..<(1 + Int.random(in: 0..<4, using: &random)) where lines.count > 1 {
                let from = Int.random(in: 0..<lines.count, using: &random)
                let to = Int.random(in: 0..<lines.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: lines.swapAt(from, to)
                case 1: lines.remove(at: from)
                default: lines.insert(lines[from], at: to)
                }
            }
            bytes = Array(lines.joined(separator: [0x0A]))
        case .randomUnicode:
            var text = String(decoding: bytes, as: UTF8.self).unicodeScalars.map { $0 }
            for _ in 0..<(1 + Int.random(in: 0..<6, using: &random)) {
                let fragment = randomFragment(random: &random).unicodeScalars
                text.insert(contentsOf: fragment, at: Int.random(in: 0..<(text.count + 1), using: &random))
            }
            bytes = Array(String(String.UnicodeScalarView(text)).utf8)
        case .randomTokens:
            bytes = (0..<Int.random(in: 0..<60, using: &random)).flatMap { _ in Array(randomFragment(random: &random).utf8) }
        }
        return bytes
    }

    private static func randomFragment(random: inout SplitMix64) -> String {
        guard Int.random(in: 0..<2, using: &random) == 0 else { return tokens[Int.random(in: 0..<tokens.count, using: &random)] }
        let ranges: [ClosedRange<UInt32>] = [0x00...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x1_0000...0x10_FFFF]
        let range = ranges[Int.random(in: 0..<ranges.count, using: &random)]
        let value = range.lowerBound + UInt32(Int.random(in: 0..<(Int(range.upperBound - range.lowerBound) + 1), using: &random))
        return Unicode.Scalar(value).map { String($0) } ?? ""
    }

    /// Physical lines as a text editor counts them: LF, CRLF and lone CR each end one.
    private static func physicalLineCount(of bytes: [UInt8]) -> Int {
        var count = 1
        for (index, byte) in bytes.enumerated() {
            let isLoneCarriageReturn = byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)
            if byte == 0x0A || isLoneCarriageReturn { count += 1 }
        }
        return count
    }
}
