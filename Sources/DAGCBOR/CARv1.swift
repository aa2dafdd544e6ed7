public import Foundation

/// A CAR v1 (Content Addressable aRchive): a header naming root CIDs, then blocks, each stored with its CID.
///
/// Layout (https://ipld.io/specs/transport/car/carv1/): varint(header length) ‖ DAG-CBOR
/// `{"roots": [CID…], "version": 1}`, then for each block varint(CID length + data length) ‖ binary CID ‖ data.
/// `decode` checks the header, reads every section without trusting any length, and verifies each block's
/// data against its CID, so a decoded archive's blocks are known to be authentic.
public struct CARv1: Sendable, Equatable {
    /// One block: content and the CID that names it.
    public struct Block: Sendable, Equatable {
        public var cid: CID
        public var data: Data

        public init(cid: CID, data: Data) {
            self.cid = cid
            self.data = data
        }

        /// A block whose CID is computed from `data` with `codec`.
        public init(codec: CID.Codec, data: Data) {
            self.cid = CID(codec: codec, hashing: data)
            self.data = data
        }
    }

    /// The entry points of the archive (may be empty, as current implementations allow).
    public var roots: [CID]
    /// The blocks in archive order.
    public var blocks: [Block]

    public init(roots: [CID], blocks: [Block]) {
        self.roots = roots
        self.blocks = blocks
    }

    /// The archive bytes. Throws `CARError.blockHashMismatch` if a block's data does not match its CID.
    public func encoded() throws(CARError) -> Data {
        let header: Data
        do {
            header = try DAGCBORValue.map(
                DAGCBORMap([
                    "roots": .array(roots.map(DAGCBORValue.link)),
                    "version": .unsigned(1),
                ])
            ).encoded()
        } catch {
            throw .invalidHeader(error)
        }
        var out: [UInt8] = []
        out.reserveCapacity(header.count + 10 + blocks.reduce(0) { $0 + $1.data.count + CID.binaryLength + 10 })
        Varint.append(UInt64(header.count), to: &out)
        out.append(contentsOf: header)
        for block in blocks {
            guard block.cid.matches(block.data) else { throw .blockHashMismatch(cid: block.cid) }
            Varint.append(UInt64(block.cid.bytes.count + block.data.count), to: &out)
            out.append(contentsOf: block.cid.bytes)
            out.append(contentsOf: block.data)
        }
        return Data(out)
    }

    /// Reads and verifies a CAR v1 archive.
    public static func decode(_ data: some DataProtocol) throws(CARError) -> CARv1 {
        let bytes = [UInt8](data)
        var offset = 0
        let headerLength = try readLength(bytes, at: &offset)
        guard headerLength > 0 else { throw .malformedHeader("the header is empty") }
        let header: DAGCBORValue
        do {
            header = try DAGCBORValue.decode(bytes[offset..<(offset + headerLength)])
        } catch {
            throw .invalidHeader(error)
        }
        offset += headerLength
        let roots = try parseHeader(header)

        var blocks: [Block] = []
        while offset < bytes.count {
            let sectionStart = offset
            let length = try readLength(bytes, at: &offset)
            let sectionEnd = offset + length
            var cursor = 0
            let cid: CID
            do {
                cid = try CID.parse(Array(bytes[offset..<sectionEnd]), at: &cursor)
            } catch {
                throw .invalidBlockCID(offset: sectionStart, error)
            }
            let blockData = Data(bytes[(offset + cursor)..<sectionEnd])
            guard cid.matches(blockData) else { throw .blockHashMismatch(cid: cid) }
            blocks.append(Block(cid: cid, data: blockData))
            offset = sectionEnd
        }
        return CARv1(roots: roots, blocks: blocks)
    }

    /// Reads a varint length prefix and checks that that many bytes follow.
    private static func readLength(_ bytes: [UInt8], at offset: inout Int) throws(CARError) -> Int {
        let start = offset
        let value: UInt64
        do {
            value = try Varint.decode(from: bytes, at: &offset)
        } catch {
            switch error {
            case .truncated: throw .truncated(offset: start)
            case .nonMinimal, .tooLong: throw .invalidVarint(offset: start)
            }
        }
        guard value <= UInt64(bytes.count - offset) else { throw .truncated(offset: start) }
        return Int(value)
    }

    private static func parseHeader(_ header: DAGCBORValue) throws(CARError) -> [CID] {
        guard let map = header.mapValue else { throw .malformedHeader("the header is not a map") }
        guard let version = map["version"] else { throw .malformedHeader("the header has no version") }
        guard version == .unsigned(1) else { throw .unsupportedVersion(version.intValue) }
        for key in map.keys where key != "roots" && key != "version" {
            throw .malformedHeader("the header has an unknown field \"\(key)\"")
        }
        guard let rootValues = map["roots"]?.arrayValue else {
            throw .malformedHeader("the header has no roots array")
        }
        var roots: [CID] = []
        roots.reserveCapacity(rootValues.count)
        for value in rootValues {
            guard let cid = value.linkValue else { throw .malformedHeader("a root is not a CID link") }
            roots.append(cid)
        }
        return roots
    }
}
