import Foundation

/// Reads spoken numbers, units and names from tokens, without deciding which field they fill.
///
/// Every read is bounded by `limit`, so a number already heard can be read again as another
/// field's value ("thirty two percent nitrox") without running into the words after it.
struct VoiceValueReader {
    let tokens: [VoiceToken]
    let limit: Int

    struct Number: Equatable {
        let value: Double
        let end: Int
    }

    struct Reading: Equatable {
        let value: VoiceStatement.Value
        let end: Int
    }

    // MARK: - Field values

    /// The value of a field measured in `dimension`, starting at `index`; `nil` when no number is there.
    func value(for dimension: VoiceUnit.Dimension, at index: Int) -> Reading? {
        switch dimension {
        case .time: duration(at: index)
        case .length, .temperature, .pressure, .percent, .stars: quantity(for: dimension, at: index)
        }
    }

    /// A number with its optional unit, read for a field of `dimension`. A unit of another
    /// dimension ("depth twenty minutes") is kept as a wrong unit so the diver hears why.
    private func quantity(for dimension: VoiceUnit.Dimension, at index: Int) -> Reading? {
        guard let number = number(at: index) else { return nil }
        var end = number.end
        var unit: VoiceUnit?
        if let spoken = self.unit(after: end, context: dimension) {
            guard spoken.unit.dimension == dimension else { return Reading(value: .wrongUnit(spoken.unit), end: spoken.end) }
            unit = spoken.unit
            end = spoken.end
        }
        switch dimension {
        case .stars:
            if let outOfFive = outOfFive(after: end) {
                end = outOfFive
                if unit == nil, let stars = self.unit(after: end, context: .stars), stars.unit == .stars {
                    unit = .stars
                    end = stars.end
                }
            }
        case .length:
            if let deep = word("deep", after: end) { end = deep }
        case .time, .temperature, .pressure, .percent:
            break
        }
        return Reading(value: .quantity(number.value, unit), end: end)
    }

    /// A duration: "forty two minutes", "an hour and ten minutes", "half an hour",
    /// "one and a half hours", "42 minutes 30 seconds". A bare number is minutes.
    private func duration(at index: Int) -> Reading? {
        var index = index
        if key(index) == "a", key(index + 1) == "half" { index += 1 }
        if key(index) == "half" {
            var hour = index + 1
            if key(hour) == "a" || key(hour) == "an" { hour += 1 }
            guard let unit = VoiceUnit.match(in: tokens, at: hour, limit: limit, context: .time), unit.unit == .hours else {
                return nil
            }
            return Reading(value: .quantity(0.5, .hours), end: unit.end)
        }
        let first: Number
        if key(index) == "a" || key(index) == "an",
            let hour = VoiceUnit.match(in: tokens, at: index + 1, limit: limit, context: .time), hour.unit == .hours
        {
            first = Number(value: 1, end: index + 1)
        } else if let number = number(at: index) {
            first = number
        } else {
            return nil
        }
        guard let firstUnit = unit(after: first.end, context: .time) else {
            return Reading(value: .quantity(first.value, nil), end: first.end)
        }
        guard firstUnit.unit.dimension == .time else { return Reading(value: .wrongUnit(firstUnit.unit), end: firstUnit.end) }
        var seconds = firstUnit.unit.toSI(first.value)
        var end = firstUnit.end
        var compound = false
        func add(_ part: (seconds: Double, end: Int)?) {
            guard let part else { return }
            seconds += part.seconds
            end = part.end
            compound = true
        }
        switch firstUnit.unit {
        case .hours:
            if let half = andAHalf(at: end) { add((1800, half)) }
            add(timePart(after: end, unit: .minutes, bareAllowed: true))
            add(timePart(after: end, unit: .seconds, bareAllowed: false))
        case .minutes:
            add(timePart(after: end, unit: .seconds, bareAllowed: false))
        case .seconds, .meters, .feet, .celsius, .fahrenheit, .bar, .psi, .percent, .stars:
            break
        }
        if compound { return Reading(value: .quantity(seconds / 60, .minutes), end: end) }
        return Reading(value: .quantity(first.value, firstUnit.unit), end: end)
    }

