import DAGCBOR
import Foundation
import TestSupport
import Testing

/// Sections 1.2–1.5 of `Tests/Fixtures/vectors/formats-and-algorithms.json`.
@Suite("DAG-CBOR vectors")
struct CBORVectorTests {
    // MARK: 1.2 Map key ordering

    struct OrderingVector: Sendable, CustomTestStringConvertible {
        let entries: [(String, Int)]
        let hex: String
        let keyOrder: [String]
        var testDescription: String { hex }
    }

    static let orderingVectors: [OrderingVector] = [
        OrderingVector(entries: [("b", 1), ("aa", 2), ("a", 3)], hex: "a361610361620162616102", keyOrder: ["a", "b", "aa"]),
        OrderingVector(
            entries: [("aa", 1), ("b", 2), ("a", 0), ("ba", 3), ("\u{e9}", 4), ("z", 5), ("😀", 6), ("A", 7)],
            hex: "a8614107616100616202617a05626161016262610362c3a90464f09f988006",
            keyOrder: ["A", "a", "b", "z", "aa", "ba", "\u{e9}", "😀"]),
        OrderingVector(
            entries: [("\u{e9}", 1), ("e\u{301}", 2)], hex: "a262c3a9016365cc8102",
            keyOrder: ["\u{e9}", "e\u{301}"]),
    ]

    @Test("map keys encode length-first, then bytewise", arguments: orderingVectors)
    func mapKeyOrderEncodes(vector: OrderingVector) throws {
        let map = try DAGCBORMap(vector.entries.map { ($0.0, DAGCBORValue.integer($0.1)) })
        #expect(try DAGCBORValue.map(map).encoded().hex == vector.hex)
    }

    @Test("decoded map keys come back in canonical order, compared by UTF-8 bytes", arguments: orderingVectors)
    func mapKeyOrderDecodes(vector: OrderingVector) throws {
        let map = try #require(try DAGCBORValue.decode(Data(hex: vector.hex)).mapValue)
        #expect(map.keys.map { Array($0.utf8) } == vector.keyOrder.map { Array($0.utf8) })
        for (key, value) in vector.entries {
            #expect(map[key] == .integer(value))
        }
    }

    @Test(
        "the RFC 8949 mixed-key maps are rejected: DAG-CBOR keys must be text",
        arguments: ["a80a001864012002617a036261610481186405812006f407", "a80a002002f407186401617a038120066261610481186405"])
    func mixedKeyMapsRejected(hex: String) {
        #expect(throws: DAGCBORError.nonTextMapKey(offset: 1)) { try DAGCBORValue.decode(Data(hex: hex)) }
    }

    @Test("a String-keyed dictionary encodes through Codable in canonical key order")
    func dictionaryKeysSortedByCodable() throws {
        let encoded = try DAGCBOREncoder().encode(["b": 1, "aa": 2, "a": 3])
        #expect(encoded.hex == "a361610361620162616102")
        let decoded = try DAGCBORDecoder().decode([String: Int].self, from: encoded)
        #expect(decoded == ["b": 1, "aa": 2, "a": 3])
    }

    // MARK: 1.3 Floats

    struct FloatVector: Sendable, CustomTestStringConvertible {
        let value: Double
        let shortHex: String
        let dagHex: String
        var testDescription: String { "\(value)" }
    }

    static let floatVectors: [FloatVector] = [
        FloatVector(value: 0.0, shortHex: "f90000", dagHex: "fb0000000000000000"),
        FloatVector(value: -0.0, shortHex: "f98000", dagHex: "fb8000000000000000"),
        FloatVector(value: 1.0, shortHex: "f93c00", dagHex: "fb3ff0000000000000"),
        FloatVector(value: 1.1, shortHex: "fb3ff199999999999a", dagHex: "fb3ff199999999999a"),
        FloatVector(value: 1.5, shortHex: "f93e00", dagHex: "fb3ff8000000000000"),
        FloatVector(value: 65504.0, shortHex: "f97bff", dagHex: "fb40effc0000000000"),
        FloatVector(value: 100000.0, shortHex: "fa47c35000", dagHex: "fb40f86a0000000000"),
        FloatVector(value: 3.4028234663852886e+38, shortHex: "fa7f7fffff", dagHex: "fb47efffffe0000000"),
        FloatVector(value: 1.0e+300, shortHex: "fb7e37e43c8800759c", dagHex: "fb7e37e43c8800759c"),
        FloatVector(value: 5.960464477539063e-8, shortHex: "f90001", dagHex: "fb3e70000000000000"),
        FloatVector(value: 0.00006103515625, shortHex: "f90400", dagHex: "fb3f10000000000000"),
        FloatVector(value: -4.0, shortHex: "f9c400", dagHex: "fbc010000000000000"),
        FloatVector(value: -4.1, shortHex: "fbc010666666666666", dagHex: "fbc010666666666666"),
        FloatVector(value: 1000000.5, shortHex: "fa49742408", dagHex: "fb412e848100000000"),
    ]

