public import Foundation

/// Why bytes are not a valid CAR v1 archive.
public enum CARError: LocalizedError, Equatable, Sendable {
    /// The archive ends inside the length prefix or section that starts at `offset`
    /// (also when a length claims more bytes than remain).
    case truncated(offset: Int)
    /// The length prefix at `offset` is not a minimal varint of at most 9 bytes.
    case invalidVarint(offset: Int)
    /// The header is not valid DAG-CBOR.
    case invalidHeader(DAGCBORError)
    /// The header is DAG-CBOR but not `{"roots": [CID…], "version": 1}`; the text says what is wrong.
    case malformedHeader(String)
    /// The header's version is not 1 (nil when it is not an integer); CARv2 is not supported.
    case unsupportedVersion(Int64?)
    /// The section at `offset` does not start with a supported CID.
    case invalidBlockCID(offset: Int, CIDError)
    /// A block's data does not hash to its CID: the archive is corrupted or was tampered with.
    case blockHashMismatch(cid: CID)

    public var errorDescription: String? {
        switch self {
        case .truncated(let offset):
            return "The CAR archive is cut short: the section at byte \(offset) needs more bytes than remain."
        case .invalidVarint(let offset):
            return "The length prefix at byte \(offset) of the CAR archive is malformed."
        case .invalidHeader(let error):
            return "The CAR header is not valid DAG-CBOR: \(error.localizedDescription)"
        case .malformedHeader(let reason):
            return "The CAR header is malformed: \(reason)."
        case .unsupportedVersion(let version):
            let shown = version.map { String($0) } ?? "not an integer"
            return "The CAR version is \(shown); only version 1 archives are supported."
        case .invalidBlockCID(let offset, let error):
            return "The block at byte \(offset) of the CAR archive has an unusable CID: \(error.localizedDescription)"
        case .blockHashMismatch(let cid):
            return "The data of block \(cid) does not match its CID; the archive is corrupted or was tampered with."
        }
    }
}
