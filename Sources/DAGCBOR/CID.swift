import Crypto
public import Foundation

/// A content identifier (CIDv1) naming a block by the SHA-256 of its bytes.
///
/// Only the shape this package produces and links to is accepted: version 1, codec `dag-cbor` (0x71)
/// or `raw` (0x55), multihash `sha2-256` (0x12) with a 32-byte digest. Anything else is rejected with
/// a specific `CIDError`, so a CID value is always well formed and its binary form is always 36 bytes.
///
/// Codable: with `DAGCBOREncoder`/`DAGCBORDecoder` a CID is a DAG-CBOR link (tag 42); with any other
/// coder (JSON, property lists) it is its base32 string, e.g. `bafyrei…`.
public struct CID: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// The multicodec of the content a CID points to.
    public enum Codec: UInt64, Sendable, CaseIterable {
        /// Opaque bytes (multicodec `raw`).
        case raw = 0x55
        /// A DAG-CBOR encoded block (multicodec `dag-cbor`).
        case dagCBOR = 0x71
    }

    /// Multihash code of sha2-256.
    static let sha256Code: UInt64 = 0x12
    static let digestLength = 32
    /// version (1) + codec (1) + hash code (1) + digest length (1) + digest.
    static let binaryLength = 4 + digestLength

    /// The binary CID: `01` ‖ varint(codec) ‖ `12 20` ‖ 32-byte digest.
    public let bytes: Data
    /// The multicodec of the content.
    public let codec: Codec

    /// The CID of `data`: its SHA-256 digest, labelled with `codec`.
    public init(codec: Codec, hashing data: some DataProtocol) {
        let digest = SHA256.hash(data: data)
        var bytes = [UInt8]()
        bytes.reserveCapacity(Self.binaryLength)
        bytes.append(1)
        Varint.append(codec.rawValue, to: &bytes)
        bytes.append(UInt8(Self.sha256Code))
        bytes.append(UInt8(Self.digestLength))
        bytes.append(contentsOf: digest)
        self.bytes = Data(bytes)
        self.codec = codec
    }

    /// Parses a binary CID that must fill `bytes` exactly.
    public init(bytes: some DataProtocol) throws(CIDError) {
        let input = [UInt8](bytes)
        var offset = 0
        self = try CID.parse(input, at: &offset)
        if offset != input.count { throw .trailingBytes(count: input.count - offset) }
    }

    /// Parses a CID string: multibase `b` (base32 lower case, the form `string` produces) or `z` (base58btc).
    public init(string: String) throws(CIDError) {
        guard let prefix = string.unicodeScalars.first else { throw .unsupportedMultibasePrefix("") }
        let body = String(string.unicodeScalars.dropFirst())
        let binary: Data
        switch prefix {
        case "b":
            do { binary = try Base32.decode(body) } catch { throw .invalidBase32(error) }
        case "z":
            do { binary = try Base58.decode(body) } catch { throw .invalidBase58(error) }
        default:
            throw .unsupportedMultibasePrefix(String(prefix))
        }
        try self.init(bytes: binary)
    }

    private init(validatedBytes: Data, codec: Codec) {
        self.bytes = validatedBytes
        self.codec = codec
    }

    /// Reads one CID from `input` at `offset` and moves `offset` past it (used where a CID is followed by
    /// other data, as in a CAR section).
    static func parse<Bytes: RandomAccessCollection<UInt8>>(
        _ input: Bytes, at offset: inout Int
    ) throws(CIDError) -> CID where Bytes.Index == Int {
        let start = offset
        var cursor = offset
        func varint() throws(CIDError) -> UInt64 {
            do {
                return try Varint.decode(from: input, at: &cursor)
            } catch {
                switch error {
                case .truncated: throw CIDError.truncated
                case .nonMinimal, .tooLong: throw CIDError.invalidVarint(error)
                }
            }
        }
        let version = try varint()
        guard version == 1 else {
            // A CIDv0 is a bare sha2-256 multihash, whose first byte 0x12 reads as "version 18".
            throw .unsupportedVersion(version == sha256Code ? 0 : version)
        }
        let codecCode = try varint()
        guard let codec = Codec(rawValue: codecCode) else { throw .unknownCodec(codecCode) }
        let hashCode = try varint()
        guard hashCode == sha256Code else { throw .unsupportedHash(hashCode) }
        let length = try varint()
        guard length == UInt64(digestLength) else { throw .digestLengthMismatch(expected: digestLength, actual: length) }
        guard input.endIndex - cursor >= digestLength else { throw .truncated }
        cursor += digestLength
        offset = cursor
        return CID(validatedBytes: Data(input[start..<cursor]), codec: codec)
    }

    /// The 32-byte SHA-256 digest of the content.
    public var digest: Data { Data(bytes.suffix(Self.digestLength)) }

    /// The canonical string form: `b` + lower-case base32 of `bytes` (always `bafyrei…` for DAG-CBOR blocks,
    /// `bafkrei…` for raw blocks).
    public var string: String { "b" + Base32.encode(bytes) }

    public var description: String { string }

    /// Whether `data` hashes to this CID's digest, i.e. whether it is the content this CID names.
    public func matches(_ data: some DataProtocol) -> Bool {
        let actual = SHA256.hash(data: data)
        return digest.elementsEqual(actual)
    }

    /// Orders CIDs by their binary form (bytewise), which is stable and matches DAG-CBOR byte order.
    public static func < (lhs: CID, rhs: CID) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }
}

extension CID: Codable {
    public func encode(to encoder: any Encoder) throws {
        if let cborEncoder = encoder as? DAGCBOREncoderImpl {
            try cborEncoder.encodeDirect(self)
            return
        }
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }

    public init(from decoder: any Decoder) throws {
        if let cborDecoder = decoder as? DAGCBORDecoderImpl {
            self = try cborDecoder.decodeDirect(CID.self)
            return
        }
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try CID(string: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.localizedDescription)
        }
    }
}
