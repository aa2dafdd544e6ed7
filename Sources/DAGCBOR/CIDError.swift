public import Foundation

/// Why bytes or a string are not a CID this package accepts.
public enum CIDError: LocalizedError, Equatable, Sendable {
    /// The string does not start with a supported multibase prefix (`b` for base32, `z` for base58btc);
    /// the associated value is the prefix found (empty for an empty string).
    case unsupportedMultibasePrefix(String)
    /// The text after the `b` prefix is not valid lower-case base32.
    case invalidBase32(Base32Error)
    /// The text after the `z` prefix is not valid base58btc.
    case invalidBase58(Base58Error)
    /// The CID version is not 1 (CIDv0, `Qm…`, is reported as version 0).
    case unsupportedVersion(UInt64)
    /// The content codec is neither dag-cbor (0x71) nor raw (0x55).
    case unknownCodec(UInt64)
    /// The multihash is not sha2-256 (0x12).
    case unsupportedHash(UInt64)
    /// The multihash declares a digest length other than the 32 bytes of sha2-256.
    case digestLengthMismatch(expected: Int, actual: UInt64)
    /// The bytes end before the CID is complete.
    case truncated
    /// `count` bytes follow a complete CID.
    case trailingBytes(count: Int)
    /// A varint field of the CID is malformed (not minimal or too long).
    case invalidVarint(VarintError)

    public var errorDescription: String? {
        switch self {
        case .unsupportedMultibasePrefix(let prefix):
            return prefix.isEmpty
                ? "The CID string is empty."
                : "The CID string starts with \"\(prefix)\"; only \"b\" (base32) and \"z\" (base58btc) CIDs are supported."
        case .invalidBase32(let error):
            return "The CID string is not valid base32: \(error.localizedDescription)"
        case .invalidBase58(let error):
            return "The CID string is not valid base58btc: \(error.localizedDescription)"
        case .unsupportedVersion(let version):
            return "CID version \(version) is not supported; only CIDv1 is."
        case .unknownCodec(let code):
            return "The CID codec 0x\(String(code, radix: 16)) is not supported; only dag-cbor (0x71) and raw (0x55) are."
        case .unsupportedHash(let code):
            return "The CID hash function 0x\(String(code, radix: 16)) is not supported; only sha2-256 (0x12) is."
        case .digestLengthMismatch(let expected, let actual):
            return "The CID declares a \(actual)-byte digest, but sha2-256 digests are \(expected) bytes."
        case .truncated:
            return "The CID bytes are cut short."
        case .trailingBytes(let count):
            return "\(count) unexpected byte(s) follow the CID."
        case .invalidVarint(let error):
            return "A CID field is malformed: \(error.localizedDescription)"
        }
    }
}