    /// The next part of a duration ("… and ten minutes", "… thirty seconds"); a bare number counts
    /// only where it cannot mean anything else ("an hour ten").
    private func timePart(after end: Int, unit: VoiceUnit, bareAllowed: Bool) -> (seconds: Double, end: Int)? {
        var index = skipHesitations(from: end)
        if key(index) == "and" { index = skipHesitations(from: index + 1) }
        guard let number = number(at: index), number.value >= 0 else { return nil }
        if let spoken = self.unit(after: number.end, context: .time) {
            guard spoken.unit == unit else { return nil }
            return (unit.toSI(number.value), spoken.end)
        }
        return bareAllowed ? (unit.toSI(number.value), number.end) : nil
    }

    /// "pressure two hundred to fifty": the end pressure after "to", if one is there.
    func endPressureAfterTo(from end: Int) -> Reading? {
        var index = end
        while index < limit, tokens[index].isPause || Self.connectorNoise.contains(tokens[index].key) { index += 1 }
        guard key(index) == "to" else { return nil }
        return quantity(for: .pressure, at: skipFillers(from: index + 1))
    }

    private static let connectorNoise = VoiceLexicon.hesitations.union(["down", "then", "and"])

    /// A buddy's name: the words up to the next keyword, number, pause or filler, at most five.
    ///
    /// When the recogniser capitalised the name ("buddy Sam we saw a turtle") the name ends at the
    /// first lower-case word that is not a connector ("Ana de Souza"); an all-lower-case name is
    /// capitalised ("sam" → "Sam").
    func name(at start: Int) -> (name: String, end: Int)? {
        var picked: [Int] = []
        var capitalizedMode: Bool?
        var length = 0
        var index = start
        while index < limit, picked.count < 5, tokens[index].isWord {
            let token = tokens[index]
            let isConnector = !picked.isEmpty && VoiceLexicon.nameConnectors.contains(token.key)
            let startsUpper = token.text.first?.isUppercase ?? false
            if !isConnector {
                if startsSomethingElse(at: index) || number(at: index) != nil { break }
                if capitalizedMode == true, !startsUpper { break }
            }
            length += token.text.count + 1
            guard length <= Self.maximumNameLength else { break }
            if capitalizedMode == nil { capitalizedMode = startsUpper }
            picked.append(index)
            index += 1
        }
        while picked.count > 1, let last = picked.last, VoiceLexicon.nameConnectors.contains(tokens[last].key) {
            picked.removeLast()
        }
        guard let last = picked.last else { return nil }
        var name = ""
        for (position, tokenIndex) in picked.enumerated() {
            let token = tokens[tokenIndex]
            if position > 0 { name += token.joinedByHyphen ? "-" : " " }
            let isConnector = position > 0 && VoiceLexicon.nameConnectors.contains(token.key)
            name += token.text == token.text.lowercased() && !isConnector ? Self.capitalized(token.text) : token.text
        }
        return (name, last + 1)
    }

    /// Whether the word at `index` is vocabulary rather than part of a name: any phrase the lexicon
    /// knows, except a weak keyword with no value after it ("buddy Max").
    private func startsSomethingElse(at index: Int) -> Bool {
        guard let match = VoiceLexicon.match(in: tokens, at: index, limit: limit) else { return false }
        switch match.meaning {
        case .weakField(let spec):
            return weakKeyword(spec, hasValueAfter: match.end)
        case .field(let spec) where match.end - index > 1:
            // "buddy Max depth twenty": "Max" is the name when the rest of "max depth" names the
            // same field on its own.
            let first = VoiceLexicon.match(in: tokens, at: index, limit: index + 1)?.meaning
            let rest = VoiceLexicon.match(in: tokens, at: index + 1, limit: limit)?.meaning
            return !(first == .weakField(spec) && rest == .field(spec) && !weakKeyword(spec, hasValueAfter: index + 1))
        case .field, .air, .unsupported, .correction, .scratch, .filler:
            return true
        }
    }

    /// Whether a usable value of the field's own kind follows a weak keyword ("water twenty eight",
    /// not "water forty minutes").
    func weakKeyword(_ spec: VoiceFieldSpec, hasValueAfter end: Int) -> Bool {
        guard let dimension = spec.dimension, let reading = value(for: dimension, at: skipFillers(from: end)) else {
            return false
        }
        switch reading.value {
        case .quantity: return true
        case .name, .wrongUnit, .missing: return false
        }
    }

