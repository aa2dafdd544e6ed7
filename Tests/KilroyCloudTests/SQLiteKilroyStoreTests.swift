import Foundation
import Geo
import Storage
import Testing

@testable import KilroyCloud

@Suite("SQLite Kilroy store")
struct SQLiteKilroyStoreTests {
    static let image = StoredImageRecord(
        id: BlobStore.cid(for: Data("store".utf8)), format: .png, byteCount: 5, uploader: deviceOne,
        uploadedAt: Date(timeIntervalSince1970: 1_700_000_000))

    static let deviceOne = Devices.digest(Devices.token(1))
    static let deviceTwo = Devices.digest(Devices.token(2))

    static func record(_ id: String = UUID().uuidString, device: DeviceDigest = deviceOne, latitude: Double = 1) throws
        -> KilroyRecord
    {
        let coordinate = try Coordinate(latitude: latitude, longitude: 2)
        return KilroyRecord(
            id: id, owner: device, coordinate: coordinate, imageID: image.id,
            placeName: "Here", placeAddress: nil, comment: "hi", createdAt: Date(timeIntervalSince1970: 1_700_000_100),
            receivedAt: Date(timeIntervalSince1970: 1_700_000_200))
    }

    @Test("an image is recorded once; its metadata reads back")
    func images() async throws {
        let store = try SQLiteKilroyStore.inMemory()
        #expect(try await store.insertImage(Self.image))
        #expect(try await !store.insertImage(Self.image))
        #expect(try await store.image(id: Self.image.id) == Self.image)
    }

    @Test("create, replay, conflict and a missing image each give their outcome")
    func creationOutcomes() async throws {
        let store = try SQLiteKilroyStore.inMemory()
        let kilroy = try Self.record()
        #expect(try await store.createKilroy(kilroy) == .imageMissing)
        _ = try await store.insertImage(Self.image)
        #expect(try await store.createKilroy(kilroy) == .created(kilroy))
        var retry = kilroy
        retry.receivedAt = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(try await store.createKilroy(retry) == .replayed(kilroy))
        var other = kilroy
        other.comment = "changed"
        #expect(try await store.createKilroy(other) == .conflict(existing: kilroy))
        #expect(try await store.kilroy(id: kilroy.id) == kilroy)
        #expect(try await store.dropCount(owner: kilroy.owner) == 1)
    }

    @Test("a batch create reports each outcome in order and stores the new ones")
    func batchCreate() async throws {
        let store = try SQLiteKilroyStore.inMemory()
        _ = try await store.insertImage(Self.image)
        let first = try Self.record()
        let second = try Self.record(device: Self.deviceTwo)
        var clash = first
        clash.owner = Self.deviceTwo
        let outcomes = try await store.createKilroys([first, second, clash, first])
        #expect(outcomes == [.created(first), .created(second), .conflict(existing: first), .replayed(first)])
        #expect(try await store.dropCount(owner: Self.deviceTwo) == 1)
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

    @Test("the decision sees hidden kilroys, withheld ones are counted, and drop locations are the device's own")
    func decisions() async throws {
        let store = try SQLiteKilroyStore.inMemory()
        _ = try await store.insertImage(Self.image)
        let mine = try Self.record(device: Self.deviceOne, latitude: 1)
        let theirs = try Self.record(device: Self.deviceTwo, latitude: 1.0001)
        let hidden = try Self.record(device: Self.deviceTwo, latitude: 1.0002)
        _ = try await store.createKilroys([mine, theirs, hidden])
        for reporter in [UInt8(10), 11, 12].map({ Devices.digest(Devices.token($0)) }) {
            // Reporters must have dropped a kilroy of their own.
            _ = try await store.createKilroy(try Self.record(device: reporter, latitude: -40))
            _ = try await store.reportKilroy(
                id: hidden.id, reporter: reporter, reason: nil, at: Date(), hideThreshold: 3, policy: .off)
        }
        let centre = try Coordinate(latitude: 1, longitude: 2)
        let result = try await store.nearby(center: centre, radius: 1_000, limit: 10) { candidate in
            if candidate.isHidden { return .skip }
            return candidate.owner == Self.deviceOne ? .include : .withhold
        }
        #expect(result.kilroys.map(\.kilroy.id) == [mine.id])
        #expect(result.withheldCount == 1)
        let locations = try await store.dropLocations(owner: Self.deviceTwo, center: centre, radius: 1_000)
        #expect(locations == [theirs.coordinate, hidden.coordinate])
    }
}
