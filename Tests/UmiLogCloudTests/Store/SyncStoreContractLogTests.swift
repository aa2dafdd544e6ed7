import Foundation
import Testing
import UmiLogCloud

/// The sync store contract, part 2: appending to the change log, on every backend.
@Suite("Sync store contract: appending changes")
struct SyncStoreContractLogTests {
    @Test(
        "sequence numbers are consecutive from 1 in the order pushed; the log reads back what was pushed",
        arguments: SyncStoreBackend.available)
    func consecutive(backend: SyncStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let account = try await subject.account()
            let first = Sync.changes(3)
            let second = [Sync.change(size: 0, kind: "site", schemaVersion: 7), Sync.change(size: 300)]
            #expect(try await subject.push(first, to: account, at: Sync.at(1)) == [1, 2, 3])
            let other = UUID()
            let outcome = try await subject.store.append(second, accountID: account.id, deviceID: other, at: Sync.at(2), quotaBytes: Sync.quota)
            #expect(outcome == .appended([4, 5]))
            #expect(try await subject.push([], to: account) == [])

            let expected =
                first.enumerated().map { StoredChangeRecord(seq: Int64($0 + 1), change: $1, deviceID: account.device, receivedAt: Sync.at(1)) }
                + second.enumerated().map { StoredChangeRecord(seq: Int64($0 + 4), change: $1, deviceID: other, receivedAt: Sync.at(2)) }
            #expect(try await subject.log(of: account).map(\.toMilliseconds) == expected.map(\.toMilliseconds))
            #expect(try await subject.store.usedBytes(accountID: account.id) == 3 * 16 + 300)
        }
    }

    @Test("a retried push gets its original sequence numbers and adds no row and no bytes", arguments: SyncStoreBackend.available)
    func retry(backend: SyncStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let account = try await subject.account()
            let batch = Sync.changes(4)
            #expect(try await subject.push(batch, to: account) == [1, 2, 3, 4])
            #expect(try await subject.push(batch, to: account, at: Sync.at(9)) == [1, 2, 3, 4])
            // A retry mixed with new changes: the known keep their numbers, the new take the next.
            let fresh = Sync.changes(2)
            #expect(try await subject.push([fresh[0], batch[2], fresh[1], batch[0]], to: account) == [5, 3, 6, 1])
            #expect(try await subject.changeRows() == 6)
            #expect(try await subject.store.usedBytes(accountID: account.id) == 6 * 16)
            #expect(try await subject.log(of: account).first.map { Sync.milliseconds($0.receivedAt) } == Sync.milliseconds(Sync.epoch))
        }
    }

    @Test(
        "a stored change id with other content is a conflict at its index, and nothing of the push is written",
        arguments: SyncStoreBackend.available)
    func conflict(backend: SyncStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let account = try await subject.account()
            let stored = Sync.change()
            #expect(try await subject.push([stored], to: account) == [1])
            var variants: [IncomingChange] = []
            for change in 0..<4 {
                var variant = stored
                switch change {
                case 0: variant.recordID = UUID()
                case 1: variant.kind = "site"
                case 2: variant.schemaVersion = 2
                default: variant.sealed = Data(repeating: 0xA5, count: 17)
                }
                variants.append(variant)
            }
            for variant in variants {
                let outcome = try await subject.store.append(
                    [Sync.change(), Sync.change(), variant, Sync.change()], accountID: account.id, deviceID: account.device, at: Sync.epoch,
                    quotaBytes: Sync.quota)
                #expect(outcome == .conflict(index: 2))
            }
            #expect(try await subject.changeRows() == 1)
            #expect(try await subject.store.usedBytes(accountID: account.id) == 16)
            #expect(try await subject.push([Sync.change()], to: account) == [2])
        }
    }

    @Test(
        "a change twice in one push: identical takes one number and one row, different is a conflict",
        arguments: SyncStoreBackend.available)
    func duplicatesInBatch(backend: SyncStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let account = try await subject.account()
            let change = Sync.change()
            #expect(try await subject.push([change, Sync.change(), change], to: account) == [1, 2, 1])
            #expect(try await subject.changeRows() == 2)
            #expect(try await subject.store.usedBytes(accountID: account.id) == 32)

            let fresh = Sync.change()
            var altered = fresh
            altered.sealed = Data("other".utf8)
            let outcome = try await subject.store.append(
                [Sync.change(), fresh, altered], accountID: account.id, deviceID: account.device, at: Sync.epoch, quotaBytes: Sync.quota)
            #expect(outcome == .conflict(index: 2))
            #expect(try await subject.changeRows() == 2)
            #expect(try await subject.store.usedBytes(accountID: account.id) == 32)
        }
    }

    @Test("a push over the quota writes nothing; up to the quota is fine; a retry adds nothing", arguments: SyncStoreBackend.available)
    func quota(backend: SyncStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let account = try await subject.account()
            let first = Sync.changes(3, size: 100)
            #expect(try await subject.push(first, to: account, quota: 300) == [1, 2, 3])
            let over = try await store.append(
                [Sync.change(size: 0), Sync.change(size: 1)], accountID: account.id, deviceID: account.device, at: Sync.epoch, quotaBytes: 300)
            #expect(over == .quotaExceeded)
            #expect(try await subject.changeRows() == 3)
            #expect(try await store.usedBytes(accountID: account.id) == 300)
            // A lower quota later: a retry still answers, new bytes do not.
            #expect(try await subject.push(first, to: account, quota: 100) == [1, 2, 3])
            #expect(
                try await store.append([Sync.change(size: 1)], accountID: account.id, deviceID: account.device, at: Sync.epoch, quotaBytes: 100)
                    == .quotaExceeded)
            #expect(try await subject.push([Sync.change(size: 50)], to: account, quota: 350) == [4])
            #expect(try await store.usedBytes(accountID: account.id) == 350)
        }
    }

    @Test("a push to an unknown account throws noSuchAccount", arguments: SyncStoreBackend.available)
    func unknownAccount(backend: SyncStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            await #expect(throws: SyncStoreError.noSuchAccount) {
                _ = try await subject.store.append([Sync.change()], accountID: UUID(), deviceID: UUID(), at: Sync.epoch, quotaBytes: Sync.quota)
            }
            await #expect(throws: SyncStoreError.noSuchAccount) { _ = try await subject.store.usedBytes(accountID: UUID()) }
            #expect(try await subject.changeRows() == 0)
        }
    }

    @Test(
        "accounts are isolated: numbers per account, a change id in each, no change in the other's pull",
        arguments: SyncStoreBackend.available)
    func isolation(backend: SyncStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let alice = try await subject.account()
            let bob = try await subject.account()
            let shared = Sync.change()
            var bobs = shared
            bobs.sealed = Data("bob's own".utf8)
            #expect(try await subject.push([Sync.change(), shared], to: alice) == [1, 2])
            #expect(try await subject.push([bobs], to: bob) == [1])
            #expect(try await subject.push([Sync.change()], to: alice) == [3])
            let bobLog = try await subject.log(of: bob)
            #expect(bobLog.map(\.change) == [bobs])
            #expect(try await subject.log(of: alice).map(\.seq) == [1, 2, 3])
            #expect(try await subject.log(of: alice)[1].change == shared)
            #expect(try await subject.store.usedBytes(accountID: bob.id) == 9)
        }
    }
}
