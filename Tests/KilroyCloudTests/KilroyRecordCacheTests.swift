import Foundation
import Geo
import TestSupport
import Testing

@testable import KilroyCloud

@Suite("Kilroy record cache")
struct KilroyRecordCacheTests {
    /// Offers the row's record twice, which keeps it even in a full cache (where the first offer
    /// only marks it offered).
    static func keep(_ rowID: Int64, in cache: inout KilroyRecordCache, comment: String = "hi") throws {
        for _ in 0..<2 { cache.insert(try record(rowID, comment: comment), rowID: rowID, seenAt: 0) }
    }

    static func record(_ rowID: Int64, comment: String = "hi") throws -> KilroyRecord {
        KilroyRecord(
            id: "kilroy-\(rowID)", owner: Devices.digest(Devices.token(1)), coordinate: try Coordinate(latitude: 1, longitude: 2),
            imageID: "image", placeName: nil, placeAddress: nil, comment: comment,
            createdAt: Date(timeIntervalSince1970: 1_700_000_000), receivedAt: Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test("never holds more than its capacity, and keeps what was used lately", arguments: [1, 2, 3, 10, 101])
    func bounded(capacity: Int) throws {
        var cache = KilroyRecordCache(capacity: capacity)
        var generator = SplitMix64(seed: UInt64(capacity))
        for step in 0..<1_000 {
            let rowID = Int64.random(in: 0..<Int64(capacity * 3), using: &generator)
            if let held = cache.record(rowID, seenAt: 0) {
                #expect(held == (try Self.record(rowID)))
            } else {
                try Self.keep(rowID, in: &cache)
            }
            #expect(cache.count <= capacity, "step \(step)")
            // The record just inserted or renewed is always held.
            #expect(cache.record(rowID, seenAt: 0) != nil, "step \(step)")
        }
    }

    @Test("a removed or replaced record is never returned")
    func removeAndReplace() throws {
        var cache = KilroyRecordCache(capacity: 4)
        for rowID in Int64(1)...3 { try Self.keep(rowID, in: &cache) }
        cache.remove(1)
        cache.remove(3)
        #expect(cache.record(1, seenAt: 0) == nil)
        #expect(cache.record(3, seenAt: 0) == nil)
        #expect(cache.record(2, seenAt: 0) == (try Self.record(2)))
        cache.insert(try Self.record(2, comment: "changed"), rowID: 2, seenAt: 0)  // a held row is replaced at once
        #expect(cache.record(2, seenAt: 0)?.comment == "changed")
        #expect(cache.count == 1)
    }

    @Test("a full cache evicts a record not used since the hand last passed, one per insert")
    func secondChance() throws {
        var cache = KilroyRecordCache(capacity: 3)
        for rowID in Int64(1)...3 { try Self.keep(rowID, in: &cache) }
        _ = cache.record(1, seenAt: 0)
        try Self.keep(4, in: &cache)
        #expect([1, 2, 3, 4].map { cache.record($0, seenAt: 0) != nil } == [true, false, true, true])
        // Every record is marked used now: the hand clears them all, then takes the first.
        try Self.keep(5, in: &cache)
        #expect(cache.count == 3)
        #expect(cache.record(5, seenAt: 0) != nil)
        // A removed record's slot is the next one filled; nothing else is evicted.
        cache.remove(5)
        try Self.keep(6, in: &cache)
        #expect(cache.count == 3)
        #expect(cache.record(6, seenAt: 0) != nil)
    }

    @Test("while there is room every row offered is kept at once")
    func keptWhileRoom() throws {
        var cache = KilroyRecordCache(capacity: 1_000)
        for rowID in Int64(0)..<1_000 { cache.insert(try Self.record(rowID), rowID: rowID, seenAt: 0) }
        #expect(cache.count == 1_000)
        #expect(cache.record(999, seenAt: 0) != nil)
        // A removed row's slot is room again: the next row offered takes it at once.
        cache.remove(7)
        cache.insert(try Self.record(5_000), rowID: 5_000, seenAt: 0)
        #expect(cache.record(5_000, seenAt: 0) != nil)
        #expect(cache.count == 1_000)
    }

    @Test("once full, a row offered once is not kept; offered again while lately offered, it is")
    func doorkeeper() throws {
        // Full with rows 0..<1,000, each kept at its first offer while there was room.
        func full() throws -> KilroyRecordCache {
            var cache = KilroyRecordCache(capacity: 1_000)
            for rowID in Int64(0)..<1_000 { cache.insert(try Self.record(rowID), rowID: rowID, seenAt: 0) }
            return cache
        }
        // 4,096 bits: a few of 500 new rows share a bit, and are kept at their first offer.
        var cache = try full()
        let newRows = Int64(10_000)..<10_500
        for rowID in newRows { cache.insert(try Self.record(rowID), rowID: rowID, seenAt: 0) }
        #expect(newRows.filter { cache.record($0, seenAt: 0) != nil }.count < 60)
        for rowID in newRows { cache.insert(try Self.record(rowID), rowID: rowID, seenAt: 0) }
        #expect(newRows.allSatisfy { cache.record($0, seenAt: 0) != nil })
        #expect(cache.count == 1_000)

        var later = try full()
        for rowID in newRows { later.insert(try Self.record(rowID), rowID: rowID, seenAt: 0) }
        // 2,000 other rows offered once: past 1,000 offers the doorkeeper forgets, so the
        // second offer of the 500 new rows keeps only those whose bit a later row set (about 1 in 4).
        for rowID in Int64(20_000)..<22_000 { later.insert(try Self.record(rowID), rowID: rowID, seenAt: 0) }
        for rowID in newRows { later.insert(try Self.record(rowID), rowID: rowID, seenAt: 0) }
        #expect(newRows.filter { later.record($0, seenAt: 0) != nil }.count < 250)
    }

    @Test("a record is returned only for states at or after the one it was seen in")
    func seenAt() throws {
        var cache = KilroyRecordCache(capacity: 10)
        // Offered twice to be kept, then seen again in a later state.
        for mark in [5, 5, 7] as [Int64] { cache.insert(try Self.record(1), rowID: 1, seenAt: mark) }
        #expect(cache.record(1, seenAt: 4) == nil)
        #expect(cache.record(1, seenAt: 5) != nil)
        #expect(cache.record(1, seenAt: 90) != nil)
        // Seen again in an earlier state: it has been the row since then.
        cache.insert(try Self.record(1), rowID: 1, seenAt: 3)
        #expect(cache.record(1, seenAt: 3) != nil)
    }

    @Test("capacity 0 holds nothing")
    func disabled() throws {
        var cache = KilroyRecordCache(capacity: 0)
        try Self.keep(1, in: &cache)
        #expect(cache.record(1, seenAt: 0) == nil)
        #expect(cache.count == 0)
    }
}