    /// Longer than any buddy's name; past it the words are surely something else.
    private static let maximumNameLength = 64

    private static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// A number said with no field keyword. Stars and "out of five" can only be a rating, and
    /// "twenty five meters deep" only a depth; anything else stays an orphan to report.
    func orphan(at index: Int) -> (kind: VoiceStatement.Kind, end: Int)? {
        guard let number = number(at: index) else { return nil }
        var end = number.end
        var unit: VoiceUnit?
        if let spoken = self.unit(after: end, context: nil) {
            unit = spoken.unit
            end = spoken.end
        }
        if unit == nil || unit == .stars, let outOfFive = outOfFive(after: end) {
            end = outOfFive
            if unit == nil, let stars = self.unit(after: end, context: .stars), stars.unit == .stars { end = stars.end }
            return (.field(.field(.rating), .quantity(number.value, .stars)), end)
        }
        if unit == .stars { return (.field(.field(.rating), .quantity(number.value, .stars)), end) }
        if let unit, unit.dimension == .length, let deep = word("deep", after: end) {
            return (.field(.field(.maxDepth), .quantity(number.value, unit)), deep)
        }
        return (.orphan(value: number.value, unit: unit), end)
    }

    /// The end of the numbers and units after a keyword voice cannot fill, so they are not
    /// reported again as numbers without a field.
    func endOfUnsupportedValues(from start: Int) -> Int {
        var end = start
        var index = skipFillers(from: start)
        while let reading = duration(at: index) {
            end = reading.end
            index = skipFillers(from: end, crossingPauses: false)
        }
        return end
    }

    // MARK: - Numbers

    /// A spoken or written number: "twenty five", "one eight zero", "one hundred and eighty",
    /// "one eighty", "thirty two hundred", "a hundred", "28.5", "twenty eight point five",
    /// "twenty and a half", "minus two". Always finite.
    func number(at start: Int) -> Number? {
        guard let key = key(start) else { return nil }
        if key == "minus" || key == "negative" {
            guard let magnitude = unsignedNumber(at: skipHesitations(from: start + 1)) else { return nil }
            return Number(value: -magnitude.value, end: magnitude.end)
        }
        return unsignedNumber(at: start)
    }

    private func unsignedNumber(at start: Int) -> Number? {
        guard let whole = integer(at: start) else { return fraction(at: start) }
        guard whole.isWhole else { return Number(value: whole.value, end: whole.end) }
        if let fraction = fraction(at: skipHesitations(from: whole.end)) {
            return Number(value: whole.value + fraction.value, end: fraction.end)
        }
        if let half = andAHalf(at: whole.end) { return Number(value: whole.value + 0.5, end: half) }
        return Number(value: whole.value, end: whole.end)
    }

    /// The whole part; `isWhole` is false for a written decimal, which takes no "point …" after it.
    private func integer(at start: Int) -> (value: Double, end: Int, isWhole: Bool)? {
        guard start < limit else { return nil }
        let token = tokens[start]
        switch token.kind {
        case .pause:
            return nil
        case .number(let value, let digits):
            if let digits, digits.count == 1, singleDigit(at: skipHesitations(from: start + 1), allowingOh: true) != nil {
                return digitSequence(from: start)
            }
            var value = value
            var end = start + 1
            if digits != nil, value < 1000 {
                let scale = skipHesitations(from: end)
                if key(scale) == "hundred" || key(scale) == "thousand" {
                    value *= key(scale) == "hundred" ? 100 : 1000
                    end = scale + 1
                }
            }
            return (value, end, digits != nil)
        case .word:
            if token.key == "a" || token.key == "an" {
                let scale = skipHesitations(from: start + 1)
                guard key(scale) == "hundred" || key(scale) == "thousand" else { return nil }
                return cardinal(from: scale, leadingOne: true)
            }
            if Self.digitWords[token.key] != nil, singleDigit(at: skipHesitations(from: start + 1), allowingOh: true) != nil {
                return digitSequence(from: start)
            }
            return cardinal(from: start, leadingOne: false)
        }
    }

