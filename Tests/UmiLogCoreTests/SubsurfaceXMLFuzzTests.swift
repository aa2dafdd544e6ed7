import Foundation
import TestSupport
import Testing

@testable import UmiLogCore

/// The reader meets outside input: whatever the bytes, it returns a result or throws
/// `LogbookReadError`, and never crashes or hands on an inconsistent logbook.
@Suite("Subsurface XML: fuzz")
struct SubsurfaceXMLFuzzTests {
    /// Bytes spliced into the files: XML syntax, entity and CDATA edges, wrong units, huge and
    /// negative numbers, stray elements.
    private static let tokens: [String] = [
        "<", ">", "/>", "'", "\"", "&", "&#0;", "&#xD;", "&bogus;", " ft", " psi", " F", " lbs", " cuft", "-", "+",
        "99999999999999999999", "9999999:59 min", ":", ".", ",", "0", "-0", "1e999", "nan", "<dive>", "</dive>",
        "<trip>", "<dive date='2020-02-30' duration='1:00 min'/>", "<sample time='1:00 min' depth='x'/>",
        "<sample time='-5' depth='-3 m' temp='900 C'/>", "<divecomputer>", "</divecomputer>", "<![CDATA[", "]]>",
        "<!--", "-->", "<?pi?>", "<!DOCTYPE x>", "\u{FF}", "\u{0}", "\r", "Hälvälä", "version='9'", "divesiteid='zz'",
        "<location gps='91 181'>x</location>", "o2='1.5'", "he='-3%'", "rating='7'", "umilog-id='nope'",
    ]

    /// Values put in place of a whole attribute value.
    private static let values: [String] = [
        "", " ", "abc", "-1", "0", "1e999", "99999999999:99 min", "1:2:3:4", "12,5 m", "12.5 ft", "0.5", "100.1%",
        "2014-13-45", "31.02.2014", "25:61:61", "NaN", "∞", "٣", "10 °F", "1:60", "77:54", "ec2bbc32",
    ]

    @Test("Mutated real files: a result or a LogbookReadError, never a crash", arguments: ["test42.xml", "test40-42.xml", "TestDiveDM5.xml"])
    func mutatedFiles(name: String) throws {
        let original = try DiveLogFixtures.bytes(name)
        // Mutating a copy that keeps every 50th sample runs thousands of cases quickly while
        // every other line of the real file stays as it is.
        let compact = Self.keepingEvery(50, samplesOf: original)
        var random = SubsurfaceXMLRandom(seed: UInt64(original.count))
        var read = 0
        for round in 0..<800 {
            var bytes = round % 200 == 0 ? original : compact
            if round % 2 == 0 {
                // Anything goes: most of these break the XML itself.
                for _ in 0..<Int.random(in: 1...3, using: &random) { Self.mutate(&bytes, random: &random) }
            } else {
                // Well-formed XML with odd values: exercises the value rules rather than the parser.
                for _ in 0..<Int.random(in: 1...6, using: &random) { Self.replaceValue(in: &bytes, random: &random) }
            }
            if Self.check(bytes, round: round) { read += 1 }
        }
        // The mutations must leave many files readable, or only the XML parser is being tested.
        #expect(read > 200)
    }

    @Test("Every truncation point of a small real file", arguments: ["TestDiveDM5.xml"])
    func truncations(name: String) throws {
        let compact = Self.keepingEvery(60, samplesOf: try DiveLogFixtures.bytes(name))
        for end in stride(from: 0, to: compact.count, by: 11) {
            Self.check(Array(compact[..<end]), round: end)
        }
    }

    @Test("Random bytes")
    func randomBytes() {
        var random = SubsurfaceXMLRandom(seed: 42)
        for round in 0..<500 {
            let bytes = (0..<Int.random(in: 0...200, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            Self.check(bytes, round: round)
        }
    }

    /// Whether the bytes were read; either way the outcome must be consistent.
    @discardableResult
    private static func check(_ bytes: [UInt8], round: Int) -> Bool {
        do {
            let result = try SubsurfaceXMLReader.read(bytes)
            let keys = Set(result.logbook.sites.map(\.key))
            #expect(keys.count == result.logbook.sites.count, "round \(round): site keys repeat")
            for dive in result.logbook.dives {
                #expect(dive.durationSeconds > 0, "round \(round)")
                #expect(dive.maxDepthMeters.isFinite && dive.maxDepthMeters > 0, "round \(round)")
                #expect(dive.siteKey.map(keys.contains) ?? true, "round \(round): dangling site key")
                #expect(
                    dive.samples.allSatisfy { (0...SubsurfaceValue.maximumSeconds).contains($0.timeSeconds) && $0.depthMeters.isFinite },
                    "round \(round)")
            }
            return true
        } catch {
            #expect(!(error.errorDescription ?? "").isEmpty, "round \(round)")
            return false
        }
    }

    private static func mutate(_ bytes: inout [UInt8], random: inout SubsurfaceXMLRandom) {
        let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            bytes.removeSubrange(position...)
        case 1:
            if !bytes.isEmpty { bytes[position] = UInt8.random(in: 0...255, using: &random) }
        case 2:
            bytes.insert(contentsOf: Array(random.pick(tokens).utf8), at: position)
        case 3:
            let end = min(bytes.count, position + Int.random(in: 1...400, using: &random))
            bytes.removeSubrange(position..<end)
        case 4:
            let end = min(bytes.count, position + Int.random(in: 1...400, using: &random))
            bytes.insert(contentsOf: bytes[position..<end], at: Int.random(in: 0...bytes.count, using: &random))
        default:
            replaceValue(in: &bytes, random: &random)
        }
    }

    /// Replaces the value of the attribute after a random position.
    private static func replaceValue(in bytes: inout [UInt8], random: inout SubsurfaceXMLRandom) {
        guard !bytes.isEmpty else { return }
        let position = Int.random(in: 0..<bytes.count, using: &random)
        let quote = UInt8(ascii: "'")
        guard let equals = bytes[position...].firstIndex(of: UInt8(ascii: "=")), equals + 1 < bytes.count,
            bytes[equals + 1] == quote, let close = bytes[(equals + 2)...].firstIndex(of: quote)
        else { return }
        bytes.replaceSubrange((equals + 2)..<close, with: Array(random.pick(values).utf8))
    }

    private static func keepingEvery(_ step: Int, samplesOf bytes: [UInt8]) -> [UInt8] {
        var sampleIndex = 0
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).filter { line in
            guard line.starts(with: Array("  <sample ".utf8)) else { return true }
            sampleIndex += 1
            return sampleIndex % step == 1
        }
        return Array(lines.joined(separator: [UInt8(ascii: "\n")]))
    }
}
