import DAGCBOR
import Foundation
import TestSupport
import Testing

@Suite("CID")
struct CIDTests {
    static let c2String = "bafyreidykglsfhoixmivffc5uwhcgshx4j465xwqntbmu43nb2dzqwfvae"
    static let c2Binary = "01711220785197229dc8bb1152945da58e2348f7e279eeded06cc2ca736d0e879858b501"
    static let c2Digest = "785197229dc8bb1152945da58e2348f7e279eeded06cc2ca736d0e879858b501"

    @Test("string and binary forms round-trip")
    func stringBytesRoundTrip() throws {
        let cid = try CID(string: Self.c2String)
        #expect(cid.bytes.hex == Self.c2Binary)
        #expect(try CID(bytes: cid.bytes) == cid)
        #expect(try CID(string: cid.string) == cid)
        #expect(cid.digest.hex == Self.c2Digest)
        #expect(cid.digest.startIndex == 0)
        #expect(cid.codec == .dagCBOR)
    }

    @Test("raw CIDs use codec 0x55 and the bafkrei prefix")
    func rawCodec() throws {
        let cid = CID(codec: .raw, hashing: Data("hello".utf8))
        #expect(cid.string == "bafkreibm6jg3ux5qumhcn2b3flc3tyu6dmlb4xa7u5bf44yegnrjhc4yeq")
        #expect(cid.bytes.hex == "015512202cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824")
        #expect(cid.codec == .raw)
        #expect(try CID(string: cid.string) == cid)
    }

    @Test("the base58btc (z) form parses to the same CID")
    func base58Form() throws {
        let cid = try CID(string: "zdpuAtX7ZibcWdSKQwiDCkPjWwRvtcKCPku9H7LhgA4qJW4Wk")
        #expect(cid.string == Self.c2String)
        #expect(try CID(string: "z" + Base58.encode(cid.bytes)) == cid)
    }

    @Test("matches recomputes the hash of the content")
    func matchesContent() {
        let content = Data(hex: "a16568656c6c6f65776f726c64")
        let cid = CID(codec: .dagCBOR, hashing: content)
        #expect(cid.matches(content))
        var tampered = content
        tampered[3] ^= 1
        #expect(!cid.matches(tampered))
        #expect(!cid.matches(Data()))
    }

    @Test("CIDs order by their binary form")
    func ordering() {
        let a = CID(codec: .raw, hashing: Data("a".utf8))
        let b = CID(codec: .dagCBOR, hashing: Data("a".utf8))
        #expect(a < b)  // 01 55 … sorts before 01 71 …
        #expect([b, a].sorted() == [a, b])
    }

    struct BadString: Sendable, CustomTestStringConvertible {
        let text: String
        let error: CIDError
        var testDescription: String { text.isEmpty ? "(empty)" : text }
    }

    static let badStrings: [BadString] = [
        BadString(text: "", error: .unsupportedMultibasePrefix("")),
        BadString(text: "B" + c2String.dropFirst().uppercased(), error: .unsupportedMultibasePrefix("B")),
        BadString(text: "QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG", error: .unsupportedMultibasePrefix("Q")),
        BadString(text: "f01711220", error: .unsupportedMultibasePrefix("f")),
        BadString(text: "bafy!", error: .invalidBase32(.invalidCharacter("!", position: 3))),
        BadString(text: "bafyREI", error: .invalidBase32(.invalidCharacter("R", position: 3))),
        BadString(text: "b" + c2String.dropFirst().dropLast(), error: .invalidBase32(.invalidLength(57))),
        BadString(text: "z0abc", error: .invalidBase58(.invalidCharacter("0", position: 0))),
        BadString(text: "b", error: .truncated),
        BadString(text: "bafyreia", error: .truncated),
        BadString(text: "bafyrei", error: .invalidBase32(.invalidLength(6))),
    ]

    @Test("malformed strings are rejected with a specific error", arguments: badStrings)
    func badStringRejected(bad: BadString) {
        #expect(throws: bad.error) { try CID(string: bad.text) }
        #expect(bad.error.errorDescription?.isEmpty == false)
    }

    struct BadBinary: Sendable, CustomTestStringConvertible {
        let hex: String
        let error: CIDError
        var testDescription: String { hex }
    }

    static let badBinaries: [BadBinary] = [
        BadBinary(hex: "", error: .truncated),
        BadBinary(hex: "02711220" + c2Digest, error: .unsupportedVersion(2)),
        BadBinary(hex: "1220" + c2Digest, error: .unsupportedVersion(0)),
        BadBinary(hex: "01701220" + c2Digest, error: .unknownCodec(0x70)),
        BadBinary(hex: "01b0011220" + c2Digest, error: .unknownCodec(0xb0)),
        BadBinary(hex: "01711320" + c2Digest, error: .unsupportedHash(0x13)),
        BadBinary(hex: "01711210" + c2Digest, error: .digestLengthMismatch(expected: 32, actual: 16)),
        BadBinary(hex: "01711220" + c2Digest.dropLast(2), error: .truncated),
        BadBinary(hex: "01711220" + c2Digest + "00", error: .trailingBytes(count: 1)),
        BadBinary(hex: "8100711220" + c2Digest, error: .invalidVarint(.nonMinimal(offset: 0))),
    ]

    @Test("malformed binary CIDs are rejected with a specific error", arguments: badBinaries)
    func badBinaryRejected(bad: BadBinary) {
        #expect(throws: bad.error) { try CID(bytes: Data(hex: bad.hex)) }
    }

    struct Post: Codable, Equatable {
        var title: String
        var parent: CID
    }

    @Test("with JSON a CID encodes as its string; with DAG-CBOR as a tag-42 link")
    func codableDependsOnCoder() throws {
        let post = Post(title: "hi", parent: try CID(string: Self.c2String))
        let json = try JSONEncoder().encode(post)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: String])
        #expect(object["parent"] == Self.c2String)
        #expect(try JSONDecoder().decode(Post.self, from: json) == post)

        let cbor = try DAGCBOREncoder().encode(post)
        #expect(cbor.hex.contains("d82a582500" + Self.c2Binary))
        #expect(try DAGCBORDecoder().decode(Post.self, from: cbor) == post)
    }

    @Test("JSON with a malformed CID string fails to decode")
    func jsonBadCIDRejected() {
        let json = Data(#"{"title":"hi","parent":"bafyNOPE"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Post.self, from: json) }
    }
}
