import DAGCBOR
import Foundation
import TestSupport
import Testing

@Suite("DAGCBORMap and DAGCBORValue")
struct DAGCBORMapTests {
    @Test("keys are ordered by UTF-8 length, then bytes")
    func canonicalOrder() throws {
        let map = try DAGCBORMap([("bb", 1), ("a", 2), ("c", 3), ("aaa", 4), ("\u{e9}", 5)])
        #expect(map.keys == ["a", "c", "bb", "\u{e9}", "aaa"])
        #expect(map.count == 5)
    }

    @Test("NFC and NFD spellings of é are two keys, looked up byte-exactly")
    func normalisationFormsAreDistinct() throws {
        let map = try DAGCBORMap([("e\u{301}", 2), ("\u{e9}", 1)])
        #expect(map.count == 2)
        #expect(map["\u{e9}"] == 1)
        #expect(map["e\u{301}"] == 2)
        #expect(map["E"] == nil)
    }

    @Test("a duplicate key (same bytes) is rejected")
    func duplicateRejected() {
        #expect(throws: DAGCBORError.duplicateMapKey("k", offset: nil)) { try DAGCBORMap([("k", 1), ("x", 2), ("k", 3)]) }
    }

    @Test("setting through the subscript inserts in order, replaces and removes")
    func subscriptMutation() throws {
        var map = DAGCBORMap()
        map["b"] = 1
        map["aa"] = 2
        map["a"] = 3
        #expect(map.keys == ["a", "b", "aa"])
        map["b"] = "two"
        #expect(map["b"] == "two")
        map["a"] = nil
        #expect(map.keys == ["b", "aa"])
        #expect(try DAGCBORValue.map(map).encoded().hex == "a261626374776f62616102")
    }

    @Test("value equality follows the encoding: text by bytes, floats by bit pattern")
    func equalityFollowsEncoding() {
        #expect(DAGCBORValue.text("\u{e9}") != .text("e\u{301}"))
        #expect(DAGCBORValue.float(0.0) != .float(-0.0))
        #expect(DAGCBORValue.float(1.0) != .integer(1))
        #expect(Set<DAGCBORValue>([.text("\u{e9}"), .text("e\u{301}")]).count == 2)
        #expect(DAGCBORValue.integer(-1) == .negative(0))
        #expect(DAGCBORValue.integer(Int64.min) == .negative(UInt64(Int64.max)))
    }

    @Test("accessors return the payload only for the matching case")
    func accessors() throws {
        let cid = CID(codec: .raw, hashing: Data())
        let value: DAGCBORValue = .map(
            DAGCBORMap([
                "i": -5, "u": .unsigned(.max), "f": 2.5, "t": "x", "b": .bytes(Data([1])), "l": .link(cid), "n": .null, "a": [true],
            ]))
        #expect(value["i"]?.intValue == -5)
        #expect(value["u"]?.intValue == nil)
        #expect(value["u"]?.uint64Value == .max)
        #expect(value["f"]?.doubleValue == 2.5)
        #expect(value["f"]?.intValue == nil)
        #expect(value["t"]?.textValue == "x")
        #expect(value["b"]?.bytesValue == Data([1]))
        #expect(value["l"]?.linkValue == cid)
        #expect(value["n"]?.isNull == true)
        #expect(value["a"]?.arrayValue == [true])
        #expect(DAGCBORValue.negative(.max).intValue == nil)
        #expect(value.mapValue?.count == 8)
    }
}