    @Test("floats always encode as binary64, via DAGCBORValue and Codable", arguments: floatVectors)
    func floatEncodesAsBinary64(vector: FloatVector) throws {
        #expect(try DAGCBORValue.float(vector.value).encoded().hex == vector.dagHex)
        #expect(try DAGCBOREncoder().encode(vector.value).hex == vector.dagHex)
    }

    @Test("binary64 floats decode to the same bit pattern", arguments: floatVectors)
    func floatDecodesExactly(vector: FloatVector) throws {
        let value = try DAGCBORValue.decode(Data(hex: vector.dagHex))
        #expect(value.doubleValue?.bitPattern == vector.value.bitPattern)
        let viaCodable = try DAGCBORDecoder().decode(Double.self, from: Data(hex: vector.dagHex))
        #expect(viaCodable.bitPattern == vector.value.bitPattern)
    }

    @Test("shorter float encodings are rejected", arguments: floatVectors.filter { $0.shortHex != $0.dagHex })
    func shortFloatRejected(vector: FloatVector) {
        #expect(throws: DAGCBORError.nonFloat64(offset: 0)) { try DAGCBORValue.decode(Data(hex: vector.shortHex)) }
    }

    @Test("integer 1 and float 1.0 stay distinct values with distinct bytes")
    func integerAndFloatStayDistinct() throws {
        #expect(try DAGCBOREncoder().encode(1).hex == "01")
        #expect(try DAGCBOREncoder().encode(1.0).hex == "fb3ff0000000000000")
        #expect(try DAGCBORValue.decode(Data(hex: "01")) != DAGCBORValue.decode(Data(hex: "fb3ff0000000000000")))
    }

    // MARK: 1.4 RFC 8949 Appendix A, DAG-CBOR = yes

    struct AcceptedVector: Sendable, CustomTestStringConvertible {
        let hex: String
        let value: DAGCBORValue
        var testDescription: String { hex }
    }

    static let acceptedVectors: [AcceptedVector] = [
        AcceptedVector(hex: "00", value: 0),
        AcceptedVector(hex: "01", value: 1),
        AcceptedVector(hex: "0a", value: 10),
        AcceptedVector(hex: "17", value: 23),
        AcceptedVector(hex: "1818", value: 24),
        AcceptedVector(hex: "1819", value: 25),
        AcceptedVector(hex: "1864", value: 100),
        AcceptedVector(hex: "1903e8", value: 1000),
        AcceptedVector(hex: "1a000f4240", value: 1_000_000),
        AcceptedVector(hex: "1b000000e8d4a51000", value: 1_000_000_000_000),
        AcceptedVector(hex: "1bffffffffffffffff", value: .unsigned(.max)),
        AcceptedVector(hex: "3bffffffffffffffff", value: .negative(.max)),
        AcceptedVector(hex: "20", value: -1),
        AcceptedVector(hex: "29", value: -10),
        AcceptedVector(hex: "3863", value: -100),
        AcceptedVector(hex: "3903e7", value: -1000),
        AcceptedVector(hex: "fb3ff199999999999a", value: 1.1),
        AcceptedVector(hex: "fb7e37e43c8800759c", value: 1.0e300),
        AcceptedVector(hex: "fbc010666666666666", value: -4.1),
        AcceptedVector(hex: "f4", value: false),
        AcceptedVector(hex: "f5", value: true),
        AcceptedVector(hex: "f6", value: .null),
        AcceptedVector(hex: "40", value: .bytes(Data())),
        AcceptedVector(hex: "4401020304", value: .bytes(Data([1, 2, 3, 4]))),
        AcceptedVector(hex: "60", value: ""),
        AcceptedVector(hex: "6161", value: "a"),
        AcceptedVector(hex: "6449455446", value: "IETF"),
        AcceptedVector(hex: "62225c", value: "\"\\"),
        AcceptedVector(hex: "62c3bc", value: "ü"),
        AcceptedVector(hex: "63e6b0b4", value: "水"),
        AcceptedVector(hex: "64f0908591", value: "𐅑"),
        AcceptedVector(hex: "80", value: []),
        AcceptedVector(hex: "83010203", value: [1, 2, 3]),
        AcceptedVector(hex: "8301820203820405", value: [1, [2, 3], [4, 5]]),
        AcceptedVector(
            hex: "98190102030405060708090a0b0c0d0e0f101112131415161718181819",
            value: .array((1...25).map { DAGCBORValue.integer($0) })),
        AcceptedVector(hex: "a0", value: .map(DAGCBORMap())),
        AcceptedVector(hex: "a26161016162820203", value: .map(DAGCBORMap(["a": 1, "b": [2, 3]]))),
        AcceptedVector(hex: "826161a161626163", value: ["a", .map(DAGCBORMap(["b": "c"]))]),
        AcceptedVector(
            hex: "a56161614161626142616361436164614461656145",
            value: .map(DAGCBORMap(["a": "A", "b": "B", "c": "C", "d": "D", "e": "E"]))),
    ]

