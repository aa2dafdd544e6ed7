public import Foundation

/// A session as the user sees it: the latest version of one receipt chain plus local state
/// (favourite, photo). Plain value; formatting belongs to view models.
public struct Memory: Identifiable, Codable, Hashable, Sendable {
    /// Stable across edits and across export/import: derived from the chain's root CID.
    public let id: UUID
    /// CID of the latest receipt of the chain.
    public let receiptCID: String
    /// CID of the first receipt of the chain.
    public let rootCID: String
    public let strainName: String
    public let productType: ProductType
    public let rating: Int
    public let notes: String?
    public let brand: String?
    public let thcPercent: Double?
    public let cbdPercent: Double?
    public let amountGrams: Double?
    public let effects: [String]
    public let consumptionMethod: ConsumptionMethod?
    /// When the session was first recorded (the root receipt's time).
    public let createdAt: Date
    /// When the latest version was recorded.
    public let updatedAt: Date
    /// The user's claimed session time, if they gave one (unverified).
    public let claimedTimeMs: Int64?
    public let location: MemoryLocation?
    public var isFavorited: Bool
    /// Whether the memory is shared: one of this person's shared with a circle, or one a
    /// circle member shared with them (then ``sharedBy`` says who).
    public var isShared: Bool
    /// Who shared this memory with this person, for a memory received from a circle (read-only
    /// here: its receipts are its author's).
    public var sharedBy: MemorySharer?
    /// The photo's CID in the blob store; the bytes load lazily through the repository.
    public let imageCID: String?

    /// When the session happened: the claimed time when given, else when it was recorded.
    public var sessionAt: Date {
        claimedTimeMs.map { Date(timeIntervalSince1970: Double($0) / 1000) } ?? createdAt
    }

    public var hasLocation: Bool { location != nil }
    public var locationName: String? { location?.placeName }

    /// JSON carries `sessionAt` too (derived, ignored when decoding) so readers need not
    /// repeat the claimed-time rule.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.uuidString.lowercased(), forKey: .id)
        try container.encode(receiptCID, forKey: .receiptCID)
        try container.encode(rootCID, forKey: .rootCID)
        try container.encode(strainName, forKey: .strainName)
        try container.encode(productType, forKey: .productType)
        try container.encode(rating, forKey: .rating)
        try container.encodeIfPresent(notes, forKey: .notes)
        try container.encodeIfPresent(brand, forKey: .brand)
        try container.encodeIfPresent(thcPercent, forKey: .thcPercent)
        try container.encodeIfPresent(cbdPercent, forKey: .cbdPercent)
        try container.encodeIfPresent(amountGrams, forKey: .amountGrams)
        try container.encode(effects, forKey: .effects)
        try container.encodeIfPresent(consumptionMethod, forKey: .consumptionMethod)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encodeIfPresent(claimedTimeMs, forKey: .claimedTimeMs)
        var derived = encoder.container(keyedBy: DerivedKeys.self)
        try derived.encode(sessionAt, forKey: .sessionAt)
        try container.encodeIfPresent(location, forKey: .location)
        try container.encode(isFavorited, forKey: .isFavorited)
        try container.encode(isShared, forKey: .isShared)
        try container.encodeIfPresent(sharedBy, forKey: .sharedBy)
        try container.encodeIfPresent(imageCID, forKey: .imageCID)
    }

    private enum DerivedKeys: String, CodingKey {
        case sessionAt
    }

    enum CodingKeys: String, CodingKey {
        case id
        case receiptCID = "cid"
        case rootCID, strainName, productType, rating, notes, brand, thcPercent, cbdPercent, amountGrams
        case effects, consumptionMethod, createdAt, updatedAt, claimedTimeMs, location, isFavorited
        case isShared, sharedBy, imageCID
    }

    public init(
        id: UUID, receiptCID: String, rootCID: String, strainName: String, productType: ProductType, rating: Int,
        notes: String?, brand: String?, thcPercent: Double?, cbdPercent: Double?, amountGrams: Double?,
        effects: [String], consumptionMethod: ConsumptionMethod?, createdAt: Date, updatedAt: Date,
        claimedTimeMs: Int64?, location: MemoryLocation?, isFavorited: Bool, isShared: Bool, sharedBy: MemorySharer? = nil,
        imageCID: String?
    ) {
        self.id = id
        self.receiptCID = receiptCID
        self.rootCID = rootCID
        self.strainName = strainName
        self.productType = productType
        self.rating = rating
        self.notes = notes
        self.brand = brand
        self.thcPercent = thcPercent
        self.cbdPercent = cbdPercent
        self.amountGrams = amountGrams
        self.effects = effects
        self.consumptionMethod = consumptionMethod
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.claimedTimeMs = claimedTimeMs
        self.location = location
        self.isFavorited = isFavorited
        self.isShared = isShared
        self.sharedBy = sharedBy
        self.imageCID = imageCID
    }
}

/// The member of a circle who shared a memory: their DID and the name they gave the circle.
public struct MemorySharer: Codable, Hashable, Sendable {
    public let did: String
    public let name: String?

    public init(did: String, name: String?) {
        self.did = did
        self.name = name
    }

    /// Their name, or a short form of their DID when they gave none.
    public var displayName: String { name ?? String(did.prefix(20)) + "…" }
}
