import DAGCBOR
import Foundation
import TestSupport
import Testing

@Suite("Strict decoding beyond the vectors")
struct StrictDecodingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let hex: String
        let error: DAGCBORError
        let why: String
        var testDescription: String { why }
    }

    static let cases: [Case] = [
        Case(hex: "", error: .truncated(offset: 0), why: "empty input"),
        Case(hex: "19", error: .truncated(offset: 0), why: "integer head without its bytes"),
        Case(hex: "1a0001", error: .truncated(offset: 0), why: "4-byte integer cut short"),
        Case(hex: "1900ff", error: .nonCanonicalInteger(offset: 0), why: "255 in two bytes"),
        Case(hex: "1a0000ffff", error: .nonCanonicalInteger(offset: 0), why: "65535 in four bytes"),
        Case(hex: "1b00000000ffffffff", error: .nonCanonicalInteger(offset: 0), why: "2^32-1 in eight bytes"),
        Case(hex: "3817", error: .nonCanonicalInteger(offset: 0), why: "negative not shortest"),
        Case(hex: "5801ff", error: .nonCanonicalInteger(offset: 0), why: "byte string length not shortest"),
        Case(hex: "98020102", error: .nonCanonicalInteger(offset: 0), why: "array length not shortest"),
        Case(hex: "1c", error: .reservedAdditionalInfo(offset: 0), why: "reserved additional info 28"),
        Case(hex: "ff", error: .unexpectedBreak(offset: 0), why: "lone break"),
        Case(hex: "8201ff", error: .unexpectedBreak(offset: 2), why: "break inside a definite array"),
        Case(hex: "5b7fffffffffffffff00", error: .truncated(offset: 0), why: "byte string claiming 2^63 bytes"),
        Case(hex: "7bffffffffffffffff", error: .truncated(offset: 0), why: "text claiming 2^64-1 bytes"),
        Case(hex: "9b000000010000000000", error: .truncated(offset: 0), why: "array claiming 2^32 elements"),
        Case(hex: "9bffffffffffffffff", error: .truncated(offset: 0), why: "array claiming 2^64-1 elements"),
        Case(hex: "bbffffffffffffffff", error: .truncated(offset: 0), why: "map claiming 2^64-1 entries"),
        Case(hex: "a261610161", error: .truncated(offset: 4), why: "map key cut short"),
        Case(hex: "a161610161", error: .trailingBytes(offset: 4), why: "bytes after a complete map"),
        Case(hex: "62c328", error: .invalidUTF8(offset: 0), why: "invalid continuation byte"),
        Case(hex: "62c080", error: .invalidUTF8(offset: 0), why: "overlong NUL"),
        Case(hex: "63eda080", error: .invalidUTF8(offset: 0), why: "UTF-16 surrogate"),
        Case(hex: "64f4900000", error: .invalidUTF8(offset: 0), why: "above U+10FFFF"),
        Case(hex: "61ff", error: .invalidUTF8(offset: 0), why: "0xff byte"),
        Case(hex: "a162c328f6", error: .invalidUTF8(offset: 1), why: "invalid UTF-8 in a key"),
        Case(hex: "a14101f6", error: .nonTextMapKey(offset: 1), why: "byte-string key"),
        Case(hex: "a2616201616101", error: .mapKeysOutOfOrder(offset: 4), why: "b before a"),
        Case(hex: "f818", error: .unsupportedSimpleValue(24, offset: 0), why: "simple(24)"),
        Case(hex: "f8", error: .truncated(offset: 0), why: "simple head cut short"),
        Case(hex: "fb3ff0", error: .truncated(offset: 0), why: "float cut short"),
        Case(hex: "d82a", error: .truncated(offset: 0), why: "tag without content"),
        Case(hex: "d82a01", error: .invalidCIDLink(offset: 0), why: "tag 42 around an integer"),
        Case(hex: "d82a4100", error: .invalidCIDLink(offset: 0), why: "tag 42 around just the 00 prefix"),
        Case(
            hex: "d82a58250001711220785197229dc8bb1152945da58e2348f7e279eeded06cc2ca736d0e879858b5",
            error: .truncated(offset: 0), why: "tag 42 link cut short"),
        Case(
            hex: "d82a58260001711220785197229dc8bb1152945da58e2348f7e279eeded06cc2ca736d0e879858b50100",
            error: .invalidCIDLink(offset: 0), why: "tag 42 link with a trailing byte inside"),
        Case(
            hex: "d82a58250001701220785197229dc8bb1152945da58e2348f7e279eeded06cc2ca736d0e879858b501",
            error: .invalidCIDLink(offset: 0), why: "tag 42 link with the dag-pb codec"),
        Case(hex: "d82b4100", error: .unsupportedTag(43, offset: 0), why: "tag 43"),
    ]

    @Test("malformed input is rejected with a specific error", arguments: cases)
    func rejected(testCase: Case) {
        #expect(throws: testCase.error) { try DAGCBORValue.decode(Data(hex: testCase.hex)) }
    }

    @Test("nesting up to 512 levels decodes; 513 is nestingTooDeep")
    func nestingLimit() throws {
        let limit = DAGCBORValue.maxNestingDepth
        let deepest = Data(repeating: 0x81, count: limit - 1) + Data([0x80])
        let value = try DAGCBORValue.decode(deepest)
        #expect(try value.encoded() == deepest)
        let tooDeep = Data(repeating: 0x81, count: limit) + Data([0x80])
        #expect(throws: DAGCBORError.nestingTooDeep) { try DAGCBORValue.decode(tooDeep) }
        let tooDeepMaps = Data((0..<limit).flatMap { _ in [0xa1, 0x61, 0x61] as [UInt8] }) + Data([0xa0])
        #expect(throws: DAGCBORError.nestingTooDeep) { try DAGCBORValue.decode(tooDeepMaps) }
        // A hostile input of a million nested arrays fails fast, without recursion.
        let hostile = Data(repeating: 0x81, count: 1_000_000)
        #expect(throws: DAGCBORError.nestingTooDeep) { try DAGCBORValue.decode(hostile) }
    }

    @Test("encoding a value nested deeper than the limit fails")
    func encodingNestingLimit() throws {
        var value: DAGCBORValue = []
        for _ in 0..<(DAGCBORValue.maxNestingDepth - 1) { value = [value] }
        _ = try value.encoded()
        value = [value]
        #expect(throws: DAGCBORError.nestingTooDeep) { try value.encoded() }
    }

    @Test("DAGCBORDecoder reports malformed bytes as DAGCBORError before any type is involved")
    func decoderThrowsCBORErrors() {
        #expect(throws: DAGCBORError.trailingBytes(offset: 1)) { try DAGCBORDecoder().decode(Int.self, from: Data(hex: "0000")) }
        #expect(throws: DAGCBORError.mapKeysOutOfOrder(offset: 5)) {
            try DAGCBORDecoder().decode([String: Int].self, from: Data(hex: "a262616101616202"))
        }
    }
}
