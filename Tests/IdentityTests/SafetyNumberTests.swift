import Foundation
import Identity
import Testing

/// Safety numbers (issue 18): libsignal's numeric fingerprint, checked against its published
/// test vector, then with Buds' own version tag.
@Suite("Safety numbers")
struct SafetyNumberTests {
    /// libsignal's fingerprint test vector (libsignal-protocol-c `tests/test_fingerprint.c`, GPLv3;
    /// test data, facts only): two serialized identity keys (0x05 ‖ 32 bytes), their phone
    /// numbers as stable ids, version 0, 5,200 iterations, and the displayable number.
    static let alice = Data([
        0x05, 0x06, 0x86, 0x3B, 0xC6, 0x6D, 0x02, 0xB4, 0x0D, 0x27, 0xB8, 0xD4, 0x9C, 0xA7, 0xC0, 0x9E, 0x92, 0x39, 0x23, 0x6F, 0x9D, 0x7D,
        0x25, 0xD6, 0xFC, 0xCA, 0x5C, 0xE1, 0x3C, 0x70, 0x64, 0xD8, 0x68,
    ])
    static let bob = Data([
        0x05, 0xF7, 0x81, 0xB6, 0xFB, 0x32, 0xFE, 0xD9, 0xBA, 0x1C, 0xF2, 0xDE, 0x97, 0x8D, 0x4D, 0x5D, 0xA2, 0x8D, 0xC3, 0x40, 0x46, 0xAE,
        0x81, 0x44, 0x02, 0xB5, 0xC0, 0xDB, 0xD9, 0x6F, 0xDA, 0x90, 0x7B,
    ])
    static let signalNumber = "300354477692869396892869876765458257569162576843440918079131"

    @Test("libsignal's algorithm gives its published number for its test keys, from either side")
    func libsignalVector() {
        let forAlice = SafetyNumber(("+14152222222", Self.alice), ("+14153333333", Self.bob), version: 0)
        let forBob = SafetyNumber(("+14153333333", Self.bob), ("+14152222222", Self.alice), version: 0)
        #expect(forAlice.digits == Self.signalNumber)
        #expect(forBob == forAlice)
    }

    @Test("Buds' number differs from Signal's for the same keys, changes when a key changes, and is read in groups of five")
    func budsNumbers() {
        let buds = SafetyNumber(("+14152222222", Self.alice), ("+14153333333", Self.bob))
        #expect(buds.digits.count == 60)
        #expect(buds.digits != Self.signalNumber)
        var changed = Self.bob
        changed[5] ^= 1
        #expect(SafetyNumber(("+14152222222", Self.alice), ("+14153333333", changed)) != buds)
        #expect(buds.description.split(separator: " ").count == 12)
        #expect(buds.matches(buds.description))
        #expect(!buds.matches(String(buds.digits.dropLast()) + "x"))
        #expect(!buds.matches(SafetyNumber(("+14152222222", Self.alice), ("+14153333333", changed)).digits))
    }
}
