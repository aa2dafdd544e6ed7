public import Foundation
import GRDB
import SQLiteStorage

/// Accounts, devices and their lists, and link channels.
extension SQLiteRelayStore {

    // MARK: Accounts and devices

    public func registerDevice(
        credential: CredentialDigest, deviceId: String, list: DeviceListRecord, phone: PhoneDigest?, at date: Date
    ) async throws -> DeviceRegistrationOutcome {
        try await writer.immediateWrite { db in
            // Every refusal is decided before anything is written.
            let accountExists = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM accounts WHERE did = ?)", arguments: [list.did]) ?? false
            if phone == nil, !accountExists { return .unknownAccount }
            if let owner = try String.fetchOne(db, sql: "SELECT did FROM devices WHERE device_id = ?", arguments: [deviceId]), owner != list.did {
                return .deviceIdTaken
            }
            if let holder = try String.fetchOne(db, sql: "SELECT device_id FROM devices WHERE credential = ?", arguments: [credential.bytes]),
                holder != deviceId
            {
                return .credentialInUse
            }
            let stored = try Self.fetchDeviceList(db, did: list.did)
            if let stored, stored.version > list.version || (stored.version == list.version && stored.bytes != list.bytes) {
                return .staleList(storedVersion: stored.version)
            }
            if let phone {
                // A phone belongs to one account: verified under this DID, it leaves any other.
                try db.execute(
                    sql: "UPDATE accounts SET phone_digest = NULL WHERE phone_digest = ? AND did <> ?", arguments: [phone.hex, list.did])
                try db.execute(
                    sql: """
                        INSERT INTO accounts (did, phone_digest, created_at) VALUES (?, ?, ?)
                        ON CONFLICT(did) DO UPDATE SET phone_digest = excluded.phone_digest
                        """,
                    arguments: [list.did, phone.hex, date.timeIntervalSince1970])
            }
            // The device first, then the list: a list that leaves the device out (the caller
            // checks it does not) removes it again rather than leave a device outside its list.
            try db.execute(
                sql: """
                    INSERT INTO devices (device_id, did, credential, push_token, registered_at) VALUES (?, ?, ?, NULL, ?)
                    ON CONFLICT(device_id) DO UPDATE SET credential = excluded.credential
                    """,
                arguments: [deviceId, list.did, credential.bytes, date.timeIntervalSince1970])
            if stored?.version != list.version { try Self.store(list, replacing: stored, db) }
            return .registered
        }
    }

    public func device(credential: CredentialDigest) async throws -> RelayDevice? {
        try await writer.read { db in
            try Row.fetchOne(db, sql: "SELECT did, device_id FROM devices WHERE credential = ?", arguments: [credential.bytes])
                .map { RelayDevice(did: $0[0], deviceId: $0[1]) }
        }
    }

    public func replaceDeviceList(_ list: DeviceListRecord, by device: RelayDevice) async throws -> DeviceListOutcome {
        guard list.did == device.did, list.deviceIds.contains(device.deviceId) else { return .forbidden }
        return try await writer.immediateWrite { db in
            // A device removed by a list that committed first may no longer change the list.
            let registered =
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM devices WHERE device_id = ? AND did = ?)", arguments: [device.deviceId, device.did])
                ?? false
            guard registered else { return .forbidden }
            let stored = try Self.fetchDeviceList(db, did: list.did)
            if let stored, stored.version >= list.version { return .staleList(storedVersion: stored.version) }
            try Self.store(list, replacing: stored, db)
            return .replaced
        }
    }

    public func deviceList(did: String) async throws -> DeviceListRecord? {
        try await writer.read { db in try Self.fetchDeviceList(db, did: did) }
    }

    public func setPushToken(_ token: String, for device: RelayDevice) async throws {
        try await writer.write { db in
            try db.execute(
                sql: "UPDATE devices SET push_token = ? WHERE device_id = ? AND did = ?", arguments: [token, device.deviceId, device.did])
        }
    }

    public func pushTokens(deviceIds: [String]) async throws -> [String] {
        guard !deviceIds.isEmpty else { return [] }
        let byDevice = try await writer.read { db in
            let rows = try SQLRequest<Row>(
                literal: "SELECT device_id, push_token FROM devices WHERE push_token IS NOT NULL AND device_id IN \(deviceIds)"
            ).fetchAll(db)
            return Dictionary(rows.map { ($0[0] as String, $0[1] as String) }, uniquingKeysWith: { first, _ in first })
        }
        var seen: Set<String> = []
        return deviceIds.compactMap { id in seen.insert(id).inserted ? byDevice[id] : nil }
    }

    /// Stores `list` in place of `previous` (its DID's stored list, if any); the devices it
    /// leaves out — registered to its DID or named by `previous` and registered to no one else —
    /// lose their registration and their queue.
    static func store(_ list: DeviceListRecord, replacing previous: DeviceListRecord?, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO device_lists (did, version, device_ids, bytes) VALUES (?, ?, ?, ?)
                ON CONFLICT(did) DO UPDATE SET version = excluded.version, device_ids = excluded.device_ids, bytes = excluded.bytes
                """,
            arguments: [list.did, Int64(bitPattern: list.version), try DeviceIDList.encode(list.deviceIds), list.bytes])
        let kept = Set(list.deviceIds)
        let registered = try String.fetchAll(db, sql: "SELECT device_id FROM devices WHERE did = ?", arguments: [list.did])
        var leftOut: [String] = []
        for id in Set(registered + (previous?.deviceIds ?? [])).subtracting(kept).sorted() {
            let owner = try String.fetchOne(db, sql: "SELECT did FROM devices WHERE device_id = ?", arguments: [id])
            if owner == nil || owner == list.did { leftOut.append(id) }
        }
        guard !leftOut.isEmpty else { return }
        try db.execute(literal: "DELETE FROM devices WHERE did = \(list.did) AND device_id IN \(leftOut)")
        try dropQueues(of: leftOut, db)
    }

    static func fetchDeviceList(_ db: Database, did: String) throws -> DeviceListRecord? {
        guard let row = try Row.fetchOne(db, sql: "SELECT version, device_ids, bytes FROM device_lists WHERE did = ?", arguments: [did]) else {
            return nil
        }
        guard let ids = DeviceIDList.decode(try row.decode(String.self, atIndex: 1)) else {
            throw RelayStoreError.corruptRow(table: "device_lists")
        }
        return DeviceListRecord(
            did: did, version: UInt64(bitPattern: try row.decode(Int64.self, atIndex: 0)), deviceIds: ids,
            bytes: try row.decode(Data.self, atIndex: 2))
    }

    // MARK: Link channels

    public func openLink(token: CredentialDigest, expiresAt: Date) async throws {
        try await writer.write { db in
            // A token is 128 random bits: an existing channel under it is this one, opened again.
            try db.execute(
                sql: "INSERT INTO links (token, expires_at, sealed) VALUES (?, ?, NULL) ON CONFLICT(token) DO NOTHING",
                arguments: [token.bytes, expiresAt.timeIntervalSince1970])
        }
    }

    public func fillLink(token: CredentialDigest, sealed: Data, at date: Date) async throws -> LinkFillOutcome {
        try await writer.immediateWrite { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT sealed IS NOT NULL FROM links WHERE token = ? AND expires_at > ?",
                    arguments: [token.bytes, date.timeIntervalSince1970])
            else { return .unknown }
            guard !(row[0] as Bool) else { return .alreadyFilled }
            try db.execute(sql: "UPDATE links SET sealed = ? WHERE token = ?", arguments: [sealed, token.bytes])
            return .filled
        }
    }

    public func takeLink(token: CredentialDigest, at date: Date) async throws -> LinkTakeOutcome {
        try await writer.immediateWrite { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT sealed FROM links WHERE token = ? AND expires_at > ?",
                    arguments: [token.bytes, date.timeIntervalSince1970])
            else { return .unknown }
            guard let sealed = row[0] as Data? else { return .pending }
            try db.execute(sql: "DELETE FROM links WHERE token = ?", arguments: [token.bytes])
            return .content(sealed)
        }
    }
}
