public import Foundation
import Logging
import PostgresNIO
public import UmiLogCloud

/// Accounts, devices and key slots. A creation inserts the account row or finds the one a
/// concurrent creation committed (`ON CONFLICT DO NOTHING` waits for it); device and slot caps are
/// decided under the account's row lock, so concurrent registrations never pass them.
extension PostgresSyncStore {
    // MARK: Accounts

    public func createAccount(_ account: SyncAccountRecord, device: SyncDeviceRecord, slots: [KeySlotRecord]) async throws
        -> AccountCreationOutcome
    {
        try await transaction { connection in
            let inserted = try await Self.rows(
                connection,
                """
                INSERT INTO \(unescaped: tables.accounts) (id, account_key, created_at, last_seq, used_bytes)
                VALUES (\(account.id), \(account.accountKey), \(account.createdAt), 0, 0) ON CONFLICT (id) DO NOTHING RETURNING 1
                """,
                logger: logger)
            guard !inserted.isEmpty else {
                // A retry of the same creation finds its key and its first device as it left them.
                let key = try await Self.rows(
                    connection, "SELECT account_key FROM \(unescaped: tables.accounts) WHERE id = \(account.id) FOR SHARE", logger: logger
                ).first?.decode(Data.self)
                let deviceKey = try await devicePublicKey(connection, accountID: account.id, deviceID: device.deviceID)
                return key == account.accountKey && deviceKey == device.publicKey ? .alreadyCreated : .conflict
            }
            try await insert(device, accountID: account.id, connection)
            for slot in slots { try await upsert(slot, accountID: account.id, connection) }
            return .created
        }
    }

    public func account(id: UUID) async throws -> SyncAccountRecord? {
        try await transaction(readOnly: true) { connection in
            let rows = try await Self.rows(
                connection, "SELECT account_key, created_at FROM \(unescaped: tables.accounts) WHERE id = \(id)", logger: logger)
            return try rows.first.map { row in
                let (key, created) = try row.decode((Data, Date).self)
                return SyncAccountRecord(id: id, accountKey: key, createdAt: created)
            }
        }
    }

    // MARK: Devices

    public func registerDevice(_ device: SyncDeviceRecord, maximumDevices: Int) async throws -> DeviceRegistrationOutcome {
        do {
            return try await transaction { connection in
                _ = try await lockAccount(connection, device.accountID)
                if let key = try await devicePublicKey(connection, accountID: device.accountID, deviceID: device.deviceID) {
                    return key == device.publicKey ? .alreadyRegistered : .conflict
                }
                let count =
                    try await Self.rows(
                        connection, "SELECT COUNT(*) FROM \(unescaped: tables.devices) WHERE account_id = \(device.accountID)", logger: logger
                    ).first?.decode(Int.self) ?? 0
                guard count < maximumDevices else { return .tooManyDevices }
                try await insert(device, accountID: device.accountID, connection)
                return .registered
            }
        } catch SyncStoreError.noSuchAccount {
            return .noSuchAccount
        }
    }

    public func device(accountID: UUID, deviceID: UUID) async throws -> SyncDeviceRecord? {
        try await transaction(readOnly: true) { connection in
            let rows = try await Self.rows(
                connection,
                """
                SELECT public_key, registered_at FROM \(unescaped: tables.devices) WHERE account_id = \(accountID) AND device_id = \(deviceID)
                """,
                logger: logger)
            return try rows.first.map { row in
                let (key, registered) = try row.decode((Data, Date).self)
                return SyncDeviceRecord(accountID: accountID, deviceID: deviceID, publicKey: key, registeredAt: registered)
            }
        }
    }

    public func devices(accountID: UUID) async throws -> [SyncDeviceRecord] {
        let devices = try await transaction(readOnly: true) { connection in
            try await Self.rows(
                connection, "SELECT device_id, public_key, registered_at FROM \(unescaped: tables.devices) WHERE account_id = \(accountID)",
                logger: logger
            ).map { row in
                let (id, key, registered) = try row.decode((UUID, Data, Date).self)
                return SyncDeviceRecord(accountID: accountID, deviceID: id, publicKey: key, registeredAt: registered)
            }
        }
        return devices.sorted(by: SyncDeviceRecord.oldestFirst)
    }

    public func removeDevice(accountID: UUID, deviceID: UUID) async throws {
        try await transaction { connection in
            try await Self.run(
                connection, "DELETE FROM \(unescaped: tables.devices) WHERE account_id = \(accountID) AND device_id = \(deviceID)",
                logger: logger)
        }
    }

    // MARK: Key slots

    public func keySlots(accountID: UUID) async throws -> [KeySlotRecord] {
        let slots = try await transaction(readOnly: true) { connection in
            try await Self.rows(
                connection, "SELECT slot_id, body, updated_at FROM \(unescaped: tables.keySlots) WHERE account_id = \(accountID)",
                logger: logger
            ).map { row in
                let (id, body, updated) = try row.decode((String, Data, Date).self)
                return KeySlotRecord(accountID: accountID, slotID: id, body: body, updatedAt: updated)
            }
        }
        return slots.sorted { $0.slotID < $1.slotID }
    }

    public func putKeySlot(_ slot: KeySlotRecord, maximumSlots: Int) async throws -> KeySlotOutcome {
        do {
            return try await transaction { connection in
                _ = try await lockAccount(connection, slot.accountID)
                let exists = try await Self.rows(
                    connection,
                    "SELECT 1 FROM \(unescaped: tables.keySlots) WHERE account_id = \(slot.accountID) AND slot_id = \(slot.slotID)",
                    logger: logger)
                if exists.isEmpty {
                    let count =
                        try await Self.rows(
                            connection, "SELECT COUNT(*) FROM \(unescaped: tables.keySlots) WHERE account_id = \(slot.accountID)", logger: logger
                        ).first?.decode(Int.self) ?? 0
                    guard count < maximumSlots else { return .tooManySlots }
                }
                try await upsert(slot, accountID: slot.accountID, connection)
                return .stored
            }
        } catch SyncStoreError.noSuchAccount {
            return .noSuchAccount
        }
    }

    // MARK: Rows

    private func devicePublicKey(_ connection: PostgresConnection, accountID: UUID, deviceID: UUID) async throws -> Data? {
        try await Self.rows(
            connection,
            "SELECT public_key FROM \(unescaped: tables.devices) WHERE account_id = \(accountID) AND device_id = \(deviceID)",
            logger: logger
        ).first?.decode(Data.self)
    }

    private func insert(_ device: SyncDeviceRecord, accountID: UUID, _ connection: PostgresConnection) async throws {
        try await Self.run(
            connection,
            """
            INSERT INTO \(unescaped: tables.devices) (account_id, device_id, public_key, registered_at)
            VALUES (\(accountID), \(device.deviceID), \(device.publicKey), \(device.registeredAt))
            """,
            logger: logger)
    }

    private func upsert(_ slot: KeySlotRecord, accountID: UUID, _ connection: PostgresConnection) async throws {
        try await Self.run(
            connection,
            """
            INSERT INTO \(unescaped: tables.keySlots) (account_id, slot_id, body, updated_at)
            VALUES (\(accountID), \(slot.slotID), \(slot.body), \(slot.updatedAt))
            ON CONFLICT (account_id, slot_id) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at
            """,
            logger: logger)
    }
}
