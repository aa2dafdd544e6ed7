import TestSupport
import Testing

@testable import RememberCore

@Suite("SketchRenderer fuzz")
struct SketchRendererFuzzTests {
    private static let oddWords = [
        "<", ">", "&", "\"", "'", "<&\"'", "]]>", "<!--", "&amp;", "\u{0}", "\u{7}", "\u{FFFE}", "🦊", "é", "  ", "",
        "BLONDE", " long ", "x\ny", String(repeating: "a", count: 300),
    ]

    private static let vocabulary: [String: [String]] = [
        "hairColor": ["black", "brown", "blonde", "red", "auburn", "grey", "white", "blue", "pink", "green", "purple", "dyed"],
        "hairLength": ["bald", "shaved", "short", "medium", "long"],
        "hairStyle": [
            "curly", "wavy", "straight", "braids", "dreadlocks", "ponytail", "bun", "afro", "mohawk", "spiky", "buzz cut",
            "bob", "fringe",
        ],
        "eyewear": ["glasses", "sunglasses"],
        "facialHair": ["beard", "moustache", "goatee", "stubble", "clean-shaven"],
        "height": ["tall", "short", "average height"],
        "build": ["slim", "athletic", "muscular", "stocky", "heavy"],
        "approximateAge": ["teen", "child", "elderly", "20s", "30s", "40s", "50s", "60s", "70s", "99999999999999999999s"],
        "accessories": [
            "hat", "cap", "beanie", "earrings", "nose ring", "piercing", "tattoo", "scarf", "necklace", "bracelet", "watch",
            "headphones", "bow tie", "tie", "backpack", "freckles", "dimples", "mole",
        ],
        "clothingColors": ["red", "navy", "green", "black", "white", "yellow", "beige", "teal", "burgundy"],
    ]

    private static func word(_ field: String, _ random: inout SplitMix64) -> String? {
        switch random.below(10) {
        case 0...2: return nil
        case 3: return random.element(of: oddWords)
        default: return random.element(of: vocabulary[field] ?? oddWords)
        }
    }

    private static func words(_ field: String, _ random: inout SplitMix64) -> [String] {
        (0..<random.below(5)).compactMap { _ in word(field, &random) }
    }

    private static func keywords(_ random: inout SplitMix64) -> PersonKeywords {
        PersonKeywords(
            hairColor: word("hairColor", &random), hairLength: word("hairLength", &random),
            hairStyle: word("hairStyle", &random), eyewear: word("eyewear", &random),
            facialHair: word("facialHair", &random), height: word("height", &random), build: word("build", &random),
            approximateAge: word("approximateAge", &random), accessories: words("accessories", &random),
            clothingColors: words("clothingColors", &random), profession: word("profession", &random),
            origin: word("origin", &random), interests: words("interests", &random))
    }

    /// Random Unicode, including control characters, combining marks, astral planes and XML specials.
    private static func name(_ random: inout SplitMix64) -> String {
        let ranges: [ClosedRange<UInt32>] = [0x0...0x7F, 0x80...0x7FF, 0x300...0x36F, 0x4E00...0x9FFF, 0x1F300...0x1FAFF, 0xE000...0x10FFFF]
        var scalars = String.UnicodeScalarView()
        for _ in 0..<random.below(24) {
            let range = random.element(of: ranges)
            let value = range.lowerBound + UInt32(random.below(Int(range.upperBound - range.lowerBound) + 1))
            if let scalar = Unicode.Scalar(value) {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    @Test("2,000 random keyword sets and Unicode names → well-formed, deterministic, text-free SVG under 16 KB")
    func randomInputs() throws {
        var random = SplitMix64(seed: 0x5EED_5CE7_C400_0001)
        let renderer = SketchRenderer()
        let allowedElements: Set<String> = ["svg", "g", "rect", "circle", "ellipse", "path"]
        for index in 0..<2_000 {
            let keywords = Self.keywords(&random)
            let name = Self.name(&random)
            let svg = renderer.svg(for: keywords, seed: name)
            let sketch = SketchDocument(svg)
            try #require(sketch.isWellFormed, "case \(index): \(sketch.parseError ?? "")\n\(svg)")
            #expect(sketch.text.isEmpty, "case \(index)")
            #expect(Set(sketch.elements.map(\.name)).isSubset(of: allowedElements), "case \(index)")
            #expect(svg.utf8.count < 16 * 1024, "case \(index)")
            #expect(renderer.svg(for: keywords, seed: name) == svg, "case \(index)")
            for element in sketch.elements where element.name != "svg" && element.name != "g" {
                for (attribute, value) in element.attributes where Self.numericAttributes.contains(attribute) {
                    #expect(Self.isPlainNumberList(value), "case \(index): \(attribute)=\(value)")
                }
            }
        }
    }

    @Test("500 vocabulary words with an XML special, control or astral character → well-formed XML, the word never copied")
    func mutatedWords() throws {
        var random = SplitMix64(seed: 42)
        let renderer = SketchRenderer()
        let specials: [Character] = ["<", ">", "&", "\"", "'", " ", "\u{0}", "é", "🦊"]
        for index in 0..<500 {
            var word = Array(random.element(of: Self.vocabulary.values.flatMap { $0 }))
            if !word.isEmpty {
                word[random.below(word.count)] = random.element(of: specials)
            }
            let mutated = String(word)
            let keywords = PersonKeywords(
                hairColor: mutated, hairLength: mutated, hairStyle: mutated, eyewear: mutated, facialHair: mutated,
                height: mutated, build: mutated, approximateAge: mutated, accessories: [mutated], clothingColors: [mutated])
            let svg = renderer.svg(for: keywords, seed: mutated)
            let sketch = SketchDocument(svg)
            try #require(sketch.isWellFormed, "case \(index): \(mutated)")
            #expect(!svg.contains("\u{0}"), "case \(index)")
        }
    }

    private static let numericAttributes: Set<String> = [
        "x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "stroke-width", "opacity", "d",
    ]

    /// Integers or at most two decimals, optionally negative, separated by spaces and path commands.
    private static func isPlainNumberList(_ value: String) -> Bool {
        let tokens = value.split { $0 == " " || ("A"..."Z").contains($0) || $0 == "h" }
        return tokens.allSatisfy { token in
            let unsigned = token.hasPrefix("-") ? token.dropFirst() : token[...]
            let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCII),
                whole.allSatisfy(\.isNumber)
            else { return false }
            guard parts.count == 2 else { return true }
            let fraction = parts[1]
            return (1...2).contains(fraction.count) && fraction.allSatisfy { $0.isASCII && $0.isNumber }
        }
    }
}
