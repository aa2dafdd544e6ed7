/// The exported form of a site name (seed, "Name normalization: Title case; remove trailing
/// 'Dive Site'"): whitespace collapsed, a trailing "Dive Site" removed, words in title case.
///
/// Only a name written in one case — all capitals ("SHA'AB RUMI") or all lower case — is
/// re-cased. A name that already mixes capitals and small letters was cased by a person who
/// knew it ("Île aux Aigrettes", "Sha'ab Rumi", "McKenzie reef") and is kept as written: no
/// rule knows every language's capitals better than its source.
///
/// Re-casing keeps what a plain capitaliser would break: ship prefixes and other known
/// acronyms stay capitals (HMS, SS, USS, USAT, RMS…), as do Roman numerals; in a token with
/// digits a letter after a digit stays small ("U-352", "B17", "3rd"); short connecting words
/// in several languages are lower case except first (of, the, and, de, la, aux, du, el, al,
/// do…); hyphenated parts are each capitalised ("Layang-Layang"). After an apostrophe the next letter is capitalised only when
/// the part before it is the single letter O, D or L — the Irish "O'Neill" and the elided
/// articles "D'Arros", "L'Anse" (which are lower case themselves inside a name: "Pointe de
/// l'Est") — and stays small otherwise: "Devil's", Arabic "Sha'ab", "Za'farana".
enum SiteNameFormatter {
    static let acronyms: Set<String> = [
        "HMS", "HMAS", "HMNZS", "HMCS", "HMT", "SS", "USS", "USAT", "USNS", "USCGC", "RMS", "MV", "MS", "SMS", "RFA",
        "FV", "SV", "MY", "TSS", "SAS", "UAE", "USA", "UK", "BVI", "USVI",
    ]
    static let romanNumerals: Set<String> = ["II", "III", "IV", "VI", "VII", "VIII", "IX", "XI", "XII", "XIII", "XIV", "XV", "XX"]
    /// Lower case unless first. English, French, Spanish, Portuguese, Italian and the Arabic
    /// article as it is written in Latin letters ("Sharm el Sheikh", "Ras al Khaimah"). Words
    /// that are also common nouns in English ("den") are left out.
    static let smallWords: Set<String> = [
        "of", "the", "and", "de", "la", "at", "in", "on", "a", "an", "du", "des", "del", "da", "di", "to", "by", "for",
        "aux", "au", "le", "les", "en", "el", "al", "los", "las", "do", "dos", "das", "della", "dello", "degli", "y",
    ]
    /// Single letters before an apostrophe after which a name part starts: O'Neill, D'Arros, L'Anse.
    static let apostrophePrefixes: Set<Unicode.Scalar> = ["o", "d", "l", "O", "D", "L"]
    /// Of those, the elided articles, lower case inside a name ("de l'Est").
    static let elidedArticles: Set<Unicode.Scalar> = ["d", "l", "D", "L"]

    static func format(_ name: String) -> String {
        titleCase(strippingDiveSiteSuffix(TextCleaning.collapsingWhitespace(name)))
    }

    // MARK: Suffix

