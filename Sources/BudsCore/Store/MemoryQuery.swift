import Foundation
import GRDB

/// The SQL behind the timeline: live chains joined with their location, filtered, newest
/// session first, keyset-paged on `idx_local_receipts_timeline`.
enum MemoryQuery {
    /// Columns are read by position (`Column`), not by name: a page decodes 50 rows of 26
    /// columns, and name lookups and `Codable` decoding took most of its time.
    private static let select = """
        SELECT lr.uuid, lr.root_cid, lr.header_cid, lr.image_cid, lr.strain_name, lr.product_type,
               lr.rating, lr.notes, lr.brand, lr.thc_percent, lr.cbd_percent, lr.amount_grams,
               lr.effects_json, lr.consumption_method, lr.claimed_time_ms, lr.created_at, lr.updated_at,
               lr.is_favorited,
               l.latitude, l.longitude, l.is_exact, l.place_name,
               lr.shared_by_did IS NOT NULL
                   OR EXISTS (SELECT 1 FROM memory_circles c WHERE c.memory_uuid = lr.uuid)
                   OR EXISTS (SELECT 1 FROM shared_memories s WHERE s.memory_uuid = lr.uuid),
               lr.shared_by_did, lr.shared_by_name
        FROM local_receipts lr
        LEFT JOIN locations l ON l.cid = lr.location_cid
        """

    /// Positions of the columns of `select`.
    private enum Column: Int {
        case uuid, rootCID, headerCID, imageCID, strainName, productType
        case rating, notes, brand, thcPercent, cbdPercent, amountGrams
        case effectsJSON, consumptionMethod, claimedTimeMs, createdAt, updatedAt
        case isFavorited
        case latitude, longitude, isExact, placeName
        case isShared, sharedByDID, sharedByName
    }

    static func fetch(_ db: Database, filter: MemoryFilter, after cursor: TimelineCursor?, limit: Int?) throws -> [Memory] {
        // GRDB's SQL interpolation: every value becomes a statement argument, never SQL text.
        var clauses: [SQL] = ["lr.is_deleted = 0"]
        if let cursor {
            // A row value, not `a < ? OR (a = ? AND b < ?)`: SQLite seeks the timeline index
            // with it, where the OR form scans every live row before the cursor.
            clauses.append("(lr.session_at, lr.uuid) < (\(cursor.sessionAt), \(cursor.id))")
        }
        if let type = filter.productType {
            clauses.append("lr.product_type = \(type.rawValue)")
        }
        if let method = filter.consumptionMethod {
            clauses.append("lr.consumption_method = \(method.rawValue)")
        }
        if let rating = filter.minimumRating {
            clauses.append("lr.rating >= \(rating)")
        }
        if let effect = filter.effect?.trimmingCharacters(in: .whitespaces).lowercased(), !effect.isEmpty {
            clauses.append("EXISTS (SELECT 1 FROM memory_effects e WHERE e.memory_uuid = lr.uuid AND e.effect = \(effect))")
        }
        if filter.favoritesOnly {
            clauses.append("lr.is_favorited = 1")
        }
        if let text = filter.searchText {
            // Every word must match as a prefix; text with no searchable word matches nothing.
            guard let pattern = FTS5Pattern(matchingAllPrefixesIn: text) else { return [] }
            clauses.append("lr.rowid IN (SELECT rowid FROM memories_fts WHERE memories_fts MATCH \(pattern))")
        }
        var sql: SQL = """
            \(sql: select)
            WHERE \(clauses.joined(separator: " AND "))
            ORDER BY lr.session_at DESC, lr.uuid DESC
            """
        if let limit {
            sql += "\nLIMIT \(limit)"
        }
        // A cursor, not `fetchAll`: each row is read straight from the statement, never copied.
        let rows = try Row.fetchCursor(db, SQLRequest(literal: sql, cached: true))
        var memories: [Memory] = []
        if let limit { memories.reserveCapacity(limit) }
        while let row = try rows.next() {
            memories.append(try memory(from: row))
        }
        return memories
    }

    static func fetchOne(_ db: Database, id: String) throws -> Memory? {
        let sql: SQL = "\(sql: select)\nWHERE lr.uuid = \(id) AND lr.is_deleted = 0"
        return try Row.fetchOne(db, SQLRequest(literal: sql, cached: true)).map(memory(from:))
    }

    private static func memory(from row: Row) throws -> Memory {
        func value<Value: DatabaseValueConvertible & StatementColumnConvertible>(_ column: Column) throws -> Value {
            try row.decode(Value.self, atIndex: column.rawValue)
        }
        let uuid: String = try value(.uuid)
        let productType: String = try value(.productType)
        guard let id = UUID(uuidString: uuid), let type = ProductType(rawValue: productType) else {
            throw BudsError.corruptStore("memory \(uuid) has an unreadable id or product type")
        }
        var location: MemoryLocation?
        if let latitude: Double = try value(.latitude), let longitude: Double = try value(.longitude) {
            let isExact: Bool? = try value(.isExact)
            location = MemoryLocation(
                latitude: latitude, longitude: longitude, isExact: isExact ?? false, placeName: try value(.placeName)
            )
        }
        let consumptionMethod: String? = try value(.consumptionMethod)
        let createdAt: Double = try value(.createdAt)
        let updatedAt: Double = try value(.updatedAt)
        let isShared: Bool? = try value(.isShared)
        let sharedByDID: String? = try value(.sharedByDID)
        return Memory(
            id: id, receiptCID: try value(.headerCID), rootCID: try value(.rootCID), strainName: try value(.strainName),
            productType: type, rating: try value(.rating), notes: try value(.notes), brand: try value(.brand),
            thcPercent: try value(.thcPercent), cbdPercent: try value(.cbdPercent), amountGrams: try value(.amountGrams),
            effects: LocalReceiptRow.effects(fromJSON: try value(.effectsJSON)),
            consumptionMethod: consumptionMethod.flatMap(ConsumptionMethod.init(rawValue:)),
            createdAt: Date(timeIntervalSince1970: createdAt), updatedAt: Date(timeIntervalSince1970: updatedAt),
            claimedTimeMs: try value(.claimedTimeMs), location: location, isFavorited: try value(.isFavorited),
            isShared: isShared ?? false, sharedBy: try sharedByDID.map { MemorySharer(did: $0, name: try value(.sharedByName)) },
            imageCID: try value(.imageCID)
        )
    }
}
