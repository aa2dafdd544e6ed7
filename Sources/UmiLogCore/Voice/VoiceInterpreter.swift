import Foundation

/// Turns tokens into statements in one left-to-right pass, then folds the statements into fields
/// and issues.
///
/// Keeping statements until the end is what makes corrections simple and predictable: "no, twenty
/// six" replaces the value of the last statement, "scratch that" withdraws it, and bare "pressure"
/// is resolved to start or end pressure only once every correction has been applied.
struct VoiceInterpreter {
    private let tokens: [VoiceToken]
    private let reader: VoiceValueReader
    private var statements: [VoiceStatement] = []
    /// Indices of live statements that a correction or "scratch that" can reach, newest last.
    private var valueStatements: [Int] = []

    init(tokens: [VoiceToken]) {
        self.tokens = tokens
        reader = VoiceValueReader(tokens: tokens, limit: tokens.count)
    }

    mutating func interpret() -> VoiceParseResult {
        var index = 0
        while index < tokens.count {
            index = max(step(at: index), index + 1)
        }
        return fold()
    }

    // MARK: - Reading

    /// Reads what starts at `index` and returns where the next thing starts.
    private mutating func step(at index: Int) -> Int {
        if tokens[index].isPause { return index + 1 }
        if let match = VoiceLexicon.match(in: tokens, at: index, limit: tokens.count) {
            switch match.meaning {
            case .field(let spec):
                return field(spec, at: index, keywordEnd: match.end)
            case .weakField(let spec):
                if reader.weakKeyword(spec, hasValueAfter: match.end) {
                    return field(spec, at: index, keywordEnd: match.end)
                }
                return unrecognized(from: index, scanningFrom: match.end)
            case .air:
                record(.field(.field(.oxygen), .quantity(21, .percent)), from: index, to: match.end)
                return match.end
            case .unsupported(let name):
                let end = reader.endOfUnsupportedValues(from: match.end)
                record(.unsupported(name: name), from: index, to: end)
                return max(end, match.end)
            case .correction:
                return correction(at: index, markerEnd: match.end)
            case .scratch:
                scratch(at: index, end: match.end)
                return match.end
            case .filler:
                // "a" is a filler, but "a hundred" is a number.
                if let orphan = reader.orphan(at: index) {
                    record(orphan.kind, from: index, to: orphan.end)
                    return orphan.end
                }
                return match.end
            }
        }
        if let orphan = reader.orphan(at: index) {
            record(orphan.kind, from: index, to: orphan.end)
            return orphan.end
        }
        return unrecognized(from: index, scanningFrom: index)
    }

    /// A field keyword and its value. Without a value, a number said just before it is taken
    /// ("thirty two percent nitrox", "forty minutes bottom time"); otherwise the value is missing.
    private mutating func field(_ spec: VoiceFieldSpec, at index: Int, keywordEnd: Int) -> Int {
        let valueStart = reader.skipFillers(from: keywordEnd)
        if let dimension = spec.dimension {
            if let reading = reader.value(for: dimension, at: valueStart) {
                dropStutter(of: spec, before: index)
                record(.field(spec, reading.value), from: index, to: reading.end)
                if spec.takesEndPressureAfterTo, let endPressure = reader.endPressureAfterTo(from: reading.end) {
                    record(.field(.field(.endPressure), endPressure.value), from: reading.end, to: endPressure.end)
                    return endPressure.end
                }
                return reading.end
            }
            if let previous = adjacentValueStatement(before: index, allowingPauses: false),
                case .orphan = statements[previous].kind
            {
                let orphan = statements[previous]
                let bounded = VoiceValueReader(tokens: tokens, limit: orphan.end)
                if let reading = bounded.value(for: dimension, at: orphan.start) {
                    statements[previous].kind = .field(spec, reading.value)
                    statements[previous].end = keywordEnd
                    return keywordEnd
                }
            }
        } else if let name = reader.name(at: valueStart) {
            dropStutter(of: spec, before: index)
            record(.field(spec, .name(name.name)), from: index, to: name.end)
            return name.end
        }
        // "depth, depth twenty" or "nitrox thirty two nitrox": the keyword again adds nothing.
        if let previous = adjacentValueStatement(before: index, allowingPauses: true),
            case .field(let previousSpec, _) = statements[previous].kind, previousSpec == spec
        {
            return keywordEnd
        }
        record(.field(spec, .missing), from: index, to: keywordEnd)
        return keywordEnd
    }