    /// `name` without a trailing "Dive Site" ("Divesite", "dive-site", "(dive site)", after a
    /// space, dash, comma or colon). A name that is only "Dive Site" is left alone.
    static func strippingDiveSiteSuffix(_ name: String) -> String {
        // Every pattern ends in "e", "s" or a closing parenthesis: most names are decided here.
        guard let lastByte = name.utf8.last,
            [
                UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "s"), UInt8(ascii: "S"),
                UInt8(ascii: ")"),
            ].contains(lastByte)
        else { return name }
        let bytes = Array(name.utf8)
        var end = bytes.count
        let parenthesised = end > 0 && bytes[end - 1] == UInt8(ascii: ")")
        if parenthesised { end -= 1 }
        for pattern in ["dive sites", "dive site", "divesite", "dive-site"] {
            let suffix = Array(pattern.utf8)
            guard end >= suffix.count,
                zip(bytes[(end - suffix.count)..<end], suffix).allSatisfy({ lowerASCII($0) == $1 })
            else { continue }
            var cut = end - suffix.count
            if parenthesised {
                guard cut > 0, bytes[cut - 1] == UInt8(ascii: "(") else { return name }
                cut -= 1
            }
            guard cut > 0, isSeparator(bytes, before: cut) else { return name }
            while cut > 0, isSeparator(bytes, before: cut) {
                cut -= bytes[cut - 1] >= 0x80 ? 3 : 1
            }
            return cut == 0 ? name : String(decoding: bytes[..<cut], as: UTF8.self)
        }
        return name
    }

    private static func lowerASCII(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// Whether the character ending just before `index` separates words: a space or ASCII
    /// punctuation, or an en/em dash.
    private static func isSeparator(_ bytes: [UInt8], before index: Int) -> Bool {
        let byte = bytes[index - 1]
        if [
            UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "|"),
            UInt8(ascii: "/"),
        ].contains(byte) {
            return true
        }
        return index >= 3 && bytes[index - 3] == 0xE2 && bytes[index - 2] == 0x80 && (byte == 0x93 || byte == 0x94)
    }

    // MARK: Title case

    /// Works on Unicode scalars, not Characters: a million names go through here, and scalar
    /// tests are an order of magnitude cheaper than grapheme breaking. Casing is per scalar,
    /// which leaves combining marks alone.
    static func titleCase(_ name: String) -> String {
        var hasLower = false
        var hasUpper = false
        for scalar in name.unicodeScalars {
            if isLower(scalar) { hasLower = true } else if isUpper(scalar) { hasUpper = true }
            if hasLower, hasUpper { return name }
        }
        guard hasLower || hasUpper else { return name }
        let scalars = Array(name.unicodeScalars)
        var result = String.UnicodeScalarView()
        var isFirst = true
        var start = 0
        while start < scalars.count {
            if scalars[start] == " " {
                start += 1
                continue
            }
            var end = start
            while end < scalars.count, scalars[end] != " " { end += 1 }
            if !isFirst { result.append(" ") }
            appendWord(scalars[start..<end], isFirst: isFirst, to: &result)
            isFirst = false
            start = end
        }
        return String(result)
    }

    private static func appendWord(_ word: ArraySlice<Unicode.Scalar>, isFirst: Bool, to result: inout String.UnicodeScalarView) {
        // Leading and trailing punctuation ("(South", "Pass)") stays around the core word.
        guard let start = word.firstIndex(where: isLetterOrNumber), let last = word.lastIndex(where: isLetterOrNumber) else {
            result.append(contentsOf: word)
            return
        }
        let core = word[start...last]
        result.append(contentsOf: word[..<start])
        if core.contains(where: isNumber) {
            // "u-352" → "U-352", "b17" → "B17", "3RD" → "3rd": a letter after a digit stays small.
            capitalise(core, isFirstWord: isFirst && start == word.startIndex, to: &result)
        } else if core.count <= 5, case let upper = uppercased(core), acronyms.contains(upper) || romanNumerals.contains(upper) {
            result.append(contentsOf: upper.unicodeScalars)
        } else if !isFirst, start == word.startIndex, core.count <= 5, case let lower = lowercased(core), smallWords.contains(lower) {
            result.append(contentsOf: lower.unicodeScalars)
        } else {
            capitalise(core, isFirstWord: isFirst && start == word.startIndex, to: &result)
        }
        result.append(contentsOf: word[(last + 1)...])
    }

    /// Each dash-separated part: first letter upper, the rest lower. After an apostrophe, the
    /// next letter is upper only when a single O, D or L comes before it ("O'Neill", "D'Arros");
    /// an elided D' or L' not starting the name is itself lower case ("de l'Est").
    private static func capitalise(
        _ word: ArraySlice<Unicode.Scalar>, isFirstWord: Bool, to result: inout String.UnicodeScalarView
    ) {
        var capitaliseNext = true
        var partStart = word.startIndex
        for index in word.indices {
            let scalar = word[index]
            if scalar == "-" {
                result.append(scalar)
                capitaliseNext = true
                partStart = index + 1
            } else if isApostrophe(scalar) {
                result.append(scalar)
                capitaliseNext = index == partStart + 1 && apostrophePrefixes.contains(word[partStart])
                partStart = index + 1
            } else if isLetter(scalar) {
                let isElidedArticle =
                    !isFirstWord && index == word.startIndex && elidedArticles.contains(scalar)
                    && index + 1 < word.endIndex && isApostrophe(word[index + 1])
                appendCase(of: scalar, upper: capitaliseNext && !isElidedArticle, to: &result)
                capitaliseNext = false
            } else {
                result.append(scalar)
                if isNumber(scalar) { capitaliseNext = false }
            }
        }
    }

    private static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "'" || scalar == "\u{2019}"
    }

    private static func appendCase(of scalar: Unicode.Scalar, upper: Bool, to result: inout String.UnicodeScalarView) {
        if scalar.isASCII {
            let value = UInt8(scalar.value)
            if upper, (97...122).contains(value) {
                result.append(Unicode.Scalar(value - 32))
            } else if !upper, (65...90).contains(value) {
                result.append(Unicode.Scalar(value + 32))
            } else {
                result.append(scalar)
            }
        } else {
            let mapped = upper ? scalar.properties.titlecaseMapping : scalar.properties.lowercaseMapping
            result.append(contentsOf: mapped.unicodeScalars)
        }
    }

    private static func uppercased(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var text = String.UnicodeScalarView()
        for scalar in scalars { appendCase(of: scalar, upper: true, to: &text) }
        return String(text)
    }

    private static func lowercased(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var text = String.UnicodeScalarView()
        for scalar in scalars { appendCase(of: scalar, upper: false, to: &text) }
        return String(text)
    }

    // Scalar tests with an ASCII fast path: names are mostly ASCII.

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return (65...90).contains(scalar.value) || (97...122).contains(scalar.value) }
        return scalar.properties.isAlphabetic && !isMark(scalar)
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    private static func isNumber(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return (48...57).contains(scalar.value) }
        return scalar.properties.numericType != nil
    }

    private static func isLetterOrNumber(_ scalar: Unicode.Scalar) -> Bool {
        isLetter(scalar) || isNumber(scalar) || (!scalar.isASCII && isMark(scalar))
    }

    private static func isLower(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return (97...122).contains(scalar.value) }
        return scalar.properties.isLowercase
    }

    private static func isUpper(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return (65...90).contains(scalar.value) }
        return scalar.properties.isUppercase
    }
}
