import Foundation
import Geo
import KilroyCloud
import Storage

/// Devices, images and kilroys the contract tests build their cases from.
enum Fixture {
    /// A device digest named by a short word (through the public legacy-id digest).
    static func device(_ name: String) -> DeviceDigest {
        DeviceDigest(legacyDeviceID: "contract-\(name)")
    }

    static let alice = device("alice")
    static let bob = device("bob")
    static let carol = device("carol")

    /// A fixed instant with a fraction, so dates must round-trip exactly.
    static let epoch = Date(timeIntervalSince1970: 1_763_600_000.123_456)

    static func image(_ name: String = "photo", uploader: DeviceDigest = alice, at date: Date = epoch, byteCount: Int = 1_234)
        -> StoredImageRecord
    {
        StoredImageRecord(id: "bafkrei-\(name)", format: .jpeg, byteCount: byteCount, uploader: uploader, uploadedAt: date)
    }

    static func coordinate(_ latitude: Double, _ longitude: Double) -> Coordinate {
        do {
            return try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            preconditionFailure("fixture coordinate out of range: \(error)")
        }
    }

    /// A kilroy with every optional field set (or not) and fractional dates.
    static func kilroy(
        _ id: String = UUID().uuidString, owner: DeviceDigest = alice, at coordinate: Coordinate = coordinate(48.8566, 2.3522),
        image: StoredImageRecord = image(), comment: String? = "hello"
    ) -> KilroyRecord {
        KilroyRecord(
            id: id, owner: owner, coordinate: coordinate, imageID: image.id, placeName: "Place ✓", placeAddress: nil, comment: comment,
            createdAt: epoch.addingTimeInterval(-3_600.5), receivedAt: epoch.addingTimeInterval(0.25))
    }
}
