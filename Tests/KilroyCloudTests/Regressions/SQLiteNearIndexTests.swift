import Foundation
import GRDB
import Geo
import Storage
import TestSupport
import Testing

@testable import KilroyCloud

/// The fast near query (issue 15): a slim `kilroys_geo` index, rows loaded nearest first with
/// equal distances ordered by id, own drops read through `kilroys_owner`, and a memory-mapped
/// server file. The contract suite checks the answers against brute force; these check what it
/// cannot see.
@Suite("SQLite near index")
struct SQLiteNearIndexTests {
    static let image = StoredImageRecord(
        id: BlobStore.cid(for: Data("near-index".utf8)), format: .png, byteCount: 10, uploader: deviceOne,
        uploadedAt: Date(timeIntervalSince1970: 1_700_000_000))
    static let deviceOne = Devices.digest(Devices.token(1))
    static let deviceTwo = Devices.digest(Devices.token(2))

    static func record(_ id: String, owner: DeviceDigest = deviceOne, latitude: Double, longitude: Double) throws -> KilroyRecord {
        KilroyRecord(
            id: id, owner: owner, coordinate: try Coordinate(latitude: latitude, longitude: longitude), imageID: image.id,
            placeName: nil, placeAddress: nil, comment: nil, createdAt: Date(timeIntervalSince1970: 1_700_000_100),
            receivedAt: Date(timeIntervalSince1970: 1_700_000_200))
    }

    static func withFileStore(_ body: (SQLiteKilroyStore) async throws -> Void) async throws {
        let folder = ScratchFolder.url("kilroy-near-index")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteKilroyStore.open(at: folder.appendingPathComponent("kilroy.sqlite"))
        _ = try await store.insertImage(image)
        try await body(store)
    }

    @Test("migration v4 replaces kilroys_near by the slim kilroys_geo, and near queries use it")
    func slimIndex() async throws {
        try await Self.withFileStore { store in
            let (indexes, plan) = try await store.writer.read { db in
                let indexes = try String.fetchAll(db, sql: "SELECT name FROM pragma_index_list('kilroys')")
                let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_index_info('kilroys_geo') ORDER BY seqno")
                let plan = try Row.fetchAll(
                    db, sql: "EXPLAIN QUERY PLAN SELECT rowid FROM kilroys WHERE geohash >= 'a' AND geohash < 'b'"
                ).map { $0["detail"] as String? ?? "" }.joined()
                return (indexes + ["geo:" + columns.joined(separator: ",")], plan)
            }
            #expect(!indexes.contains("kilroys_near"))
            #expect(indexes.contains("kilroys_geo"))
            #expect(indexes.contains("geo:geohash,latitude,longitude"))
            #expect(plan.contains("kilroys_geo"))
        }
    }

    @Test("migrations v7 and v8 log every insert, update and deletion of a row once, for the position caches")
    func everyChangeLogged() async throws {
        try await Self.withFileStore { store in
            _ = try await store.createKilroy(try Self.record("a", latitude: 1, longitude: 2))
            let logged = try await store.writer.write { db in
                var counts: [Int] = []
                for change in [
                    "UPDATE kilroys SET comment = 'new'", "UPDATE kilroys SET report_count = 2, hidden = 1",
                    "UPDATE kilroys SET latitude = 1.5", "UPDATE kilroys SET comment = 'x' WHERE id = 'none'",
                    "DELETE FROM kilroys",
                ] {
                    try db.execute(sql: change)
                    counts.append(try Int.fetchOne(db, sql: "SELECT count(*) FROM kilroy_changes") ?? -1)
                }
                return counts
            }
            // The insert is the first entry.
            #expect(logged == [2, 3, 4, 4, 5])
        }
    }

    @Test("the server store maps its file into memory")
    func memoryMapped() async throws {
        try await Self.withFileStore { store in
            let size = try await store.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA mmap_size") }
            #expect(size == SQLiteKilroyStore.memoryMapBytes)
        }
    }