    @Test(
        "Appendix A DAG-CBOR items decode to the expected value and re-encode to the same bytes",
        arguments: acceptedVectors)
    func acceptedVectorRoundTrips(vector: AcceptedVector) throws {
        let bytes = Data(hex: vector.hex)
        let decoded = try DAGCBORValue.decode(bytes)
        #expect(decoded == vector.value)
        #expect(try decoded.encoded() == bytes)
        #expect(try vector.value.encoded() == bytes)
    }

    // MARK: 1.4 (DAG-CBOR = no) and 1.5 rejections

    struct RejectedVector: Sendable, CustomTestStringConvertible {
        let hex: String
        let error: DAGCBORError
        var testDescription: String { hex }
    }

    static let appendixRejections: [RejectedVector] = [
        RejectedVector(hex: "c249010000000000000000", error: .unsupportedTag(2, offset: 0)),
        RejectedVector(hex: "c349010000000000000000", error: .unsupportedTag(3, offset: 0)),
        RejectedVector(hex: "f90000", error: .nonFloat64(offset: 0)),
        RejectedVector(hex: "f98000", error: .nonFloat64(offset: 0)),
        RejectedVector(hex: "f93c00", error: .nonFloat64(offset: 0)),
        RejectedVector(hex: "f93e00", error: .nonFloat64(offset: 0)),
        RejectedVector(hex: "f97bff", error: .nonFloat64(offset: 0)),
        RejectedVector(hex: "fa47c35000", error: .nonFloat64(offset: 0)),
        RejectedVector(hex: "fa7f7fffff", error: .nonFloat64(offset: 0)),
        RejectedVector(hex: "f90001", error: .nonFloat64(offset: 0)),
        RejectedVector(hex: "f90400", error: .nonFloat64(offset: 0)),
        RejectedVector(hex: "f9c400", error: .nonFloat64(offset: 0)),
        RejectedVector(hex: "f97c00", error: .nonFloat64(offset: 0)),
        RejectedVector(hex: "f97e00", error: .nonFloat64(offset: 0)),
        RejectedVector(hex: "f9fc00", error: .nonFloat64(offset: 0)),
        RejectedVector(hex: "fa7f800000", error: .nonFloat64(offset: 0)),
        RejectedVector(hex: "fa7fc00000", error: .nonFloat64(offset: 0)),
        RejectedVector(hex: "faff800000", error: .nonFloat64(offset: 0)),
        RejectedVector(hex: "fb7ff0000000000000", error: .nonFiniteFloat(offset: 0)),
        RejectedVector(hex: "fb7ff8000000000000", error: .nonFiniteFloat(offset: 0)),
        RejectedVector(hex: "fbfff0000000000000", error: .nonFiniteFloat(offset: 0)),
        RejectedVector(hex: "f7", error: .unsupportedSimpleValue(23, offset: 0)),
        RejectedVector(hex: "f0", error: .unsupportedSimpleValue(16, offset: 0)),
        RejectedVector(hex: "f8ff", error: .unsupportedSimpleValue(255, offset: 0)),
        RejectedVector(hex: "c074323031332d30332d32315432303a30343a30305a", error: .unsupportedTag(0, offset: 0)),
        RejectedVector(hex: "c11a514b67b0", error: .unsupportedTag(1, offset: 0)),
        RejectedVector(hex: "c1fb41d452d9ec200000", error: .unsupportedTag(1, offset: 0)),
        RejectedVector(hex: "d74401020304", error: .unsupportedTag(23, offset: 0)),
        RejectedVector(hex: "d818456449455446", error: .unsupportedTag(24, offset: 0)),
        RejectedVector(hex: "d82076687474703a2f2f7777772e6578616d706c652e636f6d", error: .unsupportedTag(32, offset: 0)),
        RejectedVector(hex: "a201020304", error: .nonTextMapKey(offset: 1)),
        RejectedVector(hex: "5f42010243030405ff", error: .indefiniteLength(offset: 0)),
        RejectedVector(hex: "7f657374726561646d696e67ff", error: .indefiniteLength(offset: 0)),
        RejectedVector(hex: "9fff", error: .indefiniteLength(offset: 0)),
        RejectedVector(hex: "9f018202039f0405ffff", error: .indefiniteLength(offset: 0)),
        RejectedVector(hex: "9f01820203820405ff", error: .indefiniteLength(offset: 0)),
        RejectedVector(hex: "83018202039f0405ff", error: .indefiniteLength(offset: 5)),
        RejectedVector(hex: "83019f0203ff820405", error: .indefiniteLength(offset: 2)),
        RejectedVector(hex: "9f0102030405060708090a0b0c0d0e0f101112131415161718181819ff", error: .indefiniteLength(offset: 0)),
        RejectedVector(hex: "bf61610161629f0203ffff", error: .indefiniteLength(offset: 0)),
        RejectedVector(hex: "826161bf61626163ff", error: .indefiniteLength(offset: 3)),
        RejectedVector(hex: "bf6346756ef563416d7421ff", error: .indefiniteLength(offset: 0)),
    ]