    /// "depth, uh, depth twenty five": the first "depth" had no value only because it was repeated.
    private mutating func dropStutter(of spec: VoiceFieldSpec, before index: Int) {
        guard let previous = adjacentValueStatement(before: index, allowingPauses: true),
            case .field(let previousSpec, .missing) = statements[previous].kind, previousSpec == spec
        else { return }
        withdrawLastValue()
    }

    /// "no, twenty six", "I mean twenty six", "sorry, Tom": the value replaces the last one spoken.
    /// A correction followed by a field keyword ("no, visibility fifteen") withdraws the last value:
    /// the diver said it against the wrong field.
    private mutating func correction(at index: Int, markerEnd: Int) -> Int {
        var next = markerEnd
        while true {
            next = reader.skipFillers(from: next)
            guard let match = VoiceLexicon.match(in: tokens, at: next, limit: tokens.count), match.meaning == .correction
            else { break }
            next = match.end
        }
        guard next < tokens.count else {
            record(.issue(.incompleteCorrection), from: index, to: next)
            return next
        }
        let following = VoiceLexicon.match(in: tokens, at: next, limit: tokens.count)
        switch following?.meaning {
        case .field?, .air?:
            withdrawLastValue()
            return next
        case .weakField(let spec)? where reader.weakKeyword(spec, hasValueAfter: following?.end ?? next):
            withdrawLastValue()
            return next
        case .unsupported?, .scratch?, .correction?:
            return next
        case .weakField?, .filler?, nil:
            break
        }
        // Nothing said yet: "No, depth twenty" at the start is just speech.
        guard let lastIndex = valueStatements.last else { return next }
        switch statements[lastIndex].kind {
        case .field(let spec, let value):
            if let dimension = spec.dimension {
                if let reading = reader.value(for: dimension, at: next) {
                    replace(lastIndex, with: .field(spec, reading.value), from: next, to: reading.end)
                    return reading.end
                }
                // "depth eighty meters, no, feet": the same number in the unit meant.
                if case .quantity(let number, _) = value,
                    let unit = VoiceUnit.match(in: tokens, at: next, limit: tokens.count, context: dimension),
                    unit.unit.dimension == dimension
                {
                    statements[lastIndex].kind = .field(spec, .quantity(number, unit.unit))
                    return unit.end
                }
            } else if let name = reader.name(at: next) {
                replace(lastIndex, with: .field(spec, .name(name.name)), from: next, to: name.end)
                return name.end
            }
        case .orphan:
            if let orphan = reader.orphan(at: next) {
                replace(lastIndex, with: orphan.kind, from: next, to: orphan.end)
                return orphan.end
            }
        case .unsupported:
            let end = reader.endOfUnsupportedValues(from: next)
            if end > next { return end }
        case .issue:
            break
        }
        // "no current", "sorry about that": not a correction after all.
        return unrecognized(from: index, scanningFrom: next)
    }

    private mutating func replace(_ statementIndex: Int, with kind: VoiceStatement.Kind, from start: Int, to end: Int) {
        statements[statementIndex].kind = kind
        statements[statementIndex].start = start
        statements[statementIndex].end = end
    }

    private mutating func scratch(at index: Int, end: Int) {
        if valueStatements.isEmpty {
            record(.issue(.nothingToScratch), from: index, to: end)
        } else {
            withdrawLastValue()
        }
    }

    private mutating func withdrawLastValue() {
        guard let last = valueStatements.popLast() else { return }
        statements[last].isLive = false
    }

    /// Words the parser does not know, reported together ("great dive and lots of fish") up to the
    /// next thing it does know. `start` may include a correction word that turned out not to be one.
    private mutating func unrecognized(from start: Int, scanningFrom scanStart: Int) -> Int {
        var index = scanStart
        var runEnd = scanStart
        while index < tokens.count, !tokens[index].isPause {
            if let match = VoiceLexicon.match(in: tokens, at: index, limit: tokens.count) {
                switch match.meaning {
                case .filler:
                    index = match.end
                    continue
                case .weakField(let spec) where !reader.weakKeyword(spec, hasValueAfter: match.end):
                    index = match.end
                    runEnd = index
                    continue
                case .field, .weakField, .air, .unsupported, .correction, .scratch:
                    break
                }
                break
            }
            if reader.number(at: index) != nil { break }
            index += 1
            runEnd = index
        }
        runEnd = max(runEnd, start + 1)
        record(.issue(.unrecognized(words: text(of: start..<runEnd))), from: start, to: runEnd)
        return runEnd
    }

