import Foundation
import GRDB
import Geo
import HTTPTypes
import HummingbirdTesting
import KilroyAPI
import Storage
import TestSupport
import Testing

@testable import KilroyCloud

/// Issue 13, migration: server stores from before credentials hold the raw device ids every
/// viewer could read. The v2 migration replaces each with its legacy digest, so no raw id remains
/// and none works as a credential; a device claims its old id's rows once for its new credential.
@Suite("Regression: stores with raw device ids are migrated to digests and claimed once")
struct LegacyDeviceMigrationTests {
    static let aliceOldID = "0f8fad5b-d9cb-469f-a165-70867728950e"
    static let bobOldID = "device-bob-0002"
    static let kilroyID = "6F9619FF-8B86-D011-B42D-00C04FC964FF"
    static let imageID = BlobStore.cid(for: Data("old photo".utf8))

    /// A database file at the v1 schema, filled the way the v1 server filled it.
    static func v1Store(in folder: URL) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("kilroy.sqlite")
        let queue = try DatabaseQueue(path: url.path)
        try KilroySchema.migrator.migrate(queue, upTo: "v1")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO images VALUES (?, 'jpeg', 9, ?, 1700000000)", arguments: [imageID, aliceOldID])
            try db.execute(
                sql: """
                    INSERT INTO kilroys (id, device_id, latitude, longitude, geohash, image_id, place_name, place_address,
                                         comment, created_at, received_at, report_count, hidden)
                    VALUES (?, ?, 48.8584, 2.2945, 'u09tunquc9', ?, 'Tour Eiffel', NULL, 'old', 1700000000, 1700000001, 1, 0)
                    """,
                arguments: [kilroyID, aliceOldID, imageID])
            try db.execute(
                sql: "INSERT INTO reports VALUES (?, ?, 'spam', 1700000002)", arguments: [kilroyID, bobOldID])
            try db.execute(sql: "INSERT INTO device_drops VALUES (?, 4)", arguments: [aliceOldID])
            try db.execute(sql: "INSERT INTO device_drops VALUES (?, 1)", arguments: [bobOldID])
        }
        try queue.close()
        return url
    }

    @Test("migration leaves no raw id in any row, and the kilroy reads back owned by the old id's digest")
    func migrationReplacesRawIDs() async throws {
        let folder = ScratchFolder.url("kilroy-v1")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try Self.v1Store(in: folder)
        let store = try SQLiteKilroyStore.open(at: url)

        let kilroy = try #require(try await store.kilroy(id: Self.kilroyID))
        #expect(kilroy.owner == DeviceDigest(legacyDeviceID: Self.aliceOldID))
        #expect(kilroy.comment == "old" && kilroy.reportCount == 1)
        #expect(try await store.image(id: Self.imageID)?.uploader == DeviceDigest(legacyDeviceID: Self.aliceOldID))
        #expect(try await store.dropCount(owner: DeviceDigest(legacyDeviceID: Self.aliceOldID)) == 4)

        let text = try await store.writer.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT quote(owner) FROM kilroys UNION ALL SELECT quote(uploader) FROM images
                    UNION ALL SELECT quote(reporter) FROM reports UNION ALL SELECT quote(owner) FROM device_drops
                    """)
        }
        #expect(text.count == 5)
        #expect(text.allSatisfy { $0.hasPrefix("X'") && $0.count == 67 })
        try await store.writer.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        var files = Data()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files += try Data(contentsOf: folder.appendingPathComponent(name))
        }
        #expect(files.range(of: Data(Self.aliceOldID.utf8)) == nil)
        #expect(files.range(of: Data(Self.bobOldID.utf8)) == nil)
    }

    @Test("the old id claims its kilroys for a new credential once; then neither it nor anyone else can")
    func claimOnce() async throws {
        let folder = ScratchFolder.url("kilroy-v1")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteKilroyStore.open(at: try Self.v1Store(in: folder))
        let harness = try KilroyCloudHarness(store: store)
        try await harness.run { client in
            // Before the claim the kilroy belongs to nobody who can authenticate.
            #expect(try await client.send(.delete, "/kilroys/\(Self.kilroyID)", device: Devices.alice).status == .forbidden)
            let old = try await client.send(.get, "/kilroys/\(Self.kilroyID)", device: Devices.alice)
            #expect(try old.decoded(Components.Schemas.Kilroy.self).isMine == false)

            let claim = try await client.claim(Self.aliceOldID, device: Devices.alice)
            #expect(claim.status == .ok)
            #expect(try claim.decoded(Components.Schemas.LegacyClaimResult.self).kilroyCount == 1)
            let mine = try await client.send(.get, "/kilroys/\(Self.kilroyID)", device: Devices.alice)
            #expect(try mine.decoded(Components.Schemas.Kilroy.self).isMine)
            #expect(try await harness.store.dropCount(owner: Devices.digest(Devices.alice)) == 4)
            #expect(try await harness.store.dropCount(owner: DeviceDigest(legacyDeviceID: Self.aliceOldID)) == 0)

            // A repeat by the same credential changes nothing; another credential is refused.
            let again = try await client.claim(Self.aliceOldID, device: Devices.alice)
            #expect(try again.decoded(Components.Schemas.LegacyClaimResult.self).kilroyCount == 0)
            let thief = try await client.claim(Self.aliceOldID, device: Devices.carol)
            #expect(thief.status == .conflict)
            #expect(thief.error?.field == "legacyDeviceId")
            #expect(try await harness.store.kilroy(id: Self.kilroyID)?.owner == Devices.digest(Devices.alice))

            // Bob's old report moves with his claim; an id nobody used is a 404; a malformed one a 400.
            #expect(try await client.claim(Self.bobOldID, device: Devices.bob).status == .ok)
            #expect(try await harness.store.dropCount(owner: Devices.digest(Devices.bob)) == 1)
            #expect(try await client.claim("never-used-id", device: Devices.dave).status == .notFound)
            let malformed = try await client.claim("bad id!", device: Devices.dave)
            #expect(malformed.status == .badRequest)
            #expect(malformed.error?.field == "legacyDeviceId")

            #expect(try await client.send(.delete, "/kilroys/\(Self.kilroyID)", device: Devices.alice).status == .noContent)
        }
    }

    @Test("a claimant that already reported or dropped keeps one report per kilroy and sums drop counts")
    func claimMerges() async throws {
        let store = try SQLiteKilroyStore.inMemory()
        let legacy = DeviceDigest(legacyDeviceID: "legacy-device-01")
        let claimant = Devices.digest(Devices.erin)
        let author = Devices.digest(Devices.alice)
        let image = StoredImageRecord(
            id: Self.imageID, format: .jpeg, byteCount: 9, uploader: author, uploadedAt: Date(timeIntervalSince1970: 1))
        _ = try await store.insertImage(image)
        func record(_ owner: DeviceDigest, latitude: Double) throws -> KilroyRecord {
            KilroyRecord(
                id: UUID().uuidString, owner: owner, coordinate: try .init(latitude: latitude, longitude: 2),
                imageID: image.id, placeName: nil, placeAddress: nil, comment: nil,
                createdAt: Date(timeIntervalSince1970: 10), receivedAt: Date(timeIntervalSince1970: 11))
        }
        let target = try record(author, latitude: 1)
        let legacyOwn = try record(legacy, latitude: 3)
        _ = try await store.createKilroys([target, legacyOwn, try record(claimant, latitude: 4)])
        for reporter in [legacy, claimant] {
            _ = try await store.reportKilroy(
                id: target.id, reporter: reporter, reason: nil, at: Date(), hideThreshold: 5, policy: .off)
        }
        #expect(try await store.kilroy(id: target.id)?.reportCount == 2)
        #expect(try await store.claimLegacyDevice(legacy: legacy, by: claimant, at: Date()) == .claimed(kilroyCount: 1))
        #expect(try await store.kilroy(id: target.id)?.reportCount == 1)
        #expect(try await store.kilroy(id: legacyOwn.id)?.owner == claimant)
        #expect(try await store.dropCount(owner: claimant) == 2)
    }
}
