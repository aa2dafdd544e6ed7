public import DAGCBOR

/// The signed payload of `session.created/v1` and `session.edited/v1` receipts, as in the seed,
/// with two links instead of strings: the location record and the photo are DAG-CBOR links
/// (tag 42), so an exported journal is a real IPLD graph. Absent optionals are omitted.
public struct SessionPayload: Codable, Hashable, Sendable {
    public var claimedTimeMs: Int64?
    public var productName: String
    public var productType: String
    public var rating: Int
    public var notes: String?
    public var brand: String?
    public var thcPercent: Double?
    public var cbdPercent: Double?
    public var amountGrams: Double?
    public var effects: [String]
    public var consumptionMethod: String?
    public var locationCID: CID?
    public var imageCID: CID?

    public init(
        claimedTimeMs: Int64?, productName: String, productType: String, rating: Int, notes: String?,
        brand: String?, thcPercent: Double?, cbdPercent: Double?, amountGrams: Double?, effects: [String],
        consumptionMethod: String?, locationCID: CID?, imageCID: CID?
    ) {
        self.claimedTimeMs = claimedTimeMs
        self.productName = productName
        self.productType = productType
        self.rating = rating
        self.notes = notes
        self.brand = brand
        self.thcPercent = thcPercent
        self.cbdPercent = cbdPercent
        self.amountGrams = amountGrams
        self.effects = effects
        self.consumptionMethod = consumptionMethod
        self.locationCID = locationCID
        self.imageCID = imageCID
    }
}

/// The payload of a `session.deleted/v1` tombstone. Empty on purpose: the receipt's chain
/// fields and time say everything; nothing of the deleted session is repeated.
public struct DeletionPayload: Codable, Hashable, Sendable {
    public init() {}
}
