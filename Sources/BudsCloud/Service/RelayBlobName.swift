import DAGCBOR
import Foundation

/// How the relay's blob ids map onto the blob store's names: the contract names a blob by the
/// SHA-256 of its bytes (what a device can compute without knowing CIDs), the Storage kit's
/// stores by the CID of raw bytes with that digest (`BlobStore.cid(for:)`). The one mapping, so
/// a blob stored under one id is always found under it.
enum RelayBlobName {
    /// The CID (CIDv1, raw codec, sha2-256, base32) of the bytes whose SHA-256 is `digest`;
    /// `nil` unless `digest` is 32 bytes.
    static func cid(sha256 digest: Data) -> String? {
        // Version 1, the raw codec, sha2-256 and its 32-byte length, then the digest: the binary
        // form `CID(codec: .raw, hashing:)` writes. Parsing it checks it.
        let binary = [1, UInt8(CID.Codec.raw.rawValue), 0x12, 0x20] + Array(digest)
        return (try? CID(bytes: binary))?.string
    }
}
