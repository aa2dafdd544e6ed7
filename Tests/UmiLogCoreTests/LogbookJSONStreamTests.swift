import Foundation
import TestSupport
import Testing
import XMLKit

@testable import UmiLogCore

/// UmiLog JSON read dive by dive (`LogbookJSONStream`) gives what decoding the whole document
/// gives, and never crashes on damaged files.
@Suite("LogbookJSONStream: dive by dive, the same log as the whole document")
struct LogbookJSONStreamTests {
    @Test("random logbooks read back the same, streamed or decoded whole", arguments: [UInt64(41), 42, 43])
    func sameAsWholeDocument(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        for _ in 0..<30 {
            let logbook = UDDFRandomLogbook.logbook(using: &generator)
            let bytes = Array(try LogbookJSON.write(logbook).utf8)
            #expect(try LogbookJSON.read(bytes).logbook == LogbookJSON.document(bytes).logbook)
            #expect(try LogbookJSON.read(bytes).logbook == logbook)
        }
    }

    @Test("keys in any order, unknown keys skipped, strings with quotes and brackets, compact or pretty")
    func layout() throws {
        let dive =
            #"{"start":"2020-01-02T03:04:05","durationSeconds":600,"maxDepthMeters":12,"notes":"a \"]}\\[{\" b","tags":[],"cylinders":[],"weights":[],"mode":"OC","samples":[],"sightings":[]}"#
        let text =
            #"{ "extra" : {"a":[1,{"b":"}"}]}, "dives" : [ \#(dive) , \#(dive) ], "sites":[{"key":"k","name":"N"}],"version":1, "format":"umilog-logbook" }"#
        let result = try LogbookJSON.read(Array(("\u{FEFF}" + text).utf8))
        #expect(result.logbook.dives.count == 2)
        #expect(result.logbook.dives.first?.notes == "a \"]}\\[{\" b")
        #expect(result.logbook.sites.map(\.name) == ["N"])
    }

    @Test("a damaged file is refused with a reason, at any byte; never a crash", arguments: [UInt64(51), 52])
    func damaged(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let bytes = Array(try LogbookJSON.write(ForeignLog.logbook).utf8)
        for _ in 0..<1_500 {
            var copy = bytes
            let index = Int(generator.next() % UInt64(copy.count))
            switch generator.next() % 3 {
            case 0: copy[index] = UInt8(truncatingIfNeeded: generator.next())
            case 1: copy = Array(copy.prefix(index))
            default: copy.insert(UInt8(ascii: ["{", "}", "[", "]", "\"", ",", "\\"][Int(generator.next() % 7)]), at: index)
            }
            do {
                let result = try LogbookJSON.read(copy)
                #expect(!result.logbook.dives.isEmpty)
            } catch {
                #expect(error.errorDescription?.isEmpty == false)
            }
        }
    }

    @Test("a value longer than its limit is refused while being read")
    func valueLimit() {
        var scanner = JSONValueScanner(
            source: XMLMemorySourceBox.source(Array("[\"\(String(repeating: "x", count: 100_000))\"]".utf8)), maximumBytes: 1 << 30)
        #expect(throws: JSONValueScanner.Failure.tooLarge(limit: 50_000)) {
            try scanner.forEachElement { scanner in _ = try scanner.value(limit: 50_000) }
        }
    }
}

/// An in-memory byte source for scanner tests.
enum XMLMemorySourceBox {
    static func source(_ bytes: [UInt8]) -> any XMLByteSource { XMLMemorySource(bytes) }
}
