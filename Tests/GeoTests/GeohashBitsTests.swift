import TestSupport
import Testing

@testable import Geo

@Suite("Geohash bit interleaving")
struct GeohashBitsTests {
    @Test("the fast z-value path and the bit-by-bit path give the same characters at every depth")
    func fastAndSlowPathsAgree() {
        var generator = SplitMix64(seed: 5)
        for _ in 0..<5_000 {
            let bitCount = Int.random(in: 1...60, using: &generator)
            let bits = GeohashBits(
                bitCount: bitCount,
                latitudeIndex: UInt64.random(in: 0...GeohashBits.mask(bitCount / 2), using: &generator),
                longitudeIndex: UInt64.random(in: 0...GeohashBits.mask(bitCount - bitCount / 2), using: &generator))
            let slow = String(decoding: bits.characterValues.map { Geohash.alphabetBytes[Int($0)] }, as: UTF8.self)
            #expect(bits.string == slow)
            #expect(GeohashBits.string(zValue: bits.zValue, bitCount: bitCount) == slow)
            if bitCount.isMultiple(of: 5) {
                #expect(GeohashBits(characterValues: bits.characterValues) == bits)
            }
        }
    }

    @Test("z-values follow string order: the next z-value is the next cell in sorted order")
    func zValuesFollowStringOrder() {
        for bitCount in [1, 2, 3, 7, 10, 11] {
            let strings = (0...GeohashBits.mask(bitCount)).map { GeohashBits.string(zValue: $0, bitCount: bitCount) }
            #expect(strings == strings.sorted())
            #expect(Set(strings).count == strings.count)
        }
    }
}
