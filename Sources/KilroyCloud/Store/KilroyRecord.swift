public import Foundation
public import Geo

/// One kilroy as the server stores it: a photo memory one device left at a place.
///
/// The `id` is the UUID the client chose (upper-case canonical form), so a retried create is
/// recognised.
public struct KilroyRecord: Hashable, Sendable {
    /// The client-chosen UUID, upper case (`UUID.uuidString`).
    public var id: String
    /// The digest of the credential of the device that dropped it.
    public var owner: DeviceDigest
    /// Where it was dropped.
    public var coordinate: Coordinate {
        didSet { geohash = KilroyGeoIndex.hash(coordinate) }
    }
    /// The geohash of `coordinate`, 10 characters: what the store indexes it under. Kept, not
    /// computed when asked: every near answer writes it for each of its up to 100 kilroys, and
    /// hashing them was 4 % of a near request's time. (Ten ASCII characters fit in a `String`
    /// without a heap allocation.)
    public private(set) var geohash: String
    /// The content identifier of its photo in the blob store.
    public var imageID: String
    public var placeName: String?
    public var placeAddress: String?
    public var comment: String?
    /// When the memory was captured on the device.
    public var createdAt: Date
    /// When the server first stored it.
    public var receivedAt: Date
    /// Distinct devices that reported it.
    public var reportCount: Int
    /// Hidden from everyone but its author after enough reports.
    public var isHidden: Bool

    public init(
        id: String, owner: DeviceDigest, coordinate: Coordinate, imageID: String,
        placeName: String?, placeAddress: String?, comment: String?, createdAt: Date, receivedAt: Date,
        reportCount: Int = 0, isHidden: Bool = false
    ) {
        self.id = id
        self.owner = owner
        self.coordinate = coordinate
        self.geohash = KilroyGeoIndex.hash(coordinate)
        self.imageID = imageID
        self.placeName = placeName
        self.placeAddress = placeAddress
        self.comment = comment
        self.createdAt = createdAt
        self.receivedAt = receivedAt
        self.reportCount = reportCount
        self.isHidden = isHidden
    }

    /// Whether `other` is the same drop sent again: every field the client sent (and the device
    /// that sent it) is equal. Server-side state (`receivedAt`, reports) is not compared.
    public func isReplay(of other: KilroyRecord) -> Bool {
        id == other.id && owner == other.owner && coordinate == other.coordinate
            && imageID == other.imageID && placeName == other.placeName && placeAddress == other.placeAddress
            && comment == other.comment && createdAt == other.createdAt
    }
}
