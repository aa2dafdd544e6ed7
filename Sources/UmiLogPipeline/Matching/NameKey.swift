/// The form of a site name the duplicate matcher compares, made once per record.
///
/// `bytes` is ``FoldedText`` normalised so that spellings of one place compare equal:
/// - a trailing "dive site" is dropped ("Shark Reef Dive Site" is "shark reef"; standardisation
///   strips it from the exported name too);
/// - a leading article is dropped when more words follow: English "The", and the Romance
///   articles "La", "Le", "Les", "El", "Los", "Las", "Il" ("The Canyon" is "canyon", "La
///   Ballena" is "ballena"); an article inside a name stays;
/// - abbreviations are written out: "Pt" → point, "Pte" → pointe, "Pta" → punta, "Mt" → mount,
///   "Mtn" → mountain, "St" → saint (dive sites are named for saints far more often than for
///   streets: "St. John's Reef", "St Kitts"), "Ste" → sainte, "Sta" → santa, "Isl" → island, and
///   "Is" → island as the last word only (elsewhere it may be the verb);
/// - compass words are written out and split ("NE", "Northeast", "North-East" are all "north
///   east"; "N" is north, and so on);
/// - numbers are canonical: leading zeros dropped ("02" is "2") and Roman numerals I…XX read as
///   numbers ("II" is "2").
///
/// `distinction` fingerprints the name's distinguishing tokens — its numbers (any word holding
/// a digit, such as "2" or "B17") and compass words — as a multiset. Two names whose
/// distinctions differ are different places however alike they look ("Sandy Bay 1" and "Sandy
/// Bay 2", "North Horn" and "South Horn", "Shark Reef" and "Shark Reef North"), so the matcher
/// compares their letters only when the distinctions are equal.
package struct NameKey: Sendable {
    let bytes: [UInt8]
    package let distinction: UInt64

    package init(_ name: String) {
        let text = FoldedText(name)
        let folded = text.bytes
        var words = text.words
        Self.dropDiveSiteSuffix(&words, in: folded)
        var output: [UInt8] = []
        output.reserveCapacity(folded.count + 8)
        var distinguishing: [ArraySlice<UInt8>] = []
        for (position, word) in words.enumerated() {
            let text = folded[word]
            var replacement: Replacement?
            if text.count <= 8, let found = Self.table[Self.packed(text)] {
                replacement = found
            } else if text.count == 9, let found = Self.compassCompounds.first(where: { $0.0.elementsEqual(text) }) {
                replacement = .compass(found.1)
            }
            switch replacement {
            case .article? where position == 0 && words.count > 1:
                continue
            case .trailingOnly(let full)? where position == words.count - 1 && position > 0:
                Self.append(full[...], to: &output)
            case .word(let full)?:
                Self.append(full[...], to: &output)
            case .compass(let parts)?:
                for part in parts {
                    Self.append(part[...], to: &output)
                    distinguishing.append(part[...])
                }
            case .number(let digits)?:
                Self.append(digits[...], to: &output)
                distinguishing.append(digits[...])
            case .article?, .trailingOnly?, nil:
                if text.contains(where: Self.isDigit) {
                    let canonical = Self.withoutLeadingZeros(text)
                    Self.append(canonical, to: &output)
                    distinguishing.append(canonical)
                } else {
                    Self.append(text, to: &output)
                }
            }
        }
        bytes = output
        distinction = Self.fingerprint(distinguishing)
    }

    /// Whether the names may be one place: the same distinguishing tokens, and letters at
    /// least `threshold` alike (Jaro–Winkler).
    func matches(_ other: NameKey, threshold: Double) -> Bool {
        distinction == other.distinction && JaroWinkler.similarity(bytes, other.bytes) >= threshold
    }

    // MARK: Words

    /// Drops "dive site", "dive sites" or "divesite" at the end when something comes before it.
    private static func dropDiveSiteSuffix(_ words: inout [Range<Int>], in bytes: [UInt8]) {
        func word(_ index: Int, is text: String) -> Bool { bytes[words[index]].elementsEqual(text.utf8) }
        let last = words.count - 1
        if words.count > 2, word(last - 1, is: "dive"), word(last, is: "site") || word(last, is: "sites") {
            words.removeLast(2)
        } else if words.count > 1, word(last, is: "divesite") {
            words.removeLast()
        }
    }

    private static func append(_ word: ArraySlice<UInt8>, to output: inout [UInt8]) {
        if !output.isEmpty { output.append(0x20) }
        output.append(contentsOf: word)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// "007" → "7", "0" → "0"; a word with letters too ("b17") is kept as it is.
    private static func withoutLeadingZeros(_ word: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard word.allSatisfy(isDigit) else { return word }
        let trimmed = word.drop { $0 == 0x30 }
        return trimmed.isEmpty ? word.suffix(1) : trimmed
    }

    /// FNV-1a over the sorted tokens, each followed by a separator: order does not matter,
    /// repetition does.
    private static func fingerprint(_ tokens: [ArraySlice<UInt8>]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for token in tokens.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            for byte in token {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            hash = hash &* 0x0000_0100_0000_01B3  // the separator, a zero byte
        }
        return hash
    }

    // MARK: The vocabulary

    private enum Replacement {
        case article
        case word([UInt8])
        /// An abbreviation only when it ends the name ("Catalina Is").
        case trailingOnly([UInt8])
        case compass([[UInt8]])
        case number([UInt8])
    }

    /// A word of at most 8 bytes as one integer: table lookups without allocating.
    private static func packed(_ word: some Collection<UInt8>) -> UInt64 {
        word.reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static let compassCompounds: [([UInt8], [[UInt8]])] = [
        (Array("northeast".utf8), [Array("north".utf8), Array("east".utf8)]),
        (Array("northwest".utf8), [Array("north".utf8), Array("west".utf8)]),
        (Array("southeast".utf8), [Array("south".utf8), Array("east".utf8)]),
        (Array("southwest".utf8), [Array("south".utf8), Array("west".utf8)]),
    ]

    private static let table: [UInt64: Replacement] = {
        var table: [UInt64: Replacement] = [:]
        func add(_ word: String, _ replacement: Replacement) { table[packed(Array(word.utf8))] = replacement }
        for article in ["the", "la", "le", "les", "el", "los", "las", "il"] { add(article, .article) }
        let abbreviations = [
            "pt": "point", "pte": "pointe", "pta": "punta", "mt": "mount", "mtn": "mountain", "st": "saint",
            "ste": "sainte", "sta": "santa", "isl": "island",
        ]
        for (short, full) in abbreviations { add(short, .word(Array(full.utf8))) }
        add("is", .trailingOnly(Array("island".utf8)))
        let north = Array("north".utf8)
        let south = Array("south".utf8)
        let east = Array("east".utf8)
        let west = Array("west".utf8)
        for (words, parts) in [
            (["n", "north"], [north]), (["s", "south"], [south]), (["e", "east"], [east]), (["w", "west"], [west]),
            (["ne"], [north, east]), (["nw"], [north, west]), (["se"], [south, east]), (["sw"], [south, west]),
        ] {
            for word in words { add(word, .compass(parts)) }
        }
        let numerals = [
            "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii", "xiv", "xv", "xvi",
            "xvii", "xviii", "xix", "xx",
        ]
        for (index, numeral) in numerals.enumerated() { add(numeral, .number(Array(String(index + 1).utf8))) }
        return table
    }()
}
