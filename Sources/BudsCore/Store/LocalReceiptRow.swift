import Foundation
import GRDB

/// A row of `local_receipts`: one session chain's latest state (see `BudsSchema`).
struct LocalReceiptRow: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "local_receipts"

    var uuid: String
    var rootCID: String
    var headerCID: String
    var headCreatedAtMs: Int64
    var isDeleted: Bool
    var isFavorited: Bool
    var tagsJSON: String
    var localNotes: String?
    var imageCID: String?
    var locationCID: String?
    var strainName: String
    var productType: String
    var rating: Int
    var notes: String?
    var brand: String?
    var thcPercent: Double?
    var cbdPercent: Double?
    var amountGrams: Double?
    var effectsJSON: String
    var consumptionMethod: String?
    var claimedTimeMs: Int64?
    var sessionAt: Double
    var createdAt: Double
    var updatedAt: Double

    enum CodingKeys: String, CodingKey, ColumnExpression, CaseIterable {
        case uuid
        case rootCID = "root_cid"
        case headerCID = "header_cid"
        case headCreatedAtMs = "head_created_at_ms"
        case isDeleted = "is_deleted"
        case isFavorited = "is_favorited"
        case tagsJSON = "tags_json"
        case localNotes = "local_notes"
        case imageCID = "image_cid"
        case locationCID = "location_cid"
        case strainName = "strain_name"
        case productType = "product_type"
        case rating
        case notes
        case brand
        case thcPercent = "thc_percent"
        case cbdPercent = "cbd_percent"
        case amountGrams = "amount_grams"
        case effectsJSON = "effects_json"
        case consumptionMethod = "consumption_method"
        case claimedTimeMs = "claimed_time_ms"
        case sessionAt = "session_at"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// The row's values in `CodingKeys` order, for the cached statements below: the write path
    /// runs once per receipt, so it skips Codable encoding and SQL generation.
    private var orderedValues: [DatabaseValue] {
        [
            uuid.databaseValue, rootCID.databaseValue, headerCID.databaseValue, headCreatedAtMs.databaseValue,
            isDeleted.databaseValue, isFavorited.databaseValue, tagsJSON.databaseValue, localNotes.databaseValue,
            imageCID.databaseValue, locationCID.databaseValue, strainName.databaseValue, productType.databaseValue,
            rating.databaseValue, notes.databaseValue, brand.databaseValue, thcPercent.databaseValue,
            cbdPercent.databaseValue, amountGrams.databaseValue, effectsJSON.databaseValue,
            consumptionMethod.databaseValue, claimedTimeMs.databaseValue, sessionAt.databaseValue,
            createdAt.databaseValue, updatedAt.databaseValue,
        ]
    }

    private static let columnList = CodingKeys.allCases.map(\.rawValue).joined(separator: ", ")

    func insertCached(_ db: Database) throws {
        let placeholders = Array(repeating: "?", count: CodingKeys.allCases.count).joined(separator: ", ")
        let statement = try db.cachedStatement(
            sql: "INSERT INTO local_receipts (\(Self.columnList)) VALUES (\(placeholders))"
        )
        try statement.execute(arguments: StatementArguments(orderedValues))
    }

    func updateCached(_ db: Database) throws {
        let assignments = CodingKeys.allCases.dropFirst().map { "\($0.rawValue) = ?" }.joined(separator: ", ")
        let statement = try db.cachedStatement(sql: "UPDATE local_receipts SET \(assignments) WHERE uuid = ?")
        try statement.execute(arguments: StatementArguments(orderedValues.dropFirst() + [uuid.databaseValue]))
    }

    static func fetchCached(rootCID: String, in db: Database) throws -> LocalReceiptRow? {
        try fetchOne(db.cachedStatement(sql: "SELECT * FROM local_receipts WHERE root_cid = ?"), arguments: [rootCID])
    }

    /// Copies a session payload's fields in as the chain's latest version.
    mutating func apply(_ payload: SessionPayload, head: String, headCreatedAtMs: Int64) {
        headerCID = head
        self.headCreatedAtMs = headCreatedAtMs
        imageCID = payload.imageCID?.string
        locationCID = payload.locationCID?.string
        strainName = payload.productName
        productType = payload.productType
        rating = payload.rating
        notes = payload.notes
        brand = payload.brand
        thcPercent = payload.thcPercent
        cbdPercent = payload.cbdPercent
        amountGrams = payload.amountGrams
        effectsJSON = Self.json(payload.effects)
        consumptionMethod = payload.consumptionMethod
        claimedTimeMs = payload.claimedTimeMs
        sessionAt = payload.claimedTimeMs.map { Double($0) / 1000 } ?? createdAt
        updatedAt = Double(headCreatedAtMs) / 1000
    }

    var effects: [String] {
        (try? JSONDecoder().decode([String].self, from: Data(effectsJSON.utf8))) ?? []
    }

    static func json(_ strings: [String]) -> String {
        guard let data = try? JSONEncoder().encode(strings) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }
}
