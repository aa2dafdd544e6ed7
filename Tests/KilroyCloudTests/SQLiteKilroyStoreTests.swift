import Foundation
import GRDB
import Geo
import Storage
import TestSupport
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
        let folder = ScratchFolder.url("kilroy-store")
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

    /// Two stores on one file stand for two server processes: each keeps its own position cache,
    /// and each must see the other's creations and deletions at once — including a new kilroy
    /// that SQLite gives the rowid of a deleted one (the last rowid is reused after a deletion),
    /// and one that takes a rowid below the highest the cache ever learnt, freed when the rows
    /// above it were deleted (seeds 13, 38, 142 and 146 lost such a kilroy before migration v8).
    @Test(
        "two stores on one file: near queries follow each other's creations and deletions, rowid reuse included",
        arguments: [0xCAC4E, 13, 38, 142, 146] + Array(1_000..<1_020))
    func positionCacheFollowsOtherWriters(seed: UInt64) async throws {
        let folder = ScratchFolder.url("kilroy-store")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("kilroy.sqlite")
        let stores = [try SQLiteKilroyStore.open(at: url), try SQLiteKilroyStore.open(at: url)]
        _ = try await stores[0].insertImage(Self.image)
        // Far away and never deleted, so the image always has a kilroy and stays.
        _ = try await stores[0].createKilroy(try Self.record(latitude: 60))
        var generator = SplitMix64(seed: seed)
        var alive: [String: Coordinate] = [:]
        var lastCreated: String?
        func check(_ step: Int) async throws {
            for store in stores.shuffled(using: &generator) {
                let center = try Coordinate(
                    latitude: 1 + Double.random(in: -0.01...0.01, using: &generator),
                    longitude: 2 + Double.random(in: -0.01...0.01, using: &generator))
                let radius = Double.random(in: 100...2_000, using: &generator)
                let expected = alive.compactMap { id, point -> (id: String, distance: Double)? in
                    let distance = haversineDistance(from: center, to: point)
                    return distance <= radius ? (id, distance) : nil
                }
                .sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.id < $1.id }
                let found = try await store.nearby(center: center, radius: radius, limit: 10_000) { _ in .include }
                #expect(found.kilroys.map(\.kilroy.id) == expected.map(\.id), "seed \(seed), step \(step)")
            }
        }
        for step in 0..<300 {
            let store = stores.randomElement(using: &generator) ?? stores[0]
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<3 where !alive.isEmpty:
                // Mostly the newest kilroy: its rowid is the one SQLite hands out again.
                let id =
                    Bool.random(using: &generator) ? lastCreated ?? "" : alive.keys.sorted().randomElement(using: &generator) ?? ""
                guard alive[id] != nil else { continue }
                #expect(try await store.deleteKilroy(id: id, owner: Self.deviceOne) == .deleted(orphanedImageID: nil))
                alive[id] = nil
            default:
                let latitude = 1 + Double.random(in: -0.01...0.01, using: &generator)
                var record = try Self.record(latitude: latitude)
                record.coordinate = try Coordinate(latitude: latitude, longitude: 2 + Double.random(in: -0.01...0.01, using: &generator))
                _ = try await store.createKilroy(record)
                alive[record.id] = record.coordinate
                lastCreated = record.id
            }
            if step % 3 == 0 { try await check(step) }
        }
        try await check(300)
        #expect(alive.count > 30)
    }

    /// Near answers come from the records the store keeps (``KilroyRecordCache``) once it has
    /// loaded them: a report, a hide or a claim through the other store (another process) must
    /// show in the next answer of this one, never the record as it was kept.
    @Test("two stores on one file: near answers carry each other's reports, hides and claims at once")
    func keptRecordsFollowOtherWriters() async throws {
        let folder = ScratchFolder.url("kilroy-store")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("kilroy.sqlite")
        let stores = [try SQLiteKilroyStore.open(at: url), try SQLiteKilroyStore.open(at: url)]
        _ = try await stores[0].insertImage(Self.image)
        let reporters = (2...6).map { Devices.digest(Devices.token($0)) }
        let legacy = Devices.digest(Devices.token(7))
        // Each reporter drops one kilroy far away, as reporting asks.
        for reporter in reporters { _ = try await stores[0].createKilroy(try Self.record(device: reporter, latitude: 60)) }
        var ids: [String] = []
        for index in 0..<20 {
            let owner = index.isMultiple(of: 4) ? legacy : Self.deviceOne
            let record = try Self.record(device: owner, latitude: 1 + Double(index) * 0.0001)
            _ = try await stores[index % 2].createKilroy(record)
            ids.append(record.id)
        }
        let center = try Coordinate(latitude: 1, longitude: 2)
        var generator = SplitMix64(seed: 0x4EC0D)
        func check(_ step: String) async throws {
            for (index, store) in stores.enumerated() {
                let answer = try await store.nearby(center: center, radius: 5_000, limit: 100) { _ in .include }
                #expect(answer.kilroys.count == ids.count, "\(step), store \(index)")
                for near in answer.kilroys {
                    // Read from the file, past any cache.
                    let stored = try await stores[1 - index].kilroy(id: near.kilroy.id)
                    #expect(near.kilroy == stored, "\(step), store \(index), kilroy \(near.kilroy.id)")
                }
            }
        }
        // Twice: the second query answers from the kept records (kept at the first load, as the
        // cache has room).
        try await check("start")
        try await check("start, again")
        #expect(stores.allSatisfy { $0.positionCache.recordCount == ids.count })
        for step in 0..<40 {
            let id = ids.randomElement(using: &generator) ?? ids[0]
            let reporter = reporters.randomElement(using: &generator) ?? reporters[0]
            let store = stores.randomElement(using: &generator) ?? stores[0]
            _ = try await store.reportKilroy(id: id, reporter: reporter, reason: nil, at: Date(), hideThreshold: 3, policy: .off)
            try await check("report \(step)")
        }
        #expect(try await stores[1].claimLegacyDevice(legacy: legacy, by: Self.deviceOne, at: Date()) == .claimed(kilroyCount: 5))
        try await check("claim")
        for store in stores {
            let answer = try await store.nearby(center: center, radius: 5_000, limit: 100) { _ in .include }
            #expect(answer.kilroys.allSatisfy { $0.kilroy.owner == Self.deviceOne })
        }
    }
}

