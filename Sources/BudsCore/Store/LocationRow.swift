import Foundation
import GRDB

/// A row of `locations`: a location record and its canonical bytes (see `BudsSchema`).
struct LocationRow: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "locations"

    var cid: String
    var latitude: Double
    var longitude: Double
    var isExact: Bool
    var placeName: String?
    var rawCBOR: Data
    var createdAt: Double

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case cid, latitude, longitude
        case isExact = "is_exact"
        case placeName = "place_name"
        case rawCBOR = "raw_cbor"
        case createdAt = "created_at"
    }

    var memoryLocation: MemoryLocation {
        MemoryLocation(latitude: latitude, longitude: longitude, isExact: isExact, placeName: placeName)
    }
}
