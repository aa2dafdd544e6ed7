import Benchmark
import BudsCloud
import Foundation
import GRDB

/// The Buds relay (issue 18): delivering 10,000 queued envelopes to one device — pages of 500
/// read and acknowledged until the queue is empty — through the relay's SQLite store, beside the
/// same reads and deletes done by hand on a plain SQLite table of the same rows (the reference:
/// what the database itself costs).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(30), maxIterations: 8)

    Benchmark("Relay: deliver 10,000 queued envelopes to one device (SQLite store, pages of 500)") { benchmark in
        let fixture = try RelayFixture.make()
        defer { fixture.remove() }
        try await fixture.fill()
        benchmark.startMeasurement()
        var delivered = 0
        while true {
            let (page, _) = try await fixture.store.inbox(deviceId: RelayFixture.reader, limit: 500)
            if page.isEmpty { break }
            delivered += page.count
            try await fixture.store.acknowledge(deviceId: RelayFixture.reader, entries: page.map(\.entry))
        }
        benchmark.stopMeasurement()
        precondition(delivered == RelayFixture.count, "delivered \(delivered)")
    }

    Benchmark("Reference: the same 10,000 rows read and deleted by hand in pages of 500 (plain SQLite table)") { benchmark in
        let fixture = try PlainQueue.make()
        defer { fixture.remove() }
        benchmark.startMeasurement()
        var delivered = 0
        while true {
            let page = try await fixture.database.read { db in
                try Row.fetchAll(db, sql: "SELECT id, bytes FROM queue ORDER BY id LIMIT 500").map { (id: $0[0] as Int64, bytes: $0[1] as Data) }
            }
            if page.isEmpty { break }
            delivered += page.count
            let ids = page.map(\.id)
            try await fixture.database.write { db in
                try db.execute(
                    sql: "DELETE FROM queue WHERE id IN (\(ids.map { _ in "?" }.joined(separator: ",")))", arguments: StatementArguments(ids))
            }
        }
        benchmark.stopMeasurement()
        precondition(delivered == RelayFixture.count)
    }
}

/// A relay store on a file in a temporary folder with one circle, a sender and a reader device.
struct RelayFixture {
    static let count = 10_000
    static let reader = "reader-device"
    /// A shared memory's envelope: a few receipts' chain, sealed (about 3 KiB).
    static let envelopeBytes = Data((0..<3_072).map { UInt8(truncatingIfNeeded: $0 &* 31) })

    let folder: URL
    let store: SQLiteRelayStore

    static func make() throws -> RelayFixture {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("relay-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return RelayFixture(folder: folder, store: try SQLiteRelayStore.open(at: folder.appendingPathComponent("buds.sqlite")))
    }

    /// 10,000 envelopes queued for the reader, as a circle's sender would queue them.
    func fill() async throws {
        let circleId = Data(repeating: 7, count: 16)
        let owner = RelayDevice(did: "did:buds:owner", deviceId: "sender-device")
        let roster = RosterRecord(circleId: circleId, version: 1, ownerDID: owner.did, memberDIDs: [owner.did], bytes: Data("roster".utf8))
        _ = try await store.putRoster(roster, replacing: nil, by: owner)
        for index in 0..<Self.count {
            var id = Data(count: 16)
            withUnsafeBytes(of: UInt64(index).bigEndian) { id.replaceSubrange(8..<16, with: $0) }
            let envelope = EnvelopeRecord(id: id, circleId: circleId, senderDeviceId: owner.deviceId, bytes: Self.envelopeBytes, receivedAt: Date())
            let outcome = try await store.enqueue(envelope, recipients: [Self.reader], rosterVersion: 1, maximumQueue: Self.count + 1)
            precondition(outcome == .queued)
        }
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// The reference: one plain table of the same rows.
struct PlainQueue {
    let folder: URL
    let database: DatabasePool

    static func make() throws -> PlainQueue {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plain-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let database = try DatabasePool(path: folder.appendingPathComponent("plain.sqlite").path)
        try database.write { db in
            try db.execute(sql: "CREATE TABLE queue (id INTEGER PRIMARY KEY AUTOINCREMENT, device TEXT NOT NULL, bytes BLOB NOT NULL)")
            for _ in 0..<RelayFixture.count {
                try db.execute(sql: "INSERT INTO queue (device, bytes) VALUES (?, ?)", arguments: [RelayFixture.reader, RelayFixture.envelopeBytes])
            }
        }
        return PlainQueue(folder: folder, database: database)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