    /// "one eight zero", "two oh five", "1 8 0": read digit by digit, as divers read gauges.
    private func digitSequence(from start: Int) -> (value: Double, end: Int, isWhole: Bool) {
        var digits = ""
        var end = start
        var index = start
        while digits.count < Self.maximumDigits, let digit = singleDigit(at: index, allowingOh: index != start) {
            digits += digit
            end = index + 1
            index = skipHesitations(from: end)
        }
        return (Double(digits) ?? 0, end, true)
    }

    private enum CardinalPart {
        case none, zero, ones, teens, tens, hundred, thousand, and
    }

    /// Number words as people say them, up to the thousands. Besides the textbook forms it takes
    /// the spoken shortcuts divers use on a gauge: "one eighty" (180), "two fifteen" (215),
    /// "thirty two hundred" (3200).
    private func cardinal(from start: Int, leadingOne: Bool) -> (value: Double, end: Int, isWhole: Bool)? {
        var total = 0.0
        var current = leadingOne ? 1.0 : 0
        var last: CardinalPart = leadingOne ? .ones : .none
        var wordsRead = leadingOne ? 1 : 0
        var sawHundred = false
        var sawThousand = false
        var end = start
        var index = start
        reading: while index < limit, tokens[index].isWord {
            let key = tokens[index].key
            if let digit = Self.digitWords[key] {
                if digit == 0 {
                    if last == .none {
                        last = .zero
                        end = index + 1
                    }
                    break reading
                }
                switch last {
                case .none, .tens, .hundred, .thousand, .and: current += digit
                case .zero, .ones, .teens: break reading
                }
                last = .ones
            } else if let value = Self.teenWords[key] ?? Self.tensWords[key] {
                switch last {
                case .none, .hundred, .thousand, .and: current += value
                case .ones where wordsRead == 1 && total == 0: current = current * 100 + value
                case .zero, .ones, .teens, .tens: break reading
                }
                last = Self.teenWords[key] != nil ? .teens : .tens
            } else if key == "hundred" {
                guard !sawHundred, current < 100 else { break reading }
                switch last {
                case .none, .ones, .teens, .tens: current = max(current, 1) * 100
                case .zero, .hundred, .thousand, .and: break reading
                }
                sawHundred = true
                last = .hundred
            } else if key == "thousand" {
                guard !sawThousand else { break reading }
                switch last {
                case .none, .ones, .teens, .tens, .hundred: total = max(current, 1) * 1000
                case .zero, .thousand, .and: break reading
                }
                current = 0
                sawThousand = true
                sawHundred = false
                last = .thousand
            } else if key == "and" {
                guard last == .hundred || last == .thousand else { break reading }
                let next = skipHesitations(from: index + 1)
                guard let nextKey = self.key(next),
                    (Self.digitWords[nextKey] ?? 0) > 0 || Self.teenWords[nextKey] != nil || Self.tensWords[nextKey] != nil
                else { break reading }
                last = .and
                index = next
                continue reading
            } else {
                break reading
            }
            wordsRead += 1
            end = index + 1
            index = skipHesitations(from: end)
        }
        switch last {
        case .none: return nil
        case .zero, .ones, .teens, .tens, .hundred, .thousand, .and: return (total + current, end, true)
        }
    }

    /// "point five", "point two five", "point twenty five", "dot oh five": the part after the point.
    private func fraction(at start: Int) -> Number? {
        guard key(start) == "point" || key(start) == "dot" else { return nil }
        var index = skipHesitations(from: start + 1)
        var digits = ""
        var end = index
        if let tens = key(index).flatMap({ Self.tensWords[$0] }) {
            var value = tens
            end = index + 1
            let ones = skipHesitations(from: end)
            if let digit = key(ones).flatMap({ Self.digitWords[$0] }), digit > 0 {
                value += digit
                end = ones + 1
            }
            digits = String(Int(value))
        } else if let teen = key(index).flatMap({ Self.teenWords[$0] }) {
            digits = String(Int(teen))
            end = index + 1
        } else {
            while digits.count < Self.maximumDigits, let digit = fractionDigits(at: index, allowingOh: true) {
                digits += digit
                end = index + 1
                index = skipHesitations(from: end)
            }
        }
        guard !digits.isEmpty, let value = Double("0." + String(digits.prefix(Self.maximumDigits))) else { return nil }
        return Number(value: value, end: end)
    }

