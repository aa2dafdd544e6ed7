import Foundation
import GRDB

/// A row of `blobs`: metadata of a photo in the blob store (see `BudsSchema`).
struct BlobRow: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "blobs"

    var cid: String
    var mimeType: String
    var byteCount: Int
    var createdAt: Double

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case cid
        case mimeType = "mime_type"
        case byteCount = "byte_count"
        case createdAt = "created_at"
    }
}
