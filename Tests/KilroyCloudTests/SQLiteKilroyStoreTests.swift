import Foundation
import Geo
import Storage
import Testing

@testable import KilroyCloud

/// What only the SQLite store has: a database file. Everything both stores must do is in the
/// store contract (`Tests/KilroyStoreContractTests`), run against SQLite and PostgreSQL.
@Suite("SQLite Kilroy store")
struct SQLiteKilroyStoreTests {
    static let image = StoredImageRecord(
        id: BlobStore.cid(for: Data("store".utf8)), format: .png, byteCount: 5, uploader: deviceOne,
        uploadedAt: Date(timeIntervalSince1970: 1_700_000_000))

    static let deviceOne = Devices.digest(Devices.token(1))

    static func record(_ id: String = UUID().uuidString, device: DeviceDigest = deviceOne, latitude: Double = 1) throws
        -> KilroyRecord
    {
        let coordinate = try Coordinate(latitude: latitude, longitude: 2)
        return KilroyRecord(
            id: id, owner: device, coordinate: coordinate, imageID: image.id,
            placeName: "Here", placeAddress: nil, comment: "hi", createdAt: Date(timeIntervalSince1970: 1_700_000_100),
            receivedAt: Date(timeIntervalSince1970: 1_700_000_200))
    }

    @Test("data survives reopening the database file")
    func persistence() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kilroy-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("kilroy.sqlite")
        let kilroy = try Self.record()
        do {
            let store = try SQLiteKilroyStore.open(at: url)
            _ = try await store.insertImage(Self.image)
            _ = try await store.createKilroy(kilroy)
        }
        let reopened = try SQLiteKilroyStore.open(at: url)
        #expect(try await reopened.kilroy(id: kilroy.id) == kilroy)
        try await reopened.checkHealth()
    }
}
