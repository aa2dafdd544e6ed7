import Crypto
import DAGCBOR
import Foundation

/// What a circle envelope carries (its plaintext, whose CID the signed header names): one
/// memory's whole receipt chain as the journal's own CAR archive form — every version, its
/// tombstone once deleted, the locations its versions name — the name its sharer gives the
/// circle, and for each photo where its separately encrypted blob is and the key that opens it.
///
/// Sending the whole chain each time makes an edit or a deletion the same message as a share:
/// the receiver stores what it lacks, and its ledger shows the newest version.
struct SharedMemoryPayload: Codable, Sendable {
    static let currentFormat = "app.buds.shared-memory/v1"

    /// A photo of the chain, sealed on its own (AES-256-GCM, the photo's CID as associated data)
    /// and stored on the relay under the SHA-256 of the sealed bytes.
    struct Photo: Codable, Hashable, Sendable {
        /// The photo's own CID (raw codec), as the receipts name it.
        var cid: CID
        /// The relay blob: SHA-256 of the sealed bytes, 64 hex characters.
        var blob: String
        /// The 32-byte AES-256-GCM key.
        var key: Data
    }

    var format: String
    /// The chain's root receipt: which memory this is.
    var root: CID
    /// The name the sharer gives the circle (1–64 bytes).
    var sharer: String
    /// The chain as CAR v1 bytes (manifest root, receipts, locations; no photos).
    var archive: Data
    var photos: [Photo]

    /// The largest photo accepted from a relay (the journal's own image limit).
    static let maximumPhotoBytes = 16 * 1024 * 1024

    /// Seals `photo` under a fresh key, bound to its CID: the blob to upload and the entry that
    /// lets a recipient open it.
    static func sealPhoto(_ photo: Data, cid: CID) throws -> (sealed: Data, entry: Photo) {
        let key = SymmetricKey(size: .bits256)
        guard let sealed = try AES.GCM.seal(photo, using: key, authenticating: cid.bytes).combined else {
            throw CircleError.invalidResponse("AES-GCM gave no combined box")
        }
        let entry = Photo(cid: cid, blob: blobId(of: sealed), key: key.withUnsafeBytes { Data($0) })
        return (sealed, entry)
    }

    /// Opens a photo blob: the bytes must be the blob named, open under the key, and hash to the
    /// photo's CID.
    static func openPhoto(_ sealed: Data, entry: Photo) throws(CircleError) -> Data {
        guard blobId(of: sealed) == entry.blob, entry.key.count == 32,
            let box = try? AES.GCM.SealedBox(combined: sealed),
            let photo = try? AES.GCM.open(box, using: SymmetricKey(data: entry.key), authenticating: entry.cid.bytes),
            entry.cid.codec == .raw, CID(codec: .raw, hashing: photo) == entry.cid
        else { throw .untrusted("a shared photo does not match what its entry names") }
        return photo
    }

    /// The relay's name for a blob: the SHA-256 of its bytes, hex.
    static func blobId(of data: Data) -> String {
        Hex.encode(Data(SHA256.hash(data: data)))
    }
}
