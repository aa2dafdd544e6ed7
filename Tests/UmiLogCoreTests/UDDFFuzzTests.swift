import Foundation
import TestSupport
import Testing

@testable import UmiLogCore

/// The reader on damaged input: it returns a log or throws `LogbookReadError`, never crashes or
/// hangs, and what it returns keeps its promises (values in range, in the log's units).
@Suite("UDDFReader: fuzzing")
struct UDDFFuzzTests {
    /// test42.uddf cut down to its first 30 waypoints, so thousands of variants stay fast.
    static let shortTest42: [UInt8] = {
        guard let bytes = try? DiveLogFixtures.bytes("test42.uddf") else { return [] }
        let text = String(decoding: bytes, as: UTF8.self)
        var cut = text.startIndex
        for _ in 0..<30 {
            guard let end = text.range(of: "</waypoint>", range: cut..<text.endIndex) else { return bytes }
            cut = end.upperBound
        }
        guard let samplesEnd = text.range(of: "</samples>", range: cut..<text.endIndex) else { return bytes }
        return Array((String(text[..<cut]) + "\n        " + String(text[samplesEnd.lowerBound...])).utf8)
    }()

    static let divingLog: [UInt8] = (try? DiveLogFixtures.bytes("TestDiveDivingLog5.08.uddf")) ?? []

    /// Byte strings a damaged or hostile file is made of.
    static let fragments: [[UInt8]] =
        [
            "<", ">", "&", "\"", "'", "</waypoint>", "<waypoint>", "<depth>", "</depth>", "-1", "1e309", "NaN", "<!--", "]]>",
            "<![CDATA[", "&#0;", "&#x1F420;", "&bogus;", "<link ref=\"mix(21/0)\"/>", "<divemode type=\"apnoe\"/>", "日本", "🐠",
        ].map { Array($0.utf8) } + [[0], [0xFF], [0xC3], [0x0D], [0xEF, 0xBB, 0xBF]]

    /// Values dropped into the text of elements.
    static let junk = [
        "", "abc", "-1", "0", "1e308", "1e-308", "NaN", "INF", "99999999999999999999", "2.5.1", "-0.0", "150", "999",
        "1000.5", "0.5", "1e5", "12,5", " ", "&amp;", "&lt;x&gt;", "２", "273.15", "100000", "2008-09-05T", "1.0000001",
    ]

    @Test("mutated bytes of the Diving Log file never crash the reader")
    func mutatedDivingLog() {
        var generator = SplitMix64(seed: 0x0DDF_0301)
        #expect(!Self.divingLog.isEmpty, "TestDiveDivingLog5.08.uddf is missing from the fixtures")
        for _ in 0..<1000 {
            Self.check(Self.mutatedBytes(Self.divingLog, using: &generator))
        }
    }

    @Test("mutated bytes of test42.uddf never crash the reader")
    func mutatedTest42() {
        var generator = SplitMix64(seed: 0x0DDF_0302)
        #expect((1..<20_000).contains(Self.shortTest42.count), "test42.uddf is missing or was not cut down")
        for _ in 0..<1000 {
            Self.check(Self.mutatedBytes(Self.shortTest42, using: &generator))
        }
    }

    @Test("junk in the values of real and written files is reported or refused, never crashes")
    func junkValues() {
        var generator = SplitMix64(seed: 0x0DDF_0303)
        let written = (0..<20).map { _ in
            Array(UDDFWriter.write(UDDFRandomLogbook.logbook(using: &generator), generatedAt: UDDFRoundTripTests.generatedAt).utf8)
        }
        #expect(!Self.shortTest42.isEmpty && !Self.divingLog.isEmpty, "a UDDF fixture is missing")
        let sources = ([Self.shortTest42, Self.divingLog] + written).map { ($0, Self.textSpans($0)) }
        for iteration in 0..<600 {
            let (bytes, spans) = sources[iteration % sources.count]
            Self.check(Self.junkValues(bytes, spans: spans, using: &generator))
        }
    }

