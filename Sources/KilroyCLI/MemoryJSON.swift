import Foundation
import KilroyCore

/// A local memory as `--json` prints it.
struct MemoryJSON: Encodable {
    let id: String
    let latitude: Double
    let longitude: Double
    let capturedAt: Date
    let comment: String?
    let placeName: String?
    let placeAddress: String?
    let imageFilename: String
    let imagePath: String
    /// `pending`, `failed`, `uploaded` or `local`.
    let cloudStatus: String
    let cloudError: String?

    init(_ memory: DroppedMemory, store: MemoryStore, state: CloudSyncState) {
        id = memory.id.uuidString.lowercased()
        latitude = memory.coordinate.latitude
        longitude = memory.coordinate.longitude
        capturedAt = memory.capturedAt
        comment = memory.comment
        placeName = memory.placeName
        placeAddress = memory.placeAddress
        imageFilename = memory.imageFilename
        imagePath = (try? store.imageURL(for: memory).path) ?? ""
        cloudStatus = state.name
        switch state {
        case .failed(let reason): cloudError = reason
        case .pending, .uploaded, .localOnly: cloudError = nil
        }
    }
}
