public import Foundation
import GRDB
import SQLiteStorage

extension SQLiteSyncStore {
    // MARK: Accounts

    public func createAccount(_ account: SyncAccountRecord, device: SyncDeviceRecord, slots: [KeySlotRecord]) async throws
        -> AccountCreationOutcome
    {
        try await decide { db in
            let id = account.id.storedText
            if let key = try Data.fetchOne(db, sql: "SELECT account_key FROM accounts WHERE id = ?", arguments: [id]) {
                // A retry of the same creation finds its key and its first device as it left them.
                let deviceKey = try Data.fetchOne(
                    db, sql: "SELECT public_key FROM devices WHERE account_id = ? AND device_id = ?",
                    arguments: [id, device.deviceID.storedText])
                return key == account.accountKey && deviceKey == device.publicKey ? .alreadyCreated : .conflict
            }
            try db.execute(
                sql: "INSERT INTO accounts (id, account_key, created_at, last_seq, used_bytes) VALUES (?, ?, ?, 0, 0)",
                arguments: [id, account.accountKey, account.createdAt.timeIntervalSince1970])
            try Self.insert(device, accountID: id, db)
            for slot in slots { try Self.upsert(slot, accountID: id, db) }
            return .created
        }
    }

    public func account(id: UUID) async throws -> SyncAccountRecord? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT account_key, created_at FROM accounts WHERE id = ?", arguments: [id.storedText]).map {
                SyncAccountRecord(id: id, accountKey: $0[0], createdAt: Self.date($0[1]))
            }
        }
    }

    // MARK: Devices

    public func registerDevice(_ device: SyncDeviceRecord, maximumDevices: Int) async throws -> DeviceRegistrationOutcome {
        try await decide { db in
            let id = device.accountID.storedText
            guard try Self.accountExists(id, db) else { return .noSuchAccount }
            if let key = try Data.fetchOne(
                db, sql: "SELECT public_key FROM devices WHERE account_id = ? AND device_id = ?",
                arguments: [id, device.deviceID.storedText])
            {
                return key == device.publicKey ? .alreadyRegistered : .conflict
            }
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM devices WHERE account_id = ?", arguments: [id]) ?? 0
            guard count < maximumDevices else { return .tooManyDevices }
            try Self.insert(device, accountID: id, db)
            return .registered
        }
    }

    public func device(accountID: UUID, deviceID: UUID) async throws -> SyncDeviceRecord? {
        try await read { db in
            try Row.fetchOne(
                db, sql: "SELECT public_key, registered_at FROM devices WHERE account_id = ? AND device_id = ?",
                arguments: [accountID.storedText, deviceID.storedText]
            ).map { SyncDeviceRecord(accountID: accountID, deviceID: deviceID, publicKey: $0[0], registeredAt: Self.date($0[1])) }
        }
    }

    public func devices(accountID: UUID) async throws -> [SyncDeviceRecord] {
        let devices = try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT device_id, public_key, registered_at FROM devices WHERE account_id = ?", arguments: [accountID.storedText]
            ).map { row in
                SyncDeviceRecord(
                    accountID: accountID, deviceID: try Self.uuid(row, 0, table: "devices"), publicKey: row[1],
                    registeredAt: Self.date(row[2]))
            }
        }
        return devices.sorted(by: SyncDeviceRecord.oldestFirst)
    }

    public func removeDevice(accountID: UUID, deviceID: UUID) async throws {
        try await decide { db in
            try db.execute(
                sql: "DELETE FROM devices WHERE account_id = ? AND device_id = ?", arguments: [accountID.storedText, deviceID.storedText])
        }
    }

    // MARK: Key slots

    public func keySlots(accountID: UUID) async throws -> [KeySlotRecord] {
        let slots = try await read { db in
            try Row.fetchAll(db, sql: "SELECT slot_id, body, updated_at FROM key_slots WHERE account_id = ?", arguments: [accountID.storedText])
                .map { KeySlotRecord(accountID: accountID, slotID: $0[0], body: $0[1], updatedAt: Self.date($0[2])) }
        }
        return slots.sorted { $0.slotID < $1.slotID }
    }

    public func putKeySlot(_ slot: KeySlotRecord, maximumSlots: Int) async throws -> KeySlotOutcome {
        try await decide { db in
            let id = slot.accountID.storedText
            guard try Self.accountExists(id, db) else { return .noSuchAccount }
            let exists =
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM key_slots WHERE account_id = ? AND slot_id = ?)", arguments: [id, slot.slotID])
                ?? false
            if !exists {
                let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM key_slots WHERE account_id = ?", arguments: [id]) ?? 0
                guard count < maximumSlots else { return .tooManySlots }
            }
            try Self.upsert(slot, accountID: id, db)
            return .stored
        }
    }

    // MARK: Rows

    static func accountExists(_ id: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM accounts WHERE id = ?)", arguments: [id]) ?? false
    }

    private static func insert(_ device: SyncDeviceRecord, accountID: String, _ db: Database) throws {
        try db.execute(
            sql: "INSERT INTO devices (account_id, device_id, public_key, registered_at) VALUES (?, ?, ?, ?)",
            arguments: [accountID, device.deviceID.storedText, device.publicKey, device.registeredAt.timeIntervalSince1970])
    }

    private static func upsert(_ slot: KeySlotRecord, accountID: String, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO key_slots (account_id, slot_id, body, updated_at) VALUES (?, ?, ?, ?)
                ON CONFLICT(account_id, slot_id) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at
                """,
            arguments: [accountID, slot.slotID, slot.body, slot.updatedAt.timeIntervalSince1970])
    }
}

extension SyncDeviceRecord {
    /// The order both stores list an account's devices in: by registration, then by id.
    public static func oldestFirst(_ first: SyncDeviceRecord, _ second: SyncDeviceRecord) -> Bool {
        (first.registeredAt, first.deviceID.uuidString) < (second.registeredAt, second.deviceID.uuidString)
    }
}
