import Foundation
import GRDB

/// A row of `ucr_headers`: one stored receipt (see `BudsSchema`).
struct HeaderRow: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "ucr_headers"

    var cid: String
    var did: String
    var deviceId: String
    var parentCID: String?
    var rootCID: String
    var receiptType: String
    var signature: String
    var rawCBOR: Data
    var payloadJSON: String
    var receivedAt: Double

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case cid
        case did
        case deviceId = "device_id"
        case parentCID = "parent_cid"
        case rootCID = "root_cid"
        case receiptType = "receipt_type"
        case signature
        case rawCBOR = "raw_cbor"
        case payloadJSON = "payload_json"
        case receivedAt = "received_at"
    }
}
