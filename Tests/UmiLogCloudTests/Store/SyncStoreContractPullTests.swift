import Foundation
import Testing
import UmiLogCloud

/// The sync store contract, part 3: reading the change log in pages, on every backend.
@Suite("Sync store contract: pulling changes")
struct SyncStoreContractPullTests {
    @Test("pages of at most `limit` changes, hasMore until the last", arguments: SyncStoreBackend.available)
    func byLimit(backend: SyncStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let account = try await subject.account()
            try await subject.push(Sync.changes(10), to: account)
            var pages: [[Int64]] = []
            var more: [Bool] = []
            var cursor: Int64 = 0
            repeat {
                let page = try await subject.store.changes(accountID: account.id, after: cursor, limit: 3, maximumBytes: 1 << 20)
                pages.append(page.changes.map(\.seq))
                more.append(page.hasMore)
                cursor = page.changes.last?.seq ?? cursor
            } while more.last == true
            #expect(pages == [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10]])
            #expect(more == [true, true, true, false])
            let exact = try await subject.store.changes(accountID: account.id, after: 5, limit: 5, maximumBytes: 1 << 20)
            #expect(exact.changes.map(\.seq) == [6, 7, 8, 9, 10])
            #expect(!exact.hasMore)
        }
    }

    @Test("a page stops before the change that would pass maximumBytes, but always holds one", arguments: SyncStoreBackend.available)
    func byBytes(backend: SyncStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let account = try await subject.account()
            try await subject.push([10, 10, 10, 50, 10].map { Sync.change(size: $0) }, to: account)
            func page(after: Int64, maximumBytes: Int) async throws -> ([Int64], Bool) {
                let page = try await subject.store.changes(accountID: account.id, after: after, limit: 100, maximumBytes: maximumBytes)
                return (page.changes.map(\.seq), page.hasMore)
            }
            #expect(try await page(after: 0, maximumBytes: 25) == ([1, 2], true))
            #expect(try await page(after: 0, maximumBytes: 20) == ([1, 2], true))
            #expect(try await page(after: 2, maximumBytes: 25) == ([3], true))
            #expect(try await page(after: 3, maximumBytes: 25) == ([4], true))
            #expect(try await page(after: 3, maximumBytes: 0) == ([4], true))
            #expect(try await page(after: 4, maximumBytes: 25) == ([5], false))
            #expect(try await page(after: 0, maximumBytes: 90) == ([1, 2, 3, 4, 5], false))
            #expect(try await page(after: 0, maximumBytes: 89) == ([1, 2, 3, 4], true))
        }
    }

    @Test("empty pages: an empty log, a cursor at or past the end, an unknown account", arguments: SyncStoreBackend.available)
    func empty(backend: SyncStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let account = try await subject.account()
            for after: Int64 in [0, 5] {
                let page = try await store.changes(accountID: account.id, after: after, limit: 10, maximumBytes: 100)
                #expect(page.changes.isEmpty && !page.hasMore)
            }
            try await subject.push(Sync.changes(2), to: account)
            for after: Int64 in [2, 3, 1_000_000] {
                let page = try await store.changes(accountID: account.id, after: after, limit: 10, maximumBytes: 100)
                #expect(page.changes.isEmpty && !page.hasMore)
            }
            let unknown = try await store.changes(accountID: UUID(), after: 0, limit: 10, maximumBytes: 100)
            #expect(unknown.changes.isEmpty && !unknown.hasMore)
            let negative = try await store.changes(accountID: account.id, after: -1, limit: 10, maximumBytes: 100)
            #expect(negative.changes.map(\.seq) == [1, 2])
        }
    }
}
