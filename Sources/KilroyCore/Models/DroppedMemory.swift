public import Foundation

/// A photo memory left at a place: the seed's local model, stored in `memories.json`.
///
/// The JSON shape is the seed's (`id`, `coordinate`, `capturedAt`, `imageFilename`, `comment`,
/// `placeName`, `placeAddress`), so a store written by the iOS app reads here and the other way
/// round. `capturedAt` is written the way the encoder is configured (a plain `JSONEncoder`
/// writes seconds since 2001-01-01, as the seed does) and read from either that number or an
/// ISO 8601 string.
public struct DroppedMemory: Codable, Identifiable, Hashable, Sendable {
    /// Chosen on the device; also the id of the memory's kilroy once it is uploaded.
    public let id: UUID
    /// Where the memory was dropped.
    public let coordinate: CodableCoordinate
    /// When the photo was taken.
    public let capturedAt: Date
    /// The photo's file name inside the store's `MemoryImages/` folder, e.g. `{uuid}.jpg`.
    public let imageFilename: String
    /// What the person wrote, at most ``MemoryLimits/commentLength`` characters.
    public let comment: String?
    /// A short name of the place, e.g. "Café Luxembourg".
    public let placeName: String?
    /// The place's address.
    public let placeAddress: String?

    /// How near (metres) a person must come for the memory to tap them: the seed's geofence.
    public static let geofenceRadius: Double = 10.0

    /// Creates a memory; `imageFilename` defaults to `{UUID}.jpg` as in the seed (the store
    /// replaces it with the extension of the photo's real format when saving).
    public init(
        id: UUID = UUID(),
        coordinate: CodableCoordinate,
        capturedAt: Date,
        imageFilename: String? = nil,
        comment: String? = nil,
        placeName: String? = nil,
        placeAddress: String? = nil
    ) {
        self.id = id
        self.coordinate = coordinate
        self.capturedAt = capturedAt
        self.imageFilename = imageFilename ?? "\(id.uuidString).jpg"
        self.comment = comment
        self.placeName = placeName
        self.placeAddress = placeAddress
    }

    private enum CodingKeys: String, CodingKey {
        case id, coordinate, capturedAt, imageFilename, comment, placeName, placeAddress
    }

    /// Decodes the seed's JSON. `capturedAt` may be what the decoder's date strategy expects, a
    /// number of seconds since 2001-01-01 (Foundation's default), or an ISO 8601 string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        coordinate = try container.decode(CodableCoordinate.self, forKey: .coordinate)
        capturedAt = try FlexibleDate.decode(from: container, forKey: .capturedAt)
        imageFilename = try container.decode(String.self, forKey: .imageFilename)
        comment = try container.decodeIfPresent(String.self, forKey: .comment)
        placeName = try container.decodeIfPresent(String.self, forKey: .placeName)
        placeAddress = try container.decodeIfPresent(String.self, forKey: .placeAddress)
    }

    /// A copy with the given image file name and cleaned text fields (used by the store).
    func with(imageFilename: String, comment: String?, placeName: String?, placeAddress: String?) -> DroppedMemory {
        DroppedMemory(
            id: id, coordinate: coordinate, capturedAt: capturedAt, imageFilename: imageFilename,
            comment: comment, placeName: placeName, placeAddress: placeAddress
        )
    }
}
