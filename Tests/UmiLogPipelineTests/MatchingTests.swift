import Geo
import TestSupport
import Testing
@testable import UmiLogPipeline

@Suite("Name matching: folding and Jaro–Winkler")
struct MatchingTests {
    private func similarity(_ a: String, _ b: String) -> Double {
        JaroWinkler.similarity(Array(a.utf8), Array(b.utf8))
    }

    @Test("published Jaro–Winkler values", arguments: [
        ("MARTHA", "MARHTA", 0.961), ("DWAYNE", "DUANE", 0.840), ("DIXON", "DICKSONX", 0.813), ("JELLYFISH", "SMELLYFISH", 0.896),
    ])
    func published(a: String, b: String, expected: Double) {
        #expect(abs(similarity(a, b) - expected) < 0.0005)
        #expect(abs(similarity(b, a) - expected) < 0.0005)
    }

    @Test("edge cases: equal, empty, nothing in common")
    func edges() {
        #expect(similarity("", "") == 1)
        #expect(similarity("abc", "") == 0)
        #expect(similarity("abc", "abc") == 1)
        #expect(similarity("abc", "xyz") == 0)
    }

    @Test("random strings stay within 0…1 and are symmetric")
    func bounds() {
        var random = SplitMix64(seed: 9)
        for _ in 0..<2_000 {
            let a = (0..<Int.random(in: 0...12, using: &random)).map { _ in UInt8.random(in: 97...101, using: &random) }
            let b = (0..<Int.random(in: 0...12, using: &random)).map { _ in UInt8.random(in: 97...101, using: &random) }
            let value = JaroWinkler.similarity(a, b)
            #expect((0...1).contains(value))
            #expect(abs(value - JaroWinkler.similarity(b, a)) < 1e-12)
        }
    }

    @Test("folding removes accents, case, apostrophes and punctuation", arguments: [
        ("Ċirkewwa", "cirkewwa"), ("Straße", "strasse"), ("St. John's  Reef", "st johns reef"), ("ÉL-CABRÓN!", "el cabron"),
        ("Devil’s Throat", "devils throat"), ("Øresund", "oresund"), ("  --  ", ""), ("Ħal Far", "hal far"),
    ])
    func folding(text: String, folded: String) {
        #expect(FoldedText(text).string == folded)
    }

    @Test("name keys drop a trailing \"dive site\"; variants of a name are ≥ 0.92 alike")
    func nameKeys() {
        #expect(NameKey.key(for: "Shark Reef Dive Site") == NameKey.key(for: "SHARK REEF"))
        #expect(NameKey.key(for: "Shark Reef Divesite") == NameKey.key(for: "shark reef"))
        #expect(NameKey.key(for: "Dive Site") == Array("dive site".utf8))
        #expect(JaroWinkler.similarity(NameKey.key(for: "Barracuda Point"), NameKey.key(for: "Barracuda Piont")) >= 0.92)
        #expect(JaroWinkler.similarity(NameKey.key(for: "Shark Reef"), NameKey.key(for: "Coral Garden")) < 0.92)
    }
}
