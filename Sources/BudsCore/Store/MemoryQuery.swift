import Foundation
import GRDB

/// The SQL behind the timeline: live chains joined with their location, filtered, newest
/// session first, keyset-paged on `idx_local_receipts_timeline`.
enum MemoryQuery {
    private static let select = """
        SELECT lr.*,
               l.latitude AS l_latitude, l.longitude AS l_longitude,
               l.is_exact AS l_is_exact, l.place_name AS l_place_name,
               EXISTS (SELECT 1 FROM shared_memories s WHERE s.memory_uuid = lr.uuid) AS l_is_shared
        FROM local_receipts lr
        LEFT JOIN locations l ON l.cid = lr.location_cid
        """

    static func fetch(_ db: Database, filter: MemoryFilter, after cursor: TimelineCursor?, limit: Int?) throws -> [Memory] {
        var clauses = ["lr.is_deleted = 0"]
        var arguments: StatementArguments = []
        if let cursor {
            // A row value, not `a < ? OR (a = ? AND b < ?)`: SQLite seeks the timeline index
            // with it, where the OR form scans every live row before the cursor.
            clauses.append("(lr.session_at, lr.uuid) < (?, ?)")
            arguments += [cursor.sessionAt, cursor.id]
        }
        if let type = filter.productType {
            clauses.append("lr.product_type = ?")
            arguments += [type.rawValue]
        }
        if let method = filter.consumptionMethod {
            clauses.append("lr.consumption_method = ?")
            arguments += [method.rawValue]
        }
        if let rating = filter.minimumRating {
            clauses.append("lr.rating >= ?")
            arguments += [rating]
        }
        if let effect = filter.effect?.trimmingCharacters(in: .whitespaces).lowercased(), !effect.isEmpty {
            clauses.append("EXISTS (SELECT 1 FROM memory_effects e WHERE e.memory_uuid = lr.uuid AND e.effect = ?)")
            arguments += [effect]
        }
        if filter.favoritesOnly {
            clauses.append("lr.is_favorited = 1")
        }
        if let text = filter.searchText {
            // Every word must match as a prefix; text with no searchable word matches nothing.
            guard let pattern = FTS5Pattern(matchingAllPrefixesIn: text) else { return [] }
            clauses.append("lr.rowid IN (SELECT rowid FROM memories_fts WHERE memories_fts MATCH ?)")
            arguments += [pattern]
        }
        var sql = select + "\nWHERE " + clauses.joined(separator: " AND ") + "\nORDER BY lr.session_at DESC, lr.uuid DESC"
        if let limit {
            sql += "\nLIMIT ?"
            arguments += [limit]
        }
        return try Row.fetchAll(db, sql: sql, arguments: arguments).map(memory(from:))
    }

    static func fetchOne(_ db: Database, id: String) throws -> Memory? {
        let sql = select + "\nWHERE lr.uuid = ? AND lr.is_deleted = 0"
        return try Row.fetchOne(db, sql: sql, arguments: [id]).map(memory(from:))
    }

    private static func memory(from row: Row) throws -> Memory {
        let record = try LocalReceiptRow(row: row)
        guard let id = UUID(uuidString: record.uuid), let type = ProductType(rawValue: record.productType) else {
            throw BudsError.corruptStore("memory \(record.uuid) has an unreadable id or product type")
        }
        var location: MemoryLocation?
        if let latitude = row["l_latitude"] as Double?, let longitude = row["l_longitude"] as Double? {
            location = MemoryLocation(
                latitude: latitude, longitude: longitude, isExact: row["l_is_exact"] ?? false,
                placeName: row["l_place_name"]
            )
        }
        return Memory(
            id: id, receiptCID: record.headerCID, rootCID: record.rootCID, strainName: record.strainName,
            productType: type, rating: record.rating, notes: record.notes, brand: record.brand,
            thcPercent: record.thcPercent, cbdPercent: record.cbdPercent, amountGrams: record.amountGrams,
            effects: record.effects, consumptionMethod: record.consumptionMethod.flatMap(ConsumptionMethod.init(rawValue:)),
            createdAt: Date(timeIntervalSince1970: record.createdAt),
            updatedAt: Date(timeIntervalSince1970: record.updatedAt), claimedTimeMs: record.claimedTimeMs,
            location: location, isFavorited: record.isFavorited, isShared: row["l_is_shared"] ?? false,
            imageCID: record.imageCID
        )
    }
}
