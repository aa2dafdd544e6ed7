import Foundation
import TestSupport
import Testing
import UmiLogSynthetic

@testable import UmiLogPipeline

@Suite("JSON line parser")
struct JSONLineParserTests {
    private func parse(_ text: String) -> Result<JSONLineObject, JSONLineError> {
        do throws(JSONLineError) {
            return .success(try JSONLineParser.parseObject(Array(text.utf8)))
        } catch {
            return .failure(error)
        }
    }

    @Test("reads scalars, string arrays and keeps nested values as raw JSON")
    func values() throws {
        let object = try parse(
            #"{"s":"a\"b\\c\/d\n\u00e9\ud83d\udc20","n":-12.5e-1,"z":0,"t":true,"f":false,"x":null,"tags":["a","b"],"mixed":[1,"a"],"o":{"k":[1,{"a":null}]}}"#
        ).get()
        #expect(object["s"] == .string("a\"b\\c/d\né🐠"))
        #expect(object["n"] == .number(-1.25, text: "-12.5e-1"))
        #expect(object["z"] == .number(0, text: "0"))
        #expect(object["t"] == .bool(true))
        #expect(object["f"] == .bool(false))
        #expect(object["x"] == .null)
        #expect(object["tags"] == .strings(["a", "b"]))
        #expect(object["mixed"] == .raw(#"[1,"a"]"#))
        #expect(object["o"] == .raw(#"{"k":[1,{"a":null}]}"#))
        #expect(object["missing"] == nil)
    }

    @Test("the last of repeated keys wins; whitespace around tokens is allowed")
    func repeatedKeysAndWhitespace() throws {
        let object = try parse(" \t{ \"a\" : 1 ,\r\n \"a\" : [ ] } ").get()
        #expect(object["a"] == .strings([]))
        #expect(try parse("{}").get().members.isEmpty)
    }

    @Test("a lone surrogate escape becomes U+FFFD; invalid UTF-8 is replaced, not fatal")
    func repairs() throws {
        #expect(try parse(#"{"a":"x\ud800y"}"#).get()["a"] == .string("x\u{FFFD}y"))
        var bytes = Array(#"{"a":"xy"}"#.utf8)
        bytes.insert(0xFF, at: 7)
        let object = try JSONLineParser.parseObject(bytes)
        #expect(object["a"] == .string("x\u{FFFD}y"))
    }

    @Test(
        "rejects what RFC 8259 rejects",
        arguments: [
            "", "[]", "[1,2]", "\"a\"", "1", "{", "{\"a\"}", "{\"a\":}", "{\"a\":1,}", "{,}", "{\"a\":1}}", "{\"a\":01}",
            "{\"a\":1.}", "{\"a\":.5}", "{\"a\":-}", "{\"a\":1e}", "{\"a\":tru}", "{\"a\":nul}", "{\"a\":\"x}", "{\"a\":\"\\x\"}",
            "{\"a\":\"\\u12\"}", "{\"a\":\"tab\there\"}", "{a:1}", "{'a':1}", "{\"a\":[1,]}", "{\"a\":{\"b\":1,}}", "{\"a\":NaN}",
            "{\"a\":Infinity}", "{\"a\":1} x",
        ])
    func rejects(_ text: String) {
        #expect(throws: JSONLineError.self) { try JSONLineParser.parseObject(Array(text.utf8)) }
    }

    @Test("nesting deeper than the limit is an error, not a stack overflow")
    func depthLimit() {
        let deep = "{\"a\":" + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}"
        #expect(throws: JSONLineError.self) { try JSONLineParser.parseObject(Array(deep.utf8)) }
        let fine = "{\"a\":" + String(repeating: "[", count: 60) + String(repeating: "]", count: 60) + "}"
        #expect(throws: Never.self) { try JSONLineParser.parseObject(Array(fine.utf8)) }
    }

    @Test("agrees with JSONSerialization on the generator's lines")
    func agreesWithFoundation() throws {
        let records = SyntheticSiteRecords.generate(count: 2_000, seed: 7)
        for line in records.lines {
            let foundation = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let ours = try? JSONLineParser.parseObject(Array(line.utf8))
            #expect((foundation != nil) == (ours != nil), "\(line)")
            guard let foundation, let ours else { continue }
            #expect(Set(foundation.keys) == Set(ours.members.map(\.key)))
            for (key, value) in foundation {
                switch (value, ours[key]) {
                case (let text as String, .string(let parsed)?): #expect(text == parsed)
                // Foundation on Linux rounds some long decimals in the last bit; ours round-trips exactly (below).
                case (let number as NSNumber, .number(let parsed, _)?): #expect(abs(number.doubleValue - parsed) <= 1e-13 * max(1, abs(parsed)))
                case (let list as [String], .strings(let parsed)?): #expect(list == parsed)
                case (_, .raw?), (_, .bool?), (_, .null?): break
                default: Issue.record("\(key) differs in \(line)")
                }
            }
        }
    }

    @Test("numbers round-trip exactly: the parsed value is the one whose text was written")
    func exactNumbers() throws {
        var random = SplitMix64(seed: 5)
        for _ in 0..<5_000 {
            let value = Double.random(in: -180...180, using: &random) * (Bool.random(using: &random) ? 1 : 1e-7)
            let object = try JSONLineParser.parseObject(Array("{\"v\":\(value)}".utf8))
            #expect(object["v"] == .number(value, text: "\(value)"))
        }
    }

    @Test("random bytes and mutated lines never crash: each gives an object or an error", arguments: [1, 2, 3])
    func fuzz(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let records = SyntheticSiteRecords.generate(count: 300, seed: seed)
        let alphabet = Array(#"{}[]":,\0123456789.-+eEtrufalsn ux"#.utf8) + [0x00, 0x0A, 0x7F, 0xC3, 0xE2, 0xFF]
        for round in 0..<3_000 {
            var bytes: [UInt8]
            if round % 3 == 0 {
                bytes = random.bytes(Int.random(in: 0...64, using: &random))
            } else {
                bytes = Array(records.lines[Int.random(in: 0..<records.lines.count, using: &random)].utf8)
                for _ in 0..<Int.random(in: 1...4, using: &random) where !bytes.isEmpty {
                    let index = Int.random(in: 0..<bytes.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: bytes[index] = alphabet.randomElement(using: &random) ?? 0
                    case 1: bytes.remove(at: index)
                    default: bytes.insert(alphabet.randomElement(using: &random) ?? 0, at: index)
                    }
                }
                if round % 7 == 0 { bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random))) }
            }
            // The parser gives an object or an error that says where it stopped; the record reader
            // sees the same bytes and accepts only what the parser reads. Neither may trap.
            var parsed = false
            do {
                _ = try JSONLineParser.parseObject(bytes)
                parsed = true
            } catch {
                #expect(!error.message.isEmpty && (0...bytes.count).contains(error.offset), "round \(round): \(error)")
            }
            var reader = RecordReader()
            let result = bytes.withUnsafeBufferPointer { reader.read($0, line: round + 1) }
            if case .success = result { #expect(parsed, "round \(round): a record from a line the parser refuses") }
        }
    }
}
