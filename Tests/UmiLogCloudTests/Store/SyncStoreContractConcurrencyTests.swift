import Foundation
import Testing
import UmiLogCloud

/// Decisions that must hold when several server processes share one database: each test runs its
/// requests concurrently through two stores that share only the database.
@Suite("Sync store contract: concurrency")
struct SyncStoreContractConcurrencyTests {
    /// Runs `count` calls of `operation` at once, alternating between the two stores; their results
    /// in index order.
    static func concurrently<Result: Sendable>(
        _ count: Int, _ first: SyncStoreUnderTest, _ second: SyncStoreUnderTest,
        _ operation: @escaping @Sendable (_ store: any UmiLogSyncStore, _ index: Int) async throws -> Result
    ) async throws -> [Result] {
        try await withThrowingTaskGroup(of: (Int, Result).self) { group in
            for index in 0..<count {
                let store = index.isMultiple(of: 2) ? first.store : second.store
                group.addTask { (index, try await operation(store, index)) }
            }
            let results = try await group.reduce(into: [(Int, Result)]()) { $0.append($1) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    @Test(
        "8 concurrent pushes of 25 changes: 200 changes numbered exactly 1…200, each push a consecutive run",
        arguments: SyncStoreBackend.available)
    func appends(backend: SyncStoreBackend) async throws {
        try await backend.withTwoStores { first, second async throws in
            let account = try await first.account()
            let batches = (0..<8).map { _ in Sync.changes(25) }
            let outcomes = try await Self.concurrently(8, first, second) { store, index in
                try await store.append(batches[index], accountID: account.id, deviceID: account.device, at: Sync.epoch, quotaBytes: Sync.quota)
            }
            var all: [Int64] = []
            for outcome in outcomes {
                guard case .appended(let seqs) = outcome else {
                    Issue.record("expected appended, got \(outcome)")
                    continue
                }
                #expect(seqs == Array(seqs[0]..<seqs[0] + 25))
                all += seqs
            }
            #expect(all.sorted() == Array(1...200))
            let log = try await second.log(of: account, limit: 37)
            #expect(log.map(\.seq) == Array(1...200))
            #expect(Set(log.map(\.change.changeID)) == Set(batches.joined().map(\.changeID)))
            #expect(try await first.changeRows() == 200)
        }
    }

    @Test("one push sent concurrently through both stores is stored once and answered alike", arguments: SyncStoreBackend.available)
    func samePush(backend: SyncStoreBackend) async throws {
        try await backend.withTwoStores { first, second async throws in
            let account = try await first.account()
            for round in 0..<4 {
                let batch = Sync.changes(10)
                let outcomes = try await Self.concurrently(4, first, second) { store, _ in
                    try await store.append(batch, accountID: account.id, deviceID: account.device, at: Sync.epoch, quotaBytes: Sync.quota)
                }
                let start = Int64(round * 10 + 1)
                #expect(outcomes == Array(repeating: .appended(Array(start..<start + 10)), count: 4))
            }
            #expect(try await first.changeRows() == 40)
            #expect(try await second.store.usedBytes(accountID: account.id) == 40 * 16)
        }
    }

    @Test("concurrent registrations past the device cap never pass it", arguments: SyncStoreBackend.available)
    func deviceCap(backend: SyncStoreBackend) async throws {
        try await backend.withTwoStores { first, second async throws in
            let account = try await first.account()
            let outcomes = try await Self.concurrently(12, first, second) { store, index in
                try await store.registerDevice(Sync.device(account.id, key: UInt8(index + 10), at: Sync.at(Double(index))), maximumDevices: 5)
            }
            #expect(outcomes.filter { $0 == .registered }.count == 4)
            #expect(outcomes.filter { $0 == .tooManyDevices }.count == 8)
            #expect(try await second.store.devices(accountID: account.id).count == 5)
        }
    }

    @Test("concurrent key slots past the cap never pass it", arguments: SyncStoreBackend.available)
    func slotCap(backend: SyncStoreBackend) async throws {
        try await backend.withTwoStores { first, second async throws in
            let account = try await first.account()
            let outcomes = try await Self.concurrently(10, first, second) { store, index in
                try await store.putKeySlot(Sync.slot(account.id, "slot-\(index)"), maximumSlots: 3)
            }
            #expect(outcomes.filter { $0 == .stored }.count == 3)
            #expect(try await second.store.keySlots(accountID: account.id).count == 3)
        }
    }

    @Test("concurrent pushes and blobs near the quota never take the use past it", arguments: SyncStoreBackend.available)
    func quota(backend: SyncStoreBackend) async throws {
        try await backend.withTwoStores { first, second async throws in
            let account = try await first.account()
            let outcomes = try await Self.concurrently(16, first, second) { store, index in
                if index.isMultiple(of: 4) {
                    let outcome = try await store.recordBlob(
                        accountID: account.id, name: "blob-\(index)", cid: "bafy\(index)", size: 100, at: Sync.epoch, quotaBytes: 1000)
                    return outcome == .created
                }
                let outcome = try await store.append(
                    Sync.changes(2, size: 50), accountID: account.id, deviceID: account.device, at: Sync.epoch, quotaBytes: 1000)
                return outcome != .quotaExceeded
            }
            #expect(outcomes.filter { $0 }.count == 10)
            #expect(try await second.store.usedBytes(accountID: account.id) == 1000)
        }
    }

    @Test(
        "a reader pulling while writers push never sees a gap: each page starts right after the cursor",
        arguments: SyncStoreBackend.available)
    func readerSeesNoGap(backend: SyncStoreBackend) async throws {
        try await backend.withTwoStores { first, second async throws in
            let account = try await first.account()
            let pushes = 12
            let size = 5
            let total = Int64(pushes * size)
            let pages = try await withThrowingTaskGroup(of: [[Int64]].self) { group in
                for index in 0..<pushes {
                    let store = index.isMultiple(of: 2) ? first.store : second.store
                    group.addTask {
                        _ = try await store.append(
                            Sync.changes(size), accountID: account.id, deviceID: account.device, at: Sync.epoch, quotaBytes: Sync.quota)
                        return []
                    }
                }
                group.addTask {
                    var pages: [[Int64]] = []
                    var cursor: Int64 = 0
                    while cursor < total {
                        let page = try await second.store.changes(accountID: account.id, after: cursor, limit: 7, maximumBytes: 1 << 20)
                        if let last = page.changes.last?.seq {
                            pages.append(page.changes.map(\.seq))
                            cursor = last
                        } else {
                            await Task.yield()
                        }
                    }
                    return pages
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            var cursor: Int64 = 0
            for page in pages {
                #expect(page == Array(cursor + 1...cursor + Int64(page.count)))
                cursor = page.last ?? cursor
            }
            #expect(cursor == total)
        }
    }
}