    @Test("equal distances come back ordered by id, not by insertion, and a limit inside the group keeps the smallest ids")
    func tiesByID() async throws {
        let store = try SQLiteKilroyStore.inMemory()
        _ = try await store.insertImage(Self.image)
        // Four kilroys on one spot, inserted in descending id order, so rowid order is the reverse
        // of id order; one nearer and one farther frame the group.
        let spot = (latitude: 48.8566, longitude: 2.3522)
        let ids = [
            "D0000000-0000-0000-0000-000000000000", "C0000000-0000-0000-0000-000000000000",
            "B0000000-0000-0000-0000-000000000000", "A0000000-0000-0000-0000-000000000000",
        ]
        for id in ids { _ = try await store.createKilroy(try Self.record(id, latitude: spot.latitude, longitude: spot.longitude)) }
        _ = try await store.createKilroy(
            try Self.record("F0000000-0000-0000-0000-000000000000", latitude: spot.latitude + 0.001, longitude: spot.longitude))
        let center = try Coordinate(latitude: spot.latitude + 0.0002, longitude: spot.longitude)
        _ = try await store.createKilroy(
            try Self.record("E0000000-0000-0000-0000-000000000000", latitude: center.latitude, longitude: center.longitude))

        let all = try await store.nearby(center: center, radius: 500, limit: 10) { _ in .include }
        #expect(all.kilroys.map(\.kilroy.id) == ["E0000000-0000-0000-0000-000000000000"] + ids.reversed() + ["F0000000-0000-0000-0000-000000000000"])
        let three = try await store.nearby(center: center, radius: 500, limit: 3) { _ in .include }
        #expect(three.kilroys.map(\.kilroy.id) == ["E0000000-0000-0000-0000-000000000000"] + ids.reversed().prefix(2))
        // `decide` sees the group in id order too: withholding the first two of the group
        // counts exactly those two before the limit is reached.
        let withholding = try await store.nearby(center: center, radius: 500, limit: 2) { candidate in
            candidate.id.hasPrefix("A") || candidate.id.hasPrefix("B") ? .withhold : .include
        }
        #expect(withholding.kilroys.map(\.kilroy.id) == ["E0000000-0000-0000-0000-000000000000", "C0000000-0000-0000-0000-000000000000"])
        #expect(withholding.withheldCount == 2)
        // Rows are loaded in batches of as many as could still be included: skipping the
        // nearest makes the next batch start inside nothing but the group, which is still
        // decided whole and in id order; withholding most of the group needs a third batch.
        let afterSkip = try await store.nearby(center: center, radius: 500, limit: 1) { candidate in
            candidate.id.hasPrefix("E") ? .skip : .include
        }
        #expect(afterSkip.kilroys.map(\.kilroy.id) == ["A0000000-0000-0000-0000-000000000000"])
        let thirdBatch = try await store.nearby(center: center, radius: 500, limit: 2) { candidate in
            candidate.id.hasPrefix("E") ? .skip : candidate.id.hasPrefix("D") || candidate.id.hasPrefix("F") ? .include : .withhold
        }
        #expect(thirdBatch.kilroys.map(\.kilroy.id) == ["D0000000-0000-0000-0000-000000000000", "F0000000-0000-0000-0000-000000000000"])
        #expect(thirdBatch.withheldCount == 3)
    }

    @Test("own drop locations are the owner's only, nearest first, across the antimeridian")
    func ownDrops() async throws {
        let store = try SQLiteKilroyStore.inMemory()
        _ = try await store.insertImage(Self.image)
        let east = try Self.record("A0000000-0000-0000-0000-000000000001", latitude: 10, longitude: 179.9999)
        let west = try Self.record("A0000000-0000-0000-0000-000000000002", latitude: 10, longitude: -179.9995)
        let other = try Self.record("A0000000-0000-0000-0000-000000000003", owner: Self.deviceTwo, latitude: 10, longitude: 180)
        for record in [east, west, other] { _ = try await store.createKilroy(record) }
        let center = try Coordinate(latitude: 10, longitude: 180)
        let locations = try await store.dropLocations(owner: Self.deviceOne, center: center, radius: 200)
        #expect(locations == [east.coordinate, west.coordinate])
        let near = try await store.nearby(center: center, radius: 200, limit: 10) { _ in .include }
        #expect(near.kilroys.map(\.kilroy.id) == [other.id, east.id, west.id])
    }

    @Test("a circle around a pole finds kilroys on every side of it")
    func pole() async throws {
        let store = try SQLiteKilroyStore.inMemory()
        _ = try await store.insertImage(Self.image)
        let sides = [-170.0, -60, 10, 100]
        for (index, longitude) in sides.enumerated() {
            _ = try await store.createKilroy(
                try Self.record("B0000000-0000-0000-0000-00000000000\(index)", latitude: 89.999, longitude: longitude))
        }
        let near = try await store.nearby(center: try Coordinate(latitude: 90, longitude: 0), radius: 200, limit: 10) { _ in .include }
        #expect(near.kilroys.count == sides.count)
    }

    @Test("a corrupt row fails the near query with corruptRow, and the cached statements still serve the next one")
    func corruptRow() async throws {
        let store = try SQLiteKilroyStore.inMemory()
        _ = try await store.insertImage(Self.image)
        let good = try Self.record("C0000000-0000-0000-0000-000000000001", latitude: 48.85, longitude: 2.35)
        let bad = try Self.record("C0000000-0000-0000-0000-000000000002", latitude: 48.85, longitude: 2.3501)
        for record in [good, bad] { _ = try await store.createKilroy(record) }
        let center = try Coordinate(latitude: 48.85, longitude: 2.35)
        #expect(try await store.nearby(center: center, radius: 100, limit: 10) { _ in .include }.kilroys.count == 2)
        // An owner stored as text (a raw id a migration missed) is not a digest.
        try await store.writer.write { db in
            try db.execute(sql: "UPDATE kilroys SET owner = 'raw-device-id' WHERE id = ?", arguments: [bad.id])
        }
        await #expect(throws: KilroyServerStoreError.self) {
            _ = try await store.nearby(center: center, radius: 100, limit: 10) { _ in .include }
        }
        let nearest = try await store.nearby(center: center, radius: 100, limit: 1) { _ in .include }
        #expect(nearest.kilroys.map(\.kilroy) == [good])
    }
}