    /// "and a half" after a number or an hour.
    private func andAHalf(at end: Int) -> Int? {
        let and = skipHesitations(from: end)
        guard key(and) == "and" else { return nil }
        let article = skipHesitations(from: and + 1)
        guard key(article) == "a" || key(article) == "one" else { return nil }
        let half = skipHesitations(from: article + 1)
        return key(half) == "half" ? half + 1 : nil
    }

    /// A single digit spoken ("eight", "oh" after another digit) or written ("8").
    private func singleDigit(at index: Int, allowingOh: Bool) -> String? {
        guard index < limit else { return nil }
        let token = tokens[index]
        switch token.kind {
        case .number(_, let digits):
            guard let digits, digits.count == 1 else { return nil }
            return digits
        case .word:
            if let digit = Self.digitWords[token.key] { return String(Int(digit)) }
            return allowingOh && (token.key == "oh" || token.key == "o") ? "0" : nil
        case .pause:
            return nil
        }
    }

    /// After "point", written digits may be longer than one ("28 point 75").
    private func fractionDigits(at index: Int, allowingOh: Bool) -> String? {
        guard index < limit else { return nil }
        if case .number(_, let digits?) = tokens[index].kind { return digits }
        return singleDigit(at: index, allowingOh: allowingOh)
    }

    /// Digits beyond this are not a dive value; capping keeps every number finite.
    private static let maximumDigits = 15

    private static let digitWords: [String: Double] = [
        "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    ]
    private static let teenWords: [String: Double] = [
        "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
        "seventeen": 17, "eighteen": 18, "nineteen": 19,
    ]
    private static let tensWords: [String: Double] = [
        "twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
        "ninety": 90,
    ]

    // MARK: - Units and small words

    private func unit(after end: Int, context: VoiceUnit.Dimension?) -> (unit: VoiceUnit, end: Int)? {
        VoiceUnit.match(in: tokens, at: skipHesitations(from: end), limit: limit, context: context)
    }

    /// "four out of five", "4/5".
    private func outOfFive(after end: Int) -> Int? {
        let out = skipHesitations(from: end)
        let five: Int
        if key(out) == "out", key(out + 1) == "of" {
            five = out + 2
        } else if key(out) == "/" {
            five = out + 1
        } else {
            return nil
        }
        guard five < limit else { return nil }
        switch tokens[five].kind {
        case .number(let value, _) where value == 5: return five + 1
        case .word where tokens[five].key == "five": return five + 1
        case .number, .word, .pause: return nil
        }
    }

    private func word(_ word: String, after end: Int) -> Int? {
        let index = skipHesitations(from: end)
        return key(index) == word ? index + 1 : nil
    }

    // MARK: - Tokens

    /// The key of the word or number at `index`; `nil` past the end and for pauses.
    private func key(_ index: Int) -> String? {
        guard index >= 0, index < limit, !tokens[index].isPause else { return nil }
        return tokens[index].key
    }

    private func skipHesitations(from index: Int) -> Int {
        var index = index
        while index < limit, VoiceLexicon.hesitations.contains(tokens[index].key) { index += 1 }
        return index
    }

    /// Past fillers (and pauses, unless told not to) to where a value may start. "a"/"an" stay when
    /// they start one ("a hundred", "an hour").
    func skipFillers(from index: Int, crossingPauses: Bool = true) -> Int {
        var index = index
        while index < limit {
            if tokens[index].isPause {
                guard crossingPauses else { break }
                index += 1
                continue
            }
            if tokens[index].key == "a" || tokens[index].key == "an",
                let next = key(index + 1), Self.articleStartsValue.contains(next)
            {
                break
            }
            guard let match = VoiceLexicon.match(in: tokens, at: index, limit: limit), match.meaning == .filler else { break }
            index = match.end
        }
        return index
    }

    private static let articleStartsValue: Set<String> = ["hundred", "thousand", "hour", "half"]
}