extension SQLiteKilroyStoreTests {
    /// A store file in `folder` holding 30 kilroys 11 m apart in a row, and the store that wrote them.
    static func thirtyKilroys(in folder: URL) async throws -> (URL, SQLiteKilroyStore) {
        let url = folder.appendingPathComponent("kilroy.sqlite")
        let store = try SQLiteKilroyStore.open(at: url)
        _ = try await store.insertImage(Self.image)
        for index in 0..<30 { _ = try await store.createKilroy(try Self.record(latitude: 1 + Double(index) * 0.0001)) }
        return (url, store)
    }

    /// A store that keeps no record reads every row from the file and answers the same.
    @Test("a store that keeps no record answers as one that keeps them")
    func noKeptRecords() async throws {
        let folder = ScratchFolder.url("kilroy-store")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (url, keeping) = try await Self.thirtyKilroys(in: folder)
        let reading = try SQLiteKilroyStore.open(at: url, recentRecords: 0)
        let center = try Coordinate(latitude: 1, longitude: 2)
        for _ in 0..<3 {
            let kept = try await keeping.nearby(center: center, radius: 5_000, limit: 25) { _ in .include }
            let read = try await reading.nearby(center: center, radius: 5_000, limit: 25) { _ in .include }
            #expect(kept.kilroys == read.kilroys)
            #expect(kept.kilroys.count == 25)
        }
        #expect(keeping.positionCache.recordCount == 25)
        #expect(reading.positionCache.recordCount == 0)
    }

