import Foundation
import Testing
import UmiLogCloud

/// Values the sync store contract uses: fixed dates, keys and changes whose sealed bytes have a
/// chosen size.
enum Sync {
    /// A date with whole milliseconds, as dates are compared after a round trip.
    static let epoch = Date(timeIntervalSince1970: 1_750_000_000.125)
    static let quota: Int64 = 1 << 30

    static func at(_ seconds: TimeInterval) -> Date {
        epoch.addingTimeInterval(seconds)
    }

    /// 32 bytes that stand for an Ed25519 public key.
    static func key(_ tag: UInt8) -> Data {
        Data(repeating: tag, count: 32)
    }

    static func account(_ id: UUID = UUID(), key tag: UInt8 = 1) -> SyncAccountRecord {
        SyncAccountRecord(id: id, accountKey: key(tag), createdAt: epoch)
    }

    static func device(_ accountID: UUID, _ deviceID: UUID = UUID(), key tag: UInt8 = 2, at date: Date = epoch) -> SyncDeviceRecord {
        SyncDeviceRecord(accountID: accountID, deviceID: deviceID, publicKey: key(tag), registeredAt: date)
    }

    static func slot(_ accountID: UUID, _ slotID: String, body: String = #"{"kdf":"argon2id"}"#, at date: Date = epoch) -> KeySlotRecord {
        KeySlotRecord(accountID: accountID, slotID: slotID, body: Data(body.utf8), updatedAt: date)
    }

    /// A new change whose sealed bytes are `size` bytes of `fill`.
    static func change(size: Int = 16, fill: UInt8 = 0xA5, kind: String = "dive", schemaVersion: Int = 1) -> IncomingChange {
        IncomingChange(changeID: UUID(), recordID: UUID(), kind: kind, schemaVersion: schemaVersion, sealed: Data(repeating: fill, count: size))
    }

    static func changes(_ count: Int, size: Int = 16) -> [IncomingChange] {
        (0..<count).map { change(size: size, fill: UInt8(truncatingIfNeeded: $0)) }
    }

    /// A date's milliseconds since 1970, how dates are compared after a round trip.
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }
}

/// A store with an account in it, for the tests that need one.
struct SyncAccountUnderTest: Sendable {
    let id: UUID
    let device: UUID
}

extension SyncStoreUnderTest {
    /// Creates an account with one device and no key slots.
    @discardableResult
    func account(_ id: UUID = UUID(), device: UUID = UUID()) async throws -> SyncAccountUnderTest {
        let outcome = try await store.createAccount(Sync.account(id), device: Sync.device(id, device), slots: [])
        #expect(outcome == .created)
        return SyncAccountUnderTest(id: id, device: device)
    }

    /// Pushes `changes` for `account`, expecting them appended; their sequence numbers.
    @discardableResult
    func push(_ changes: [IncomingChange], to account: SyncAccountUnderTest, at date: Date = Sync.epoch, quota: Int64 = Sync.quota)
        async throws -> [Int64]
    {
        let outcome = try await store.append(changes, accountID: account.id, deviceID: account.device, at: date, quotaBytes: quota)
        guard case .appended(let seqs) = outcome else {
            Issue.record("expected the push to be appended, got \(outcome)")
            return []
        }
        return seqs
    }

    /// Every change of the account's log, read in pages of `limit`.
    func log(of account: SyncAccountUnderTest, limit: Int = 1000) async throws -> [StoredChangeRecord] {
        var all: [StoredChangeRecord] = []
        var cursor: Int64 = 0
        while true {
            let page = try await store.changes(accountID: account.id, after: cursor, limit: limit, maximumBytes: .max)
            all += page.changes
            cursor = page.changes.last?.seq ?? cursor
            if !page.hasMore { return all }
        }
    }
}

extension StoredChangeRecord {
    /// The record with its date cut to whole milliseconds, for comparing after a round trip.
    var toMilliseconds: StoredChangeRecord {
        var copy = self
        copy.receivedAt = Date(timeIntervalSince1970: Double(Sync.milliseconds(receivedAt)) / 1000)
        return copy
    }
}
