public import Foundation
public import ServerKit

/// Where the UmiLog sync server keeps a diver's account: the account key, the devices and their
/// public keys, the key slots (the master key wrapped under a passphrase or recovery code, which
/// the server cannot open), the append-only log of sealed changes, the names and sizes of sealed
/// blobs (their bytes live in a `BlobStorage`), storage use, and rate buckets.
///
/// A protocol so that the embedded SQLite store (``SQLiteSyncStore``) and the PostgreSQL one
/// (`PostgresSyncStore`) serve the same handlers; one contract suite runs against both. Every
/// method is one transaction that does all it says or nothing. Decisions that must hold across
/// several server processes are made inside it by the database: an account's next sequence
/// number under the account's row lock (so a reader never sees seq 9 committed after seq 10 and
/// skips it), a change id once per account by a unique key, the device cap and the quota under
/// the same lock, a rate bucket under its row lock.
///
/// Signatures are checked by the caller; the store decides only what depends on what it holds.
public protocol UmiLogSyncStore: Sendable {
    /// The kind of database, for `/health` and logs: `sqlite` or `postgres`.
    var backendName: String { get }

    /// Runs a trivial query, so `/health` can tell that the store answers.
    func checkHealth() async throws

    // MARK: Accounts, devices and key slots

    /// Creates the account with its first device and key slots. The same creation again (same
    /// account key, same first device and key) is `.alreadyCreated`, changing nothing; anything
    /// else under an existing account id is `.conflict`.
    func createAccount(_ account: SyncAccountRecord, device: SyncDeviceRecord, slots: [KeySlotRecord]) async throws
        -> AccountCreationOutcome

    /// The account, if it exists.
    func account(id: UUID) async throws -> SyncAccountRecord?

    /// Adds `device` to its account (whose account-key signature the caller verified): the same
    /// device with the same key is `.alreadyRegistered`, another key under a known device id is
    /// `.conflict`, an account already holding `maximumDevices` is `.tooManyDevices`.
    func registerDevice(_ device: SyncDeviceRecord, maximumDevices: Int) async throws -> DeviceRegistrationOutcome

    /// The device `deviceID` of account `accountID`, if it is registered.
    func device(accountID: UUID, deviceID: UUID) async throws -> SyncDeviceRecord?

    /// The account's devices, oldest first.
    func devices(accountID: UUID) async throws -> [SyncDeviceRecord]

    /// Removes a device (nothing when it is not there).
    func removeDevice(accountID: UUID, deviceID: UUID) async throws

    /// The account's key slots, by slot id.
    func keySlots(accountID: UUID) async throws -> [KeySlotRecord]

    /// Stores `slot`, replacing the slot of the same id. At most `maximumSlots` per account.
    func putKeySlot(_ slot: KeySlotRecord, maximumSlots: Int) async throws -> KeySlotOutcome

    // MARK: The change log

    /// Appends `changes`, pushed by `deviceID`, to the account's log in one transaction, in the
    /// order given, each with the account's next sequence number. A change id already in the
    /// log with the same record id, kind, schema version and sealed bytes keeps its original
    /// sequence number; with anything different the whole push is `.conflict(index:)` and
    /// nothing is written. New bytes beyond `quotaBytes` of the account's use are `.quotaExceeded`.
    func append(
        _ changes: [IncomingChange], accountID: UUID, deviceID: UUID, at date: Date, quotaBytes: Int64
    ) async throws -> AppendOutcome

    /// The account's changes with a sequence number above `after`, in order: at most `limit`
    /// and, past the first, no more than `maximumBytes` of sealed bytes. `hasMore` says whether
    /// more follow.
    func changes(accountID: UUID, after: Int64, limit: Int, maximumBytes: Int) async throws
        -> (changes: [StoredChangeRecord], hasMore: Bool)

    // MARK: Blobs

