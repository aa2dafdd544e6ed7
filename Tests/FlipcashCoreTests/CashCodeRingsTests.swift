import Foundation
import TestSupport
import Testing

@testable import FlipcashCore

@Suite("Cash code rings: 312 bits on 6 rings, finder first")
struct CashCodeRingsTests {
    static let fiveDollarCode = "4b8c8fa4de30d8d57aa8a8b8170200008e404b4c000000000001020304050607080910"

    static func runs(_ bits: [Bool]) -> [ClosedRange<Int>] {
        guard let gap = bits.firstIndex(of: false) else { return [0...(bits.count - 1)] }
        var runs: [ClosedRange<Int>] = []
        var offset = 1
        while offset <= bits.count {
            let start = (gap + offset) % bits.count
            var length = 0
            while bits[(start + length) % bits.count] { length += 1 }
            if length > 0 { runs.append(start...(start + length - 1)) }
            offset += max(length, 1)
        }
        return runs.sorted { $0.lowerBound < $1.lowerBound }
    }

    @Test("ring sizes 32, 40, 48, 56, 64, 72 hold 312 bits = 39 bytes")
    func sizes() throws {
        #expect(CashCodeRings.ringSizes.reduce(0, +) == CashCodeRings.bitCount)
        let rings = try CashCodeRings(code: CashCodeHex.bytes(Self.fiveDollarCode))
        #expect(rings.rings.map(\.count) == [32, 40, 48, 56, 64, 72])
    }

    @Test("the finder ring reads 01001101110100111010010001100011 with 9 runs (section F)")
    func finder() throws {
        let vectors = try CashCodeVectors.load()
        let rings = try CashCodeRings(code: vectors.codes[0].code)
        let bits = rings.rings[0].map { $0 ? "1" : "0" }.joined()
        #expect(bits == "01001101110100111010010001100011")
        #expect(bits == vectors.finderBits)
        let runs = Self.runs(rings.rings[0])
        #expect(runs.count == 9)
        #expect(runs.count == vectors.finderRuns)
        #expect(runs == [1...1, 4...5, 7...9, 11...11, 14...16, 18...18, 21...21, 25...26, 30...31])
    }

    @Test("the rings spell b2cb25c6 followed by the 35 code bytes")
    func bytes() throws {
        let vectors = try CashCodeVectors.load()
        #expect(vectors.renderedPrefixHex == "b2cb25c6")
        for vector in vectors.codes {
            let rings = try CashCodeRings(code: vector.code)
            #expect(CashCodeHex.string(rings.bytes) == vectors.renderedPrefixHex + CashCodeHex.string(vector.code))
            #expect(try rings.code() == vector.code)
            #expect(try rings.decode() == (try CashCodePayload(decoding: vector.payload)))
            #expect(try CashCodeRings(payload: rings.decode()) == rings)
        }
    }

    @Test("bit k is bit k mod 8, least significant first, of byte ⌊k/8⌋")
    func bitOrder() throws {
        var code = [UInt8](repeating: 0, count: 35)
        code[0] = 0b0000_0001  // bit 32: ring 1, position 0
        code[4] = 0b1000_0000  // bit 71: ring 1, position 39 (its last)
        code[5] = 0b0000_0010  // bit 73: ring 2, position 1
        code[34] = 0b1000_0000  // bit 311: ring 5, position 71
        let rings = try CashCodeRings(code: code)
        let set = rings.rings.enumerated().dropFirst().flatMap { ring, bits in
            bits.enumerated().filter(\.element).map { "\(ring):\($0.offset)" }
        }
        #expect(set == ["1:0", "1:39", "2:1", "5:71"])
    }

    @Test("rings round-trip bytes for random codes")
    func roundTrip() throws {
        var random = SplitMix64(seed: 0x2195)
        for _ in 0..<300 {
            let code = random.bytes(35)
            let rings = try CashCodeRings(code: code)
            #expect(try rings.code() == code)
            #expect(try CashCodeRings(rings: rings.rings) == rings)
        }
    }

    @Test("up to 6 flipped data dots and up to 8 flipped finder dots still decode")
    func flippedDots() throws {
        var random = SplitMix64(seed: 0xD075)
        for trial in 0..<600 {
            let payload = try CashCodeReedSolomonTests.randomPayload(using: &random)
            var bits = CashCodeRings(payload: payload).rings
            for _ in 0..<(trial % 7) {
                let ring = Int.random(in: 1...5, using: &random)
                bits[ring][Int.random(in: 0..<bits[ring].count, using: &random)].toggle()
            }
            for position in Array(0..<32).shuffled(using: &random).prefix(trial % 9) { bits[0][position].toggle() }
            #expect(try CashCodeRings(rings: bits).decode() == payload)
        }
    }

    @Test("more than 8 wrong finder dots: not a code")
    func finderMismatch() throws {
        let payload = try CashCodePayload(decoding: CashCodeHex.bytes(String(Self.fiveDollarCode.suffix(40))))
        var bits = CashCodeRings(payload: payload).rings
        for position in 0..<9 { bits[0][position * 3].toggle() }
        #expect(throws: CashCodeError.finderMismatch(wrongBits: 9)) { try CashCodeRings(rings: bits).decode() }
        #expect(throws: CashCodeError.finderMismatch(wrongBits: 16)) {
            try CashCodeRings(rings: CashCodeRings.ringSizes.map { [Bool](repeating: false, count: $0) }).decode()
        }
    }

    @Test("rings of the wrong shape and codes of the wrong length are errors")
    func shapes() {
        #expect(throws: CashCodeError.wrongRingSizes([32, 40])) {
            try CashCodeRings(rings: [[Bool](repeating: false, count: 32), [Bool](repeating: false, count: 40)])
        }
        #expect(throws: CashCodeError.wrongRingSizes([40, 32, 48, 56, 64, 72])) {
            try CashCodeRings(rings: [40, 32, 48, 56, 64, 72].map { [Bool](repeating: true, count: $0) })
        }
        #expect(throws: CashCodeError.wrongCodeLength(34)) { try CashCodeRings(code: [UInt8](repeating: 0, count: 34)) }
    }
}
