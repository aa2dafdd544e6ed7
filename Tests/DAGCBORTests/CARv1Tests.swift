import DAGCBOR
import Foundation
import TestSupport
import Testing

@Suite("CAR v1")
struct CARv1Tests {
    static let helloBlock = Data(hex: "a16568656c6c6f65776f726c64")

    /// Written out from the CARv1 spec: varint(58) ‖ {"roots": [C2], "version": 1} ‖ varint(49) ‖ C2 CID ‖ C2 block.
    static let handBuiltCAR = Data(
        hex: """
            3a
            a2 65 726f6f7473 81 d82a 5825 00 01711220785197229dc8bb1152945da58e2348f7e279eeded06cc2ca736d0e879858b501
               67 76657273696f6e 01
            31
            01711220785197229dc8bb1152945da58e2348f7e279eeded06cc2ca736d0e879858b501
            a16568656c6c6f65776f726c64
            """)

    private func sample() -> CARv1 {
        let root = CARv1.Block(codec: .dagCBOR, data: Self.helloBlock)
        let raw = CARv1.Block(codec: .raw, data: Data("hello".utf8))
        let empty = CARv1.Block(codec: .raw, data: Data())
        return CARv1(roots: [root.cid], blocks: [root, raw, empty])
    }

    @Test("the encoder reproduces a CAR written by hand from the spec")
    func matchesHandBuiltArchive() throws {
        let block = CARv1.Block(codec: .dagCBOR, data: Self.helloBlock)
        let car = CARv1(roots: [block.cid], blocks: [block])
        #expect(try car.encoded() == Self.handBuiltCAR)
        let decoded = try CARv1.decode(Self.handBuiltCAR)
        #expect(decoded == car)
        #expect(decoded.roots.map(\.string) == ["bafyreidykglsfhoixmivffc5uwhcgshx4j465xwqntbmu43nb2dzqwfvae"])
    }

    @Test("an archive round-trips, including raw and empty blocks")
    func roundTrip() throws {
        let car = sample()
        #expect(try CARv1.decode(car.encoded()) == car)
    }

    @Test("an archive with no roots and no blocks round-trips")
    func emptyArchive() throws {
        let car = CARv1(roots: [], blocks: [])
        let bytes = try car.encoded()
        #expect(bytes.hex == "11a265726f6f7473806776657273696f6e01")
        #expect(try CARv1.decode(bytes) == car)
    }

    @Test("flipping one byte of any block's data is detected as a hash mismatch")
    func tamperedBlockRejected() throws {
        let car = sample()
        let bytes = try car.encoded()
        // The last "hello" is the raw block (the first is inside the DAG-CBOR root block).
        let range = try #require(bytes.range(of: Data("hello".utf8), options: .backwards))
        var tampered = bytes
        tampered[range.lowerBound] ^= 0x01
        let rawCID = car.blocks[1].cid
        #expect(throws: CARError.blockHashMismatch(cid: rawCID)) { try CARv1.decode(tampered) }

        var tamperedRoot = Self.handBuiltCAR
        tamperedRoot[tamperedRoot.count - 1] ^= 0x80
        #expect(throws: CARError.blockHashMismatch(cid: car.blocks[0].cid)) { try CARv1.decode(tamperedRoot) }
    }

    @Test("the encoder refuses a block whose data does not match its CID")
    func encoderChecksBlocks() {
        let wrong = CARv1.Block(cid: CID(codec: .raw, hashing: Data("a".utf8)), data: Data("b".utf8))
        #expect(throws: CARError.blockHashMismatch(cid: wrong.cid)) {
            try CARv1(roots: [], blocks: [wrong]).encoded()
        }
    }

    @Test("a file cut inside a section or the header is rejected as truncated")
    func truncationRejected() throws {
        let bytes = Self.handBuiltCAR
        #expect(throws: CARError.truncated(offset: 0)) { try CARv1.decode(Data()) }
        #expect(throws: CARError.truncated(offset: 0)) { try CARv1.decode(bytes.prefix(30)) }
        #expect(throws: CARError.truncated(offset: 59)) { try CARv1.decode(bytes.prefix(bytes.count - 1)) }
        #expect(throws: CARError.truncated(offset: 59)) { try CARv1.decode(bytes.prefix(70)) }
    }

    @Test("a hostile section length fails fast without allocating")
    func hostileLengthRejected() throws {
        var bytes = Self.handBuiltCAR.prefix(59)
        bytes.append(contentsOf: Varint.encode(1 << 62))
        bytes.append(contentsOf: [1, 2, 3])
        #expect(throws: CARError.truncated(offset: 59)) { try CARv1.decode(bytes) }
        #expect(throws: CARError.invalidVarint(offset: 0)) { try CARv1.decode(Data([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01])) }
    }

    /// Builds a CAR whose header is the given DAG-CBOR value.
    private func archive(header: DAGCBORValue) throws -> Data {
        let headerBytes = try header.encoded()
        return Data(Varint.encode(UInt64(headerBytes.count))) + headerBytes
    }

    @Test("a version other than 1 is rejected")
    func wrongVersionRejected() throws {
        let root = DAGCBORValue.link(CID(codec: .dagCBOR, hashing: Self.helloBlock))
        let v2 = try archive(header: .map(DAGCBORMap(["roots": [root], "version": 2])))
        #expect(throws: CARError.unsupportedVersion(2)) { try CARv1.decode(v2) }
        let carV2Pragma = try archive(header: .map(DAGCBORMap(["version": 2])))
        #expect(throws: CARError.unsupportedVersion(2)) { try CARv1.decode(carV2Pragma) }
        let textVersion = try archive(header: .map(DAGCBORMap(["roots": [], "version": "1"])))
        #expect(throws: CARError.unsupportedVersion(nil)) { try CARv1.decode(textVersion) }
    }

    @Test("headers that are not {roots, version} are rejected")
    func malformedHeadersRejected() throws {
        let noRoots = try archive(header: .map(DAGCBORMap(["version": 1])))
        #expect(throws: CARError.malformedHeader("the header has no roots array")) { try CARv1.decode(noRoots) }
        let textRoot = try archive(header: .map(DAGCBORMap(["roots": ["bafy"], "version": 1])))
        #expect(throws: CARError.malformedHeader("a root is not a CID link")) { try CARv1.decode(textRoot) }
        let notMap = try archive(header: [1])
        #expect(throws: CARError.malformedHeader("the header is not a map")) { try CARv1.decode(notMap) }
        let extra = try archive(header: .map(DAGCBORMap(["roots": [], "version": 1, "x": 0])))
        #expect(throws: CARError.malformedHeader("the header has an unknown field \"x\"")) { try CARv1.decode(extra) }
        #expect(throws: CARError.invalidHeader(.nonFloat64(offset: 0))) { try CARv1.decode(Data([0x03, 0xf9, 0x3c, 0x00])) }
        #expect(throws: CARError.malformedHeader("the header is empty")) { try CARv1.decode(Data([0x00])) }
    }

    @Test("a block with an unsupported CID codec is rejected clearly")
    func unknownCodecRejected() throws {
        var bytes = try CARv1(roots: [], blocks: []).encoded()
        let sectionStart = bytes.count
        let dagPB = Data(hex: "01701220") + Data(repeating: 0, count: 32)
        bytes.append(contentsOf: Varint.encode(UInt64(dagPB.count + 2)))
        bytes.append(dagPB)
        bytes.append(contentsOf: [0x0a, 0x00])
        #expect(throws: CARError.invalidBlockCID(offset: sectionStart, .unknownCodec(0x70))) { try CARv1.decode(bytes) }
    }
}