    /// At start-up the server keeps every record when they all fit, and none when they do not.
    @Test("every record is kept at start when all fit, none when they do not")
    func keepEveryRecord() async throws {
        let folder = ScratchFolder.url("kilroy-store")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (url, _) = try await Self.thirtyKilroys(in: folder)
        let (fitting, tooSmall) = (try SQLiteKilroyStore.open(at: url, recentRecords: 30), try SQLiteKilroyStore.open(at: url, recentRecords: 29))
        let reading = try SQLiteKilroyStore.open(at: url, recentRecords: 0)
        for store in [fitting, tooSmall] {
            try await store.loadPositions()
            try await store.keepEveryRecord()
        }
        #expect(fitting.positionCache.recordCount == 30)
        #expect(tooSmall.positionCache.recordCount == 0)
        // The kept records are the rows: the same answers as a store that reads every row.
        let center = try Coordinate(latitude: 1, longitude: 2)
        let kept = try await fitting.nearby(center: center, radius: 5_000, limit: 100) { _ in .include }
        let read = try await reading.nearby(center: center, radius: 5_000, limit: 100) { _ in .include }
        #expect(kept.kilroys.count == 30)
        #expect(kept.kilroys == read.kilroys)
    }

    /// A cache further behind than the log keeps (another process pruned what it needed)
    /// reloads every position and forgets its records, rather than miss what was pruned.
    @Test("a cache behind a pruned change log reloads, and misses nothing")
    func prunedLogReloads() async throws {
        let folder = ScratchFolder.url("kilroy-store")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("kilroy.sqlite")
        let (behind, writer) = (try SQLiteKilroyStore.open(at: url), try SQLiteKilroyStore.open(at: url))
        _ = try await writer.insertImage(Self.image)
        let first = try Self.record(latitude: 1)
        _ = try await writer.createKilroy(first)
        let center = try Coordinate(latitude: 1, longitude: 2)
        for _ in 0..<2 { _ = try await behind.nearby(center: center, radius: 1_000, limit: 10) { _ in .include } }
        #expect(behind.positionCache.recordCount == 1)

        // Another process moves on: a new kilroy, and the first one moved far away.
        let second = try Self.record(latitude: 1.001)
        _ = try await writer.createKilroy(second)
        try await writer.writer.write { db in
            try db.execute(sql: "UPDATE kilroys SET latitude = 50 WHERE id = ?", arguments: [first.id])
            // What the pruning trigger does once the log is long: here everything but the last entry.
            try db.execute(
                sql: """
                    UPDATE kilroy_changes_pruned SET through = (SELECT max(seq) - 1 FROM kilroy_changes);
                    DELETE FROM kilroy_changes WHERE seq < (SELECT max(seq) FROM kilroy_changes);
                    """)
        }
        let answer = try await behind.nearby(center: center, radius: 1_000, limit: 10) { _ in .include }
        #expect(answer.kilroys.map(\.kilroy.id) == [second.id])
        // The first kilroy's record (rowid 1) is forgotten; only the one this answer loaded is kept.
        #expect(behind.positionCache.records([1], seenAt: .max) == [nil])
        #expect(behind.positionCache.recordCount == 1)
    }

    @Test("every 10,000th change prunes the log to its last 100,000 entries and records how far")
    func pruningTrigger() async throws {
        let store = try SQLiteKilroyStore.inMemory()
        let (count, through) = try await store.writer.write { db in
            try db.execute(
                sql: """
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 125000)
                    INSERT INTO kilroy_changes (kilroy_rowid, latitude, longitude, added) SELECT i, 0, 0, 1 FROM n
                    """)
            return (
                try Int.fetchOne(db, sql: "SELECT count(*) FROM kilroy_changes"),
                try Int.fetchOne(db, sql: "SELECT through FROM kilroy_changes_pruned")
            )
        }
        // Pruned at 110,000 and 120,000: entries 20,001...125,000 are left.
        #expect(count == 105_000)
        #expect(through == 20_000)
    }
}
