import Geo
import TestSupport
import Testing

@testable import UmiLogPipeline

@Suite("Name matching: folding and Jaro–Winkler")
struct MatchingTests {
    private func similarity(_ a: String, _ b: String) -> Double {
        JaroWinkler.similarity(Array(a.utf8), Array(b.utf8))
    }

    @Test(
        "published Jaro–Winkler values",
        arguments: [
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

    @Test(
        "folding removes accents, case, apostrophes and punctuation",
        arguments: [
            ("Ċirkewwa", "cirkewwa"), ("Straße", "strasse"), ("St. John's  Reef", "st johns reef"), ("ÉL-CABRÓN!", "el cabron"),
            ("Devil’s Throat", "devils throat"), ("Devil´s Throat", "devils throat"), ("Øresund", "oresund"), ("  --  ", ""), ("Ħal Far", "hal far"),
        ])
    func folding(text: String, folded: String) {
        #expect(FoldedText(text).string == folded)
    }

    @Test("name keys drop a trailing \"dive site\"; variants of a name are ≥ 0.92 alike")
    func nameKeys() {
        #expect(NameKey("Shark Reef Dive Site").bytes == NameKey("SHARK REEF").bytes)
        #expect(NameKey("Shark Reef Divesite").bytes == NameKey("shark reef").bytes)
        #expect(NameKey("Dive Site").bytes == Array("dive site".utf8))
        #expect(JaroWinkler.similarity(NameKey("Barracuda Point").bytes, NameKey("Barracuda Piont").bytes) >= 0.92)
        #expect(JaroWinkler.similarity(NameKey("Shark Reef").bytes, NameKey("Coral Garden").bytes) < 0.92)
    }

    @Test(
        "name keys drop a leading article, write out abbreviations, compass words and numbers",
        arguments: [
            ("The Canyon", "canyon"), ("La Ballena", "ballena"), ("El Cabrón", "cabron"), ("The", "the"), ("Canyon of the Sun", "canyon of the sun"),
            ("Barracuda Pt.", "barracuda point"), ("Mt. Kalori", "mount kalori"), ("St John's", "saint johns"), ("Pta. Arena", "punta arena"),
            ("Catalina Is.", "catalina island"), ("Is It Reef", "is it reef"), ("NE Corner", "north east corner"),
            ("Southwest Rocks", "south west rocks"), ("Sandy Bay 007", "sandy bay 7"), ("Zenobia II", "zenobia 2"), ("Pt", "point"),
            ("U-352", "u 352"), ("Dive Site 0", "dive site 0"),
        ])
    func normalisedKeys(name: String, key: String) {
        #expect(NameKey(name).bytes == Array(key.utf8))
    }

    @Test("distinguishing tokens: numbers and compass words as a multiset, order ignored")
    func distinctions() {
        #expect(NameKey("Reef").distinction == NameKey("The Reef").distinction)
        #expect(NameKey("North 2 Reef").distinction == NameKey("Reef II N").distinction)
        #expect(NameKey("North Reef").distinction != NameKey("North North Reef").distinction)
        #expect(NameKey("B17").distinction != NameKey("B18").distinction)
        #expect(NameKey("1 2").distinction != NameKey("12").distinction)
        #expect(!NameKey("Sandy Bay 1").matches(NameKey("Sandy Bay 2"), threshold: 0))
        #expect(NameKey("Sandy Bay 2").matches(NameKey("sandy bay ii"), threshold: 0.99))
    }

    @Test("random names: keys are well-formed words and matching is symmetric")
    func randomNames() {
        var random = SplitMix64(seed: 13)
        let pieces = ["the", "The ", "pt.", "N", "ne", "II", "2", "02", "b17", "Reef", "é", "'", "-", "  ", "dive site", "Sandy", "大", "x", "is"]
        for _ in 0..<2_000 {
            let a = (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined(separator: " ")
            let b = (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined(separator: " ")
            let keyA = NameKey(a)
            let keyB = NameKey(b)
            #expect(
                keyA.bytes.first != 0x20 && keyA.bytes.last != 0x20
                    && !keyA.bytes.indices.dropFirst().contains {
                        keyA.bytes[$0] == 0x20 && keyA.bytes[$0 - 1] == 0x20
                    }, "\(a)")
            #expect(keyA.matches(keyB, threshold: 0.92) == keyB.matches(keyA, threshold: 0.92), "\(a) | \(b)")
            #expect(keyA.matches(NameKey(a.uppercased()), threshold: 1), "\(a)")
        }
    }
}
