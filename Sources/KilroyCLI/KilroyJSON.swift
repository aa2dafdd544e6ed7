import Foundation
import KilroyCore

/// A cloud kilroy as `--json` prints it.
struct KilroyJSON: Encodable {
    let id: String
    let latitude: Double
    let longitude: Double
    let createdAt: Date
    let comment: String?
    let placeName: String
    let placeAddress: String?
    let imageURL: String
    let geohash: String
    /// Whether this device dropped it (the cloud never says who else did).
    let isMine: Bool

    init(_ kilroy: CloudKilroy) {
        id = kilroy.id
        latitude = kilroy.latitude
        longitude = kilroy.longitude
        createdAt = kilroy.createdAt
        comment = kilroy.comment
        placeName = kilroy.placeName
        placeAddress = kilroy.placeAddress
        imageURL = kilroy.imageURL
        geohash = kilroy.geohash
        isMine = kilroy.isMine
    }
}
