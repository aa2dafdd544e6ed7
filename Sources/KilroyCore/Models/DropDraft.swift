public import Foundation

/// What a person enters to drop a memory, before validation: raw numbers and text as typed.
public struct DropDraft: Sendable {
    public var latitude: Double
    public var longitude: Double
    /// The photo's bytes (JPEG, PNG or HEIC).
    public var imageData: Data
    public var comment: String?
    public var placeName: String?
    public var placeAddress: String?
    /// When the photo was taken; the service's clock when `nil`.
    public var capturedAt: Date?
    /// The memory's id; a new UUID when `nil`.
    public var id: UUID?

    public init(
        latitude: Double, longitude: Double, imageData: Data, comment: String? = nil, placeName: String? = nil,
        placeAddress: String? = nil, capturedAt: Date? = nil, id: UUID? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.imageData = imageData
        self.comment = comment
        self.placeName = placeName
        self.placeAddress = placeAddress
        self.capturedAt = capturedAt
        self.id = id
    }
}
