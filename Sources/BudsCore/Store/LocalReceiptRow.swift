import DAGCBOR
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

    private static let columnList = CodingKeys.allCases.map(\.rawValue).joined(separator: ", ")

    private static let insertSQL = """
        INSERT INTO local_receipts (\(columnList)) \
        VALUES (\(Array(repeating: "?", count: CodingKeys.allCases.count).joined(separator: ", ")))
        """

    private static let updateSQL = """
        UPDATE local_receipts SET \(CodingKeys.allCases.dropFirst().map { "\($0.rawValue) = ?" }.joined(separator: ", ")) \
        WHERE uuid = ?
        """

    func insertCached(_ db: Database) throws {
        var binder = StatementBinder(try db.cachedStatement(sql: Self.insertSQL))
        try binder.bind(uuid)
        try bindColumnsAfterUUID(&binder)
        try binder.execute()
    }

    func updateCached(_ db: Database) throws {
        var binder = StatementBinder(try db.cachedStatement(sql: Self.updateSQL))
        try bindColumnsAfterUUID(&binder)
        try binder.bind(uuid)
        try binder.execute()
    }

    /// Binds every column but `uuid`, in `CodingKeys` order, as the statements above list them.
    /// The write path runs once per receipt, so it skips Codable encoding and SQL generation.
    private func bindColumnsAfterUUID(_ binder: inout StatementBinder) throws {
        try binder.bind(rootCID)
        try binder.bind(headerCID)
        try binder.bind(headCreatedAtMs)
        try binder.bind(isDeleted)
        try binder.bind(isFavorited)
        try binder.bind(tagsJSON)
        try binder.bind(localNotes)
        try binder.bind(imageCID)
        try binder.bind(locationCID)
        try binder.bind(strainName)
        try binder.bind(productType)
        try binder.bind(rating)
        try binder.bind(notes)
        try binder.bind(brand)
        try binder.bind(thcPercent)
        try binder.bind(cbdPercent)
        try binder.bind(amountGrams)
        try binder.bind(effectsJSON)
        try binder.bind(consumptionMethod)
        try binder.bind(claimedTimeMs)
        try binder.bind(sessionAt)
        try binder.bind(createdAt)
        try binder.bind(updatedAt)
    }

    static func fetchCached(rootCID: String, in db: Database) throws -> LocalReceiptRow? {
        try fetchOne(db.cachedStatement(sql: "SELECT * FROM local_receipts WHERE root_cid = ?"), arguments: [rootCID])
    }

    /// Copies a session payload's fields in as the chain's latest version.
    /// `effectsJSON` is `json(payload.effects)`, worked out by the caller (off the writer).
    mutating func apply(_ payload: SessionPayload, head: String, headCreatedAtMs: Int64, effectsJSON: String) {
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
        self.effectsJSON = effectsJSON
        consumptionMethod = payload.consumptionMethod
        claimedTimeMs = payload.claimedTimeMs
        sessionAt = payload.claimedTimeMs.map { Double($0) / 1000 } ?? createdAt
        updatedAt = Double(headCreatedAtMs) / 1000
    }

    var effects: [String] { Self.effects(fromJSON: effectsJSON) }

    /// Reads `effects_json`; what is not a JSON array of strings reads as no effects.
    ///
    /// The timeline reads this for every row, so the text `json(_:)` writes for effects that
    /// need no escaping (`["a","b"]`) is split directly; anything else goes to `JSONDecoder`.
    static func effects(fromJSON json: String) -> [String] {
        if let simple = simpleStringArray(json) { return simple }
        return (try? JSONDecoder().decode([String].self, from: Data(json.utf8))) ?? []
    }

    /// The strings of a JSON array written without whitespace whose strings hold no escape
    /// (nor anything that would need one); nil for any other text. Such a string's JSON text
    /// is its value.
    private static func simpleStringArray(_ json: String) -> [String]? {
        var utf8 = json.utf8[...]
        guard utf8.popFirst() == UInt8(ascii: "["), utf8.popLast() == UInt8(ascii: "]") else { return nil }
        var strings: [String] = []
        while !utf8.isEmpty {
            if !strings.isEmpty {
                guard utf8.popFirst() == UInt8(ascii: ",") else { return nil }
            }
            guard utf8.popFirst() == UInt8(ascii: "\"") else { return nil }
            guard let end = utf8.firstIndex(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }),
                utf8[end] == UInt8(ascii: "\"")
            else { return nil }
            strings.append(String(Substring(utf8[..<end])))
            utf8 = utf8[utf8.index(after: end)...]
        }
        return strings
    }

    static func json(_ strings: [String], encoder: JSONEncoder = JSONEncoder()) -> String {
        guard let data = try? encoder.encode(strings) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }
}
