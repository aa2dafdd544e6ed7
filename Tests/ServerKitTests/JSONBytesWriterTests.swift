import Foundation
import ServerKit
import TestSupport
import Testing

/// `JSONBytesWriter` promises `JSONEncoder`'s bytes (with the clouds' options), so every value
/// kind is checked against `JSONEncoder` itself, on edge cases and on random values.
@Suite("JSON bytes writer")
struct JSONBytesWriterTests {
    struct Sample: Encodable {
        var number: Double
        var integer: Int64
        var flag: Bool
        var text: String
    }

    static func foundation(_ sample: Sample) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(sample))
    }

    static func written(_ sample: Sample) -> [UInt8] {
        var out = JSONBytesWriter()
        out.raw("{")
        out.member("flag", sample.flag)
        out.member("integer", sample.integer)
        out.key("number")
        out.number(sample.number)
        out.key("text")
        out.string(sample.text)
        out.raw("}")
        return out.bytes
    }

    static let edgeNumbers: [Double] = [
        0, -0.0, 1, -1, 500, 0.1, 1e-7, 1e15, 1e16, 1e21, 1.5e300, -2.5e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
        .leastNormalMagnitude, 48.8566, 2.3522, 314.1592653589793, 1.2345678901234568e20,
    ]
    static let edgeStrings = [
        "", "plain", "a/b", "\"quoted\"", "back\\slash", "\u{0}\u{1}\u{7}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}\u{1F}", "\u{7F}",
        "é café", "\u{2028}\u{2029}", "😀👩‍👩‍👧", "tab\tend\n",
    ]

    @Test("edge numbers and strings: byte for byte JSONEncoder's")
    func edges() throws {
        for number in Self.edgeNumbers {
            for text in Self.edgeStrings {
                let sample = Sample(number: number, integer: Int64(text.count) - 3, flag: text.isEmpty, text: text)
                #expect(Self.written(sample) == (try Self.foundation(sample)), "\(number) \(text.debugDescription)")
            }
        }
    }

    @Test("20,000 random values (any bit pattern, any scalar): byte for byte JSONEncoder's")
    func random() throws {
        var generator = SplitMix64(seed: 0x7503)
        for _ in 0..<20_000 {
            var number = Double(bitPattern: generator.next())
            if !number.isFinite { number = Double.random(in: -1e6...1e6, using: &generator) }
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0..<12, using: &generator) {
                let ranges: [ClosedRange<UInt32>] = [0...0x7F, 0...0x20, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x10000...0x10FFFF]
                let range = ranges.randomElement(using: &generator) ?? 0...0x7F
                if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &generator)) { scalars.append(scalar) }
            }
            let sample = Sample(
                number: number, integer: Int64(bitPattern: generator.next()), flag: Bool.random(using: &generator),
                text: String(scalars))
            #expect(Self.written(sample) == (try Self.foundation(sample)), "\(number) \(sample.text.debugDescription)")
        }
    }

    @Test("a string written in two parts is the JSON of the parts joined")
    func twoParts() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for first in Self.edgeStrings {
            for second in Self.edgeStrings {
                var out = JSONBytesWriter()
                out.string(first, second)
                #expect(out.bytes == Array(try encoder.encode(first + second)), "\(first.debugDescription) \(second.debugDescription)")
            }
        }
    }
}
