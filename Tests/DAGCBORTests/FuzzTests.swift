import DAGCBOR
import Foundation
import TestSupport
import Testing

/// Deterministic fuzzing: random and mutated inputs through every decoder. Any crash or trap fails the run;
/// every input a decoder accepts must also satisfy the round-trip properties below.
@Suite("Fuzzing")
struct FuzzTests {
    struct Record: Codable {
        var name: String
        var count: Int
        var ratio: Double?
        var tags: [String]
        var data: Data?
        var link: CID?
        var nested: [Record]?
    }

    /// Valid encodings to mutate: vectors plus random values.
    static func corpus(seed: UInt64, count: Int) -> [Data] {
        var generator = RandomValues(seed: seed)
        var seeds = [
            "a0", "a16568656c6c6f65776f726c64", "a361610361620162616102",
            "a563616765181e646d657461f6646e616d6565416c6963656474616773826178617966616374697665f5",
            "a2616e016470726576d82a58250001711220785197229dc8bb1152945da58e2348f7e279eeded06cc2ca736d0e879858b501",
            "a2636d61781bffffffffffffffff636d696e3bffffffffffffffff", "fb3ff199999999999a", "a262c3a9016365cc8102",
        ].map { Data(hex: $0) }
        let record = Record(
            name: "x", count: 3, ratio: 0.5, tags: ["a", "bb"], data: Data([1, 2]),
            link: CID(codec: .raw, hashing: Data()),
            nested: [
                Record(
                    name: "y", count: -1, ratio: nil,
                    tags: [], data: nil, link: nil, nested: nil)
            ])
        if let encoded = try? DAGCBOREncoder().encode(record) { seeds.append(encoded) }
        while seeds.count < count {
            if let encoded = try? generator.value().encoded() { seeds.append(encoded) }
        }
        return seeds
    }

    static func mutate(_ input: Data, using rng: inout SplitMix64) -> Data {
        var bytes = [UInt8](input)
        let rounds = Int.random(in: 1...3, using: &rng)
        for _ in 0..<rounds {
            switch Int.random(in: 0..<6, using: &rng) {
            case 0 where !bytes.isEmpty:
                let index = Int.random(in: 0..<bytes.count, using: &rng)
                bytes[index] ^= UInt8(1) << UInt8.random(in: 0...7, using: &rng)
            case 1:
                bytes.insert(UInt8.random(in: 0...255, using: &rng), at: Int.random(in: 0...bytes.count, using: &rng))
            case 2 where !bytes.isEmpty:
                bytes.remove(at: Int.random(in: 0..<bytes.count, using: &rng))
            case 3:
                bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &rng)))
            case 4 where !bytes.isEmpty:
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] =
                    [0x00, 0x17, 0x18, 0x1b, 0x5b, 0x7f, 0x9b, 0xbb, 0xd8, 0xf6, 0xf9, 0xfb, 0xff]
                    .randomElement(using: &rng) ?? 0
            default:
                bytes.append(contentsOf: (0..<Int.random(in: 1...4, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) })
            }
        }
        return Data(bytes)
    }

    @Test("60,000 mutated and random inputs: no crash, and whatever decodes re-encodes to the same bytes")
    func cborDecoders() throws {
        var rng = SplitMix64(seed: 0xC0FFEE)
        let seeds = Self.corpus(seed: 1, count: 200)
        var accepted = 0
        for iteration in 0..<60_000 {
            let input: Data
            if iteration % 10 == 0 {
                input = Data((0..<Int.random(in: 0...24, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) })
            } else {
                input = Self.mutate(seeds[iteration % seeds.count], using: &rng)
            }
            if let value = try? DAGCBORValue.decode(input) {
                accepted += 1
                let reencoded = try value.encoded()
                #expect(reencoded == input, "canonical decode must re-encode exactly: \(input.hex)")
                #expect(try DAGCBORDecoder().decode(DAGCBORValue.self, from: input) == value)
            }
            if let record = try? DAGCBORDecoder().decode(Record.self, from: input) {
                _ = try DAGCBOREncoder().encode(record)
            }
        }
        #expect(accepted > 1000, "the mutations should keep a fair share of inputs valid")
    }

    @Test("30,000 mutated binary and text CIDs: no crash; accepted CIDs round-trip")
    func cidParsers() throws {
        var rng = SplitMix64(seed: 42)
        var generator = RandomValues(seed: 7)
        for _ in 0..<15_000 {
            let cid = generator.cid()
            let bytes = Self.mutate(cid.bytes, using: &rng)
            if let parsed = try? CID(bytes: bytes) {
                #expect(parsed.bytes == bytes)
                #expect(try CID(string: parsed.string) == parsed)
            }
            var text = Array(cid.string.utf8)
            let mutated = Self.mutate(Data(text), using: &rng)
            text = [UInt8](mutated)
            let string = String(decoding: text, as: UTF8.self)
            if let parsed = try? CID(string: string) {
                #expect(parsed.string == string || string.hasPrefix("z"))
            }
        }
    }

    @Test("10,000 mutated CAR archives: no crash; accepted archives re-encode identically")
    func carDecoder() throws {
        var rng = SplitMix64(seed: 99)
        var generator = RandomValues(seed: 3)
        var archives: [Data] = []
        for _ in 0..<20 {
            var blocks: [CARv1.Block] = []
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                if let data = try? generator.value().encoded() { blocks.append(CARv1.Block(codec: .dagCBOR, data: data)) }
            }
            archives.append(try CARv1(roots: blocks.prefix(1).map(\.cid), blocks: blocks).encoded())
        }
        for iteration in 0..<10_000 {
            let input = Self.mutate(archives[iteration % archives.count], using: &rng)
            if let car = try? CARv1.decode(input) {
                #expect(try car.encoded() == input)
            }
        }
    }

    @Test("20,000 random strings through Base58 and Base32: no crash; accepted input round-trips")
    func multibaseDecoders() throws {
        var rng = SplitMix64(seed: 5)
        let alphabet = Array("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0OIl=é 234567")
        for _ in 0..<10_000 {
            let text = String((0..<Int.random(in: 0...30, using: &rng)).map { _ in alphabet.randomElement(using: &rng) ?? "1" })
            if let bytes = try? Base58.decode(text) {
                #expect(Base58.encode(bytes) == text)
            }
            if let bytes = try? Base32.decode(text) {
                #expect(Base32.encode(bytes) == text)
            }
        }
        for _ in 0..<10_000 {
            let bytes = Data((0..<Int.random(in: 0...40, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) })
            #expect(try Base58.decode(Base58.encode(bytes)) == bytes)
            #expect(try Base32.decode(Base32.encode(bytes)) == bytes)
        }
    }
}