    static let strictRejections: [RejectedVector] = [
        RejectedVector(hex: "1801", error: .nonCanonicalInteger(offset: 0)),
        RejectedVector(hex: "a262616101616202", error: .mapKeysOutOfOrder(offset: 5)),
        RejectedVector(hex: "9f01ff", error: .indefiniteLength(offset: 0)),
        RejectedVector(hex: "f93e00", error: .nonFloat64(offset: 0)),
        RejectedVector(hex: "fa3fc00000", error: .nonFloat64(offset: 0)),
        RejectedVector(hex: "fb7ff8000000000000", error: .nonFiniteFloat(offset: 0)),
        RejectedVector(hex: "f97c00", error: .nonFloat64(offset: 0)),
        RejectedVector(hex: "f7", error: .unsupportedSimpleValue(23, offset: 0)),
        RejectedVector(hex: "c11a514b67b0", error: .unsupportedTag(1, offset: 0)),
        RejectedVector(hex: "a10102", error: .nonTextMapKey(offset: 1)),
        RejectedVector(hex: "0000", error: .trailingBytes(offset: 1)),
        RejectedVector(hex: "a2616101616102", error: .duplicateMapKey("a", offset: 4)),
        RejectedVector(
            hex: "d9002a58250001711220785197229dc8bb1152945da58e2348f7e279eeded06cc2ca736d0e879858b501",
            error: .nonCanonicalInteger(offset: 0)),
        RejectedVector(
            hex: "d82a582401711220785197229dc8bb1152945da58e2348f7e279eeded06cc2ca736d0e879858b501",
            error: .invalidCIDLink(offset: 0)),
    ]

    @Test("Appendix A items that are not DAG-CBOR are rejected with a specific error", arguments: appendixRejections)
    func appendixItemRejected(vector: RejectedVector) {
        #expect(throws: vector.error) { try DAGCBORValue.decode(Data(hex: vector.hex)) }
    }

    @Test(
        "strict-decode rejection vectors fail in DAGCBORValue.decode and in DAGCBORDecoder",
        arguments: strictRejections)
    func strictRejection(vector: RejectedVector) {
        #expect(throws: vector.error) { try DAGCBORValue.decode(Data(hex: vector.hex)) }
        #expect(throws: vector.error) { try DAGCBORDecoder().decode(DAGCBORValue.self, from: Data(hex: vector.hex)) }
    }

    @Test("every rejection error has a message a person can read")
    func rejectionMessagesAreReadable() {
        for vector in Self.strictRejections + Self.appendixRejections {
            let message = vector.error.errorDescription ?? ""
            #expect(message.count > 20, "\(vector.hex)")
        }
    }
}
