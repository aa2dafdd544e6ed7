import DAGCBOR
import Foundation

/// The root block of an exported journal (a CAR v1 file). Receipts' signatures live outside
/// their signed bytes, so the manifest carries them; every other block is a receipt body, a
/// location record or a photo, each named by its own CID.
struct ArchiveManifest: Codable, Sendable {
    static let currentFormat = "app.buds.archive/v1"

    struct Entry: Codable, Sendable {
        /// Link to the receipt's raw DAG-CBOR body.
        var receipt: CID
        /// Ed25519 signature over that body.
        var signature: Data
    }

    var format: String
    var exportedAtMs: Int64
    /// Oldest first, so parents come before the receipts that continue them.
    var receipts: [Entry]
    /// Root CIDs of the chains the user marked as favourites (device-local state, unsigned).
    var favorites: [CID]
}

/// What an import added.
public struct ImportSummary: Codable, Hashable, Sendable {
    /// Receipts stored by this import.
    public let receiptsImported: Int
    /// Receipts the journal already had (importing twice adds nothing).
    public let receiptsAlreadyPresent: Int
    public let locations: Int
    public let images: Int
}

/// What an export wrote.
public struct ExportSummary: Codable, Hashable, Sendable {
    public let rootCID: String
    public let receipts: Int
    public let locations: Int
    public let images: Int
    public let byteCount: Int
}
