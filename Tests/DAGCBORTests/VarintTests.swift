import DAGCBOR
import Foundation
import Testing

@Suite("Varint (unsigned LEB128, multiformats)")
struct VarintTests {
    static let vectors: [(UInt64, [UInt8])] = [
        (0, [0x00]), (1, [0x01]), (127, [0x7f]), (128, [0x80, 0x01]), (255, [0xff, 0x01]), (300, [0xac, 0x02]),
        (16384, [0x80, 0x80, 0x01]), (0x71, [0x71]), (0xed, [0xed, 0x01]),
        (UInt64(Int64.max), [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f]),
    ]

    @Test("values encode minimally and decode back", arguments: vectors)
    func roundTrip(value: UInt64, bytes: [UInt8]) throws {
        #expect(Varint.encode(value) == bytes)
        var offset = 0
        #expect(try Varint.decode(from: bytes, at: &offset) == value)
        #expect(offset == bytes.count)
    }

    @Test("decoding starts at the offset and advances past the varint")
    func decodesAtOffset() throws {
        let bytes: [UInt8] = [0xaa, 0xac, 0x02, 0x05]
        var offset = 1
        #expect(try Varint.decode(from: bytes, at: &offset) == 300)
        #expect(offset == 3)
        #expect(try Varint.decode(from: bytes, at: &offset) == 5)
        #expect(offset == 4)
    }

    @Test("truncated, non-minimal and over-long varints are rejected and the offset is unchanged")
    func malformedRejected() {
        let cases: [([UInt8], VarintError)] = [
            ([], .truncated(offset: 0)),
            ([0x80], .truncated(offset: 0)),
            ([0x80, 0x00], .nonMinimal(offset: 0)),
            ([0xff, 0x80, 0x00], .nonMinimal(offset: 0)),
            (Array(repeating: 0xff, count: 9) + [0x01], .tooLong(offset: 0)),
            (Array(repeating: 0x80, count: 12), .tooLong(offset: 0)),
        ]
        for (bytes, expected) in cases {
            var offset = 0
            #expect(throws: expected) { try Varint.decode(from: bytes, at: &offset) }
            #expect(offset == 0)
        }
    }
}