    /// Records that the account's blob `name` is the stored bytes `cid` (their CID in the
    /// server's `BlobStorage`) of `size` bytes: `.created`; `.alreadyStored(cid:)` with the first
    /// CID when the name was recorded before (a name keeps its first bytes); or `.quotaExceeded`
    /// when it would take the account past `quotaBytes`. Stored bytes no name points to are the
    /// caller's to delete.
    func recordBlob(accountID: UUID, name: String, cid: String, size: Int64, at date: Date, quotaBytes: Int64)
        async throws -> BlobRecordOutcome

    /// The CID of the account's blob `name`, if it has one.
    func blobCID(accountID: UUID, name: String) async throws -> String?

    /// The bytes the account uses: sealed changes plus blobs.
    func usedBytes(accountID: UUID) async throws -> Int64

    // MARK: Rate limits

    /// Takes one token from the bucket `key` under `limit` at `date`, or refuses, deciding in one
    /// transaction with the bucket's row locked (so a limit holds across server processes).
    func takeRateToken(key: String, limit: RateLimit, at date: Date) async throws -> RateDecision
}

/// A diver's account: a random id and the account's Ed25519 public key (derived from the master
/// key on the devices).
public struct SyncAccountRecord: Sendable, Hashable {
    public var id: UUID
    public var accountKey: Data
    public var createdAt: Date

    public init(id: UUID, accountKey: Data, createdAt: Date) {
        self.id = id
        self.accountKey = accountKey
        self.createdAt = createdAt
    }
}

/// One device of an account: its random id and Ed25519 public key.
public struct SyncDeviceRecord: Sendable, Hashable {
    public var accountID: UUID
    public var deviceID: UUID
    public var publicKey: Data
    public var registeredAt: Date

    public init(accountID: UUID, deviceID: UUID, publicKey: Data, registeredAt: Date) {
        self.accountID = accountID
        self.deviceID = deviceID
        self.publicKey = publicKey
        self.registeredAt = registeredAt
    }
}

/// A key slot as the server keeps it: its id and the slot's JSON as the device sent it
/// (validated by the handler), which the server hands back byte for byte.
public struct KeySlotRecord: Sendable, Hashable {
    public var accountID: UUID
    public var slotID: String
    public var body: Data
    public var updatedAt: Date

    public init(accountID: UUID, slotID: String, body: Data, updatedAt: Date) {
        self.accountID = accountID
        self.slotID = slotID
        self.body = body
        self.updatedAt = updatedAt
    }
}

/// A sealed change as pushed: ids chosen by the device, the ciphertext opaque to the server.
public struct IncomingChange: Sendable, Hashable {
    public var changeID: UUID
    public var recordID: UUID
    public var kind: String
    public var schemaVersion: Int
    public var sealed: Data

    public init(changeID: UUID, recordID: UUID, kind: String, schemaVersion: Int, sealed: Data) {
        self.changeID = changeID
        self.recordID = recordID
        self.kind = kind
        self.schemaVersion = schemaVersion
        self.sealed = sealed
    }
}

/// A change in the log, with its sequence number, the device that pushed it and when.
public struct StoredChangeRecord: Sendable, Hashable {
    public var seq: Int64
    public var change: IncomingChange
    public var deviceID: UUID
    public var receivedAt: Date

    public init(seq: Int64, change: IncomingChange, deviceID: UUID, receivedAt: Date) {
        self.seq = seq
        self.change = change
        self.deviceID = deviceID
        self.receivedAt = receivedAt
    }
}

public enum AccountCreationOutcome: Sendable, Equatable {
    case created
    case alreadyCreated
    case conflict
}

public enum DeviceRegistrationOutcome: Sendable, Equatable {
    case registered
    case alreadyRegistered
    case conflict
    case tooManyDevices
    case noSuchAccount
}

public enum KeySlotOutcome: Sendable, Equatable {
    case stored
    case tooManySlots
    case noSuchAccount
}

public enum AppendOutcome: Sendable, Equatable {
    /// Every change's sequence number, in the order pushed.
    case appended([Int64])
    /// The change at this index reuses a stored change id with other content.
    case conflict(index: Int)
    case quotaExceeded
}

public enum BlobRecordOutcome: Sendable, Equatable {
    case created
    case alreadyStored(cid: String)
    case quotaExceeded
}
