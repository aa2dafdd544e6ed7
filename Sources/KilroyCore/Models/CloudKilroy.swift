public import Foundation

/// A kilroy as the cloud shares it: the seed's `CloudKilroy`, read from the Kilroy API.
///
/// `id` is the UUID string the dropping device chose, so a device's own uploaded memory and its
/// kilroy share an id. `imageURL` is absolute (resolved against the server the client talks to).
public struct CloudKilroy: Codable, Identifiable, Hashable, Sendable {
    public let id: String
    /// Where to download the photo.
    public let imageURL: String
    public let latitude: Double
    public let longitude: Double
    /// The geohash of the position (the server stores precision 10).
    public let geohash: String
    /// The place's name; empty when the dropper gave none.
    public let placeName: String
    public let placeAddress: String?
    public let comment: String?
    /// When the memory was captured on the dropping device.
    public let createdAt: Date
    /// Whether this device dropped it. The cloud never says who else did: a device's identity
    /// is its credential, which only the device holds.
    public let isMine: Bool

    public init(
        id: String, imageURL: String, latitude: Double, longitude: Double, geohash: String, placeName: String,
        placeAddress: String? = nil, comment: String? = nil, createdAt: Date, isMine: Bool
    ) {
        self.id = id
        self.imageURL = imageURL
        self.latitude = latitude
        self.longitude = longitude
        self.geohash = geohash
        self.placeName = placeName
        self.placeAddress = placeAddress
        self.comment = comment
        self.createdAt = createdAt
        self.isMine = isMine
    }
}