    // MARK: - Statements

    private mutating func record(_ kind: VoiceStatement.Kind, from start: Int, to end: Int) {
        let statement = VoiceStatement(kind: kind, start: start, end: end)
        statements.append(statement)
        if statement.isValue { valueStatements.append(statements.count - 1) }
    }

    /// The last value statement, if only fillers (and pauses, when allowed) separate it from `index`.
    /// Looks back a bounded distance so long filler runs cannot make parsing quadratic.
    private func adjacentValueStatement(before index: Int, allowingPauses: Bool) -> Int? {
        guard let last = valueStatements.last else { return nil }
        var position = statements[last].end
        guard position <= index, index - position <= Self.adjacencyWindow else { return nil }
        while position < index {
            if tokens[position].isPause {
                guard allowingPauses else { return nil }
                position += 1
                continue
            }
            guard let match = VoiceLexicon.match(in: tokens, at: position, limit: index), match.meaning == .filler else {
                return nil
            }
            position = match.end
        }
        return last
    }

    private static let adjacencyWindow = 32

    private func text(of range: Range<Int>) -> String {
        var text = ""
        for index in range where !tokens[index].isPause {
            if !text.isEmpty { text += tokens[index].joinedByHyphen ? "-" : " " }
            text += tokens[index].text
        }
        return text
    }

    // MARK: - Folding

    private func fold() -> VoiceParseResult {
        var fields = VoiceDiveFields()
        var issues: [VoiceParseIssue] = []
        var startPressureNamed = false
        for statement in statements where statement.isLive {
            switch statement.kind {
            case .issue(let issue):
                issues.append(issue)
            case .unsupported(let name):
                issues.append(.unsupportedField(name: name))
            case .orphan(let value, let unit):
                issues.append(.numberWithoutField(value: value, unit: unit?.symbol))
            case .field(let spec, let value):
                let field: VoiceField
                switch spec {
                case .field(let named): field = named
                case .pressure: field = startPressureNamed ? .endPressure : .startPressure
                }
                if field == .startPressure { startPressureNamed = true }
                if let issue = Self.apply(value, to: field, in: &fields) { issues.append(issue) }
            }
        }
        return VoiceParseResult(fields: fields, issues: issues)
    }

    /// Converts a heard value to SI, checks it against the form's limits and stores it, or says why not.
    /// Values are kept to the hundredth: 82 °F is 27.78 °C, not 27.777…
    private static func apply(
        _ value: VoiceStatement.Value, to field: VoiceField, in fields: inout VoiceDiveFields
    ) -> VoiceParseIssue? {
        switch value {
        case .missing:
            return .missingValue(field: field)
        case .wrongUnit(let unit):
            return .wrongUnit(field: field, unit: unit.symbol)
        case .name(let name):
            fields.buddy = name
            return nil
        case .quantity(let heard, let spokenUnit):
            guard let dimension = field.dimension, let range = field.validRange else { return nil }
            let unit = spokenUnit ?? dimension.defaultUnit
            let si = (unit.toSI(heard) * 100).rounded() / 100
            guard range.contains(si), !field.needsWholeNumber || heard == heard.rounded() else {
                return .outOfRange(field: field, value: heard, unit: unit.symbol)
            }
            switch field {
            case .maxDepth: fields.maxDepthMeters = si
            case .averageDepth: fields.averageDepthMeters = si
            case .bottomTime: fields.bottomTimeSeconds = Int(si.rounded())
            case .waterTemperature: fields.waterTemperatureCelsius = si
            case .visibility: fields.visibilityMeters = si
            case .startPressure: fields.startPressureBar = si
            case .endPressure: fields.endPressureBar = si
            case .oxygen: fields.oxygenPercent = Int(si)
            case .rating: fields.rating = Int(si)
            case .buddy: break
            }
            return nil
        }
    }
}