    @Test("every truncation of a real file is refused as malformed XML")
    func truncations() throws {
        let bytes = Self.shortTest42
        let end = try #require(String(decoding: bytes, as: UTF8.self).range(of: "</uddf>")).upperBound.utf16Offset(
            in: String(decoding: bytes, as: UTF8.self)
        )
        for length in stride(from: 0, to: end, by: 7) {
            switch UDDFErrorTests.error(Array(bytes.prefix(length))) {
            case .malformedXML?: break
            case .wrongFormat?, .unsupportedVersion?, .wrongUnit?, .noDives?, .unreadableTable?, .tooLarge?, .recordTooLarge?,
                .unreadableFile?, nil:
                Issue.record("a prefix of \(length) bytes was not refused as malformed")
            }
        }
    }

    @Test("random bytes never crash the reader")
    func randomBytes() {
        var generator = SplitMix64(seed: 0x0DDF_0304)
        for _ in 0..<1000 {
            var bytes = generator.bytes(Int.random(in: 0...200, using: &generator))
            if Bool.random(using: &generator) { bytes = Array("<uddf version=\"3.2.0\">".utf8) + bytes }
            Self.check(bytes)
        }
    }

    // MARK: Mutations

    static func mutatedBytes(_ source: [UInt8], using generator: inout SplitMix64) -> [UInt8] {
        var bytes = source
        for _ in 0..<Int.random(in: 1...4, using: &generator) where !bytes.isEmpty {
            let position = Int.random(in: 0..<bytes.count, using: &generator)
            let length = min(Int.random(in: 1...64, using: &generator), bytes.count - position)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: bytes[position] = UInt8.random(in: 0...255, using: &generator)
            case 1: bytes.removeSubrange(position..<position + length)
            case 2: bytes.insert(contentsOf: bytes[position..<position + length], at: position)
            case 3: bytes.insert(contentsOf: fragments[Int.random(in: 0..<fragments.count, using: &generator)], at: position)
            case 4:
                if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                    bytes[position] = Array("0123456789.-eE".utf8)[Int.random(in: 0..<14, using: &generator)]
                }
            default: bytes.removeSubrange(position...)
            }
        }
        return bytes
    }

    /// The ranges of element text (between a `>` and the next `<`, not starting a new line).
    static func textSpans(_ bytes: [UInt8]) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: ">"), bytes[index + 1] != UInt8(ascii: "<"), bytes[index + 1] != UInt8(ascii: "\n") {
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "<") { end += 1 }
                spans.append(index + 1..<end)
                index = end
            } else {
                index += 1
            }
        }
        return spans
    }

    /// Replaces the text of one to three elements with junk.
    static func junkValues(_ source: [UInt8], spans: [Range<Int>], using generator: inout SplitMix64) -> [UInt8] {
        guard !spans.isEmpty else { return source }
        var bytes = source
        let chosen = Set((0..<Int.random(in: 1...3, using: &generator)).map { _ in Int.random(in: 0..<spans.count, using: &generator) })
        // From the end, so earlier ranges stay where they were.
        for index in chosen.sorted(by: >) {
            bytes.replaceSubrange(spans[index], with: Array(junk[Int.random(in: 0..<junk.count, using: &generator)].utf8))
        }
        return bytes
    }

    // MARK: Promises

    /// Reads `bytes` and checks what comes back; a thrown error is `LogbookReadError` by type.
    static func check(_ bytes: [UInt8]) {
        let result: LogbookReadResult
        do {
            result = try UDDFReader.read(bytes)
        } catch {
            if (error.errorDescription ?? "").isEmpty { Issue.record("\(error) has no description") }
            return
        }
        let broken = violations(result)
        if !broken.isEmpty { Issue.record("broken promises: \(broken)") }
    }

    /// The promises `result` breaks (one `#expect` per read would make the suite slow).
    static func violations(_ result: LogbookReadResult) -> [String] {
        var broken: [String] = []
        func require(_ condition: Bool, _ promise: String) {
            if !condition { broken.append(promise) }
        }
        for dive in result.logbook.dives {
            require(dive.maxDepthMeters.isFinite && dive.maxDepthMeters <= 1000, "max depth in metres")
            require(dive.durationSeconds >= 0, "duration not negative")
            require(dive.samples.allSatisfy { $0.depthMeters <= 1000 && $0.timeSeconds >= 0 }, "samples in m and s")
            require(
                dive.samples.allSatisfy { ($0.temperatureCelsius ?? 0) >= -123.15 && ($0.tankPressureBar ?? 1) > 0 },
                "sample temperatures and pressures"
            )
            require(
                [dive.airTemperatureCelsius, dive.waterTemperatureCelsius].allSatisfy { ($0 ?? 0) >= -123.15 },
                "temperatures above 150 K"
            )
            require(
                dive.cylinders.allSatisfy { cylinder in
                    (0...100).contains(cylinder.oxygenPercent) && (0...100).contains(cylinder.heliumPercent)
                        && (cylinder.sizeLiters ?? 1) > 0 && (cylinder.sizeLiters ?? 1) <= 1000
                        && (cylinder.startPressureBar ?? 1) > 0
                },
                "cylinders in percent, litres and bar"
            )
            require((1...5).contains(dive.rating ?? 1), "rating 1–5")
            require(dive.weights.allSatisfy { $0.kilograms > 0 }, "weights positive")
        }
        require(result.issues.allSatisfy { !$0.record.isEmpty && !$0.message.isEmpty }, "issues name their record")
        return broken
    }
}
