public import BudsCloud
public import Foundation
import Logging
import PostgresNIO

/// Accounts, devices and their lists, and link channels.
///
/// Registrations and list changes of one person take the advisory lock `account:<did>`; a
/// registration also takes `device:<id>`, `credential:<digest>` and, with a phone, `phone:<digest>`,
/// so two registrations that could clash (one device id, one credential, one phone) take turns
/// instead of one failing on a unique key.
extension PostgresRelayStore {

    // MARK: Accounts and devices

    public func registerDevice(
        credential: CredentialDigest, deviceId: String, list: DeviceListRecord, phone: PhoneDigest?, at date: Date
    ) async throws -> DeviceRegistrationOutcome {
        var names = ["account:\(list.did)", "device:\(deviceId)", "credential:\(credential.bytes.base64EncodedString())"]
        if let phone { names.append("phone:\(phone.hex)") }
        return try await transaction { connection in
            try await lock(connection, names)
            // Every refusal is decided before anything is written.
            let account = try await Self.rows(connection, "SELECT 1 FROM \(unescaped: tables.accounts) WHERE did = \(list.did)", logger: logger)
            if phone == nil, account.isEmpty { return .unknownAccount }
            let owner = try await Self.rows(
                connection, "SELECT did FROM \(unescaped: tables.devices) WHERE device_id = \(deviceId)", logger: logger)
            if let owner = try owner.first?.decode(String.self), owner != list.did { return .deviceIdTaken }
            let holder = try await Self.rows(
                connection, "SELECT device_id FROM \(unescaped: tables.devices) WHERE credential = \(credential.bytes)", logger: logger)
            if let holder = try holder.first?.decode(String.self), holder != deviceId { return .credentialInUse }
            let stored = try await fetchDeviceList(connection, did: list.did)
            if let stored, stored.version > list.version || (stored.version == list.version && stored.bytes != list.bytes) {
                return .staleList(storedVersion: stored.version)
            }
            if let phone {
                // A phone belongs to one account: verified under this DID, it leaves any other.
                try await Self.run(
                    connection,
                    "UPDATE \(unescaped: tables.accounts) SET phone_digest = NULL WHERE phone_digest = \(phone.hex) AND did <> \(list.did)",
                    logger: logger)
                try await Self.run(
                    connection,
                    """
                    INSERT INTO \(unescaped: tables.accounts) (did, phone_digest, created_at)
                    VALUES (\(list.did), \(phone.hex), \(date.timeIntervalSince1970))
                    ON CONFLICT (did) DO UPDATE SET phone_digest = excluded.phone_digest
                    """,
                    logger: logger)
            }
            // The device first, then the list: a list that leaves the device out (the caller
            // checks it does not) removes it again rather than leave a device outside its list.
            try await Self.run(
                connection,
                """
                INSERT INTO \(unescaped: tables.devices) (device_id, did, credential, push_token, registered_at)
                VALUES (\(deviceId), \(list.did), \(credential.bytes), NULL, \(date.timeIntervalSince1970))
                ON CONFLICT (device_id) DO UPDATE SET credential = excluded.credential
                """,
                logger: logger)
            if stored?.version != list.version { try await store(list, replacing: stored, connection) }
            return .registered
        }
    }

    public func device(credential: CredentialDigest) async throws -> RelayDevice? {
        try await transaction(readOnly: true) { connection in
            let rows = try await Self.rows(
                connection, "SELECT did, device_id FROM \(unescaped: tables.devices) WHERE credential = \(credential.bytes)", logger: logger)
            return try rows.first.map { row in
                let (did, deviceId) = try row.decode((String, String).self)
                return RelayDevice(did: did, deviceId: deviceId)
            }
        }
    }

    public func replaceDeviceList(_ list: DeviceListRecord, by device: RelayDevice) async throws -> DeviceListOutcome {
        guard list.did == device.did, list.deviceIds.contains(device.deviceId) else { return .forbidden }
        return try await transaction { connection in
            try await lock(connection, ["account:\(list.did)"])
            // A device removed by a list that committed first may no longer change the list.
            let registered = try await Self.rows(
                connection,
                "SELECT 1 FROM \(unescaped: tables.devices) WHERE device_id = \(device.deviceId) AND did = \(device.did)",
                logger: logger)
            guard !registered.isEmpty else { return .forbidden }
            let stored = try await fetchDeviceList(connection, did: list.did)
            if let stored, stored.version >= list.version { return .staleList(storedVersion: stored.version) }
            try await store(list, replacing: stored, connection)
            return .replaced
        }
    }

    public func deviceList(did: String) async throws -> DeviceListRecord? {
        try await transaction(readOnly: true) { connection in try await fetchDeviceList(connection, did: did) }
    }

    public func setPushToken(_ token: String, for device: RelayDevice) async throws {
        try await transaction { connection in
            try await Self.run(
                connection,
                """
                UPDATE \(unescaped: tables.devices) SET push_token = \(token)
                WHERE device_id = \(device.deviceId) AND did = \(device.did)
                """,
                logger: logger)
        }
    }

    public func pushTokens(deviceIds: [String]) async throws -> [String] {
        guard !deviceIds.isEmpty else { return [] }
        let byDevice = try await transaction(readOnly: true) { connection in
            let rows = try await Self.rows(
                connection,
                """
                SELECT device_id, push_token FROM \(unescaped: tables.devices)
                WHERE device_id = ANY(\(deviceIds)) AND push_token IS NOT NULL
                """,
                logger: logger)
            return Dictionary(try rows.map { try $0.decode((String, String).self) }, uniquingKeysWith: { first, _ in first })
        }
        var seen: Set<String> = []
        return deviceIds.compactMap { id in seen.insert(id).inserted ? byDevice[id] : nil }
    }

    /// Stores `list` in place of `previous` (its DID's stored list, if any); the devices it
    /// leaves out — registered to its DID or named by `previous` and registered to no one else —
    /// lose their registration and their queue. The caller holds the list's account lock.
    func store(_ list: DeviceListRecord, replacing previous: DeviceListRecord?, _ connection: PostgresConnection) async throws {
        let version = Int64(bitPattern: list.version)
        try await Self.run(
            connection,
            """
            INSERT INTO \(unescaped: tables.deviceLists) (did, version, device_ids, bytes)
            VALUES (\(list.did), \(version), \(list.deviceIds), \(list.bytes))
            ON CONFLICT (did) DO UPDATE SET version = excluded.version, device_ids = excluded.device_ids, bytes = excluded.bytes
            """,
            logger: logger)
        let registered = try await Self.rows(
            connection, "SELECT device_id FROM \(unescaped: tables.devices) WHERE did = \(list.did)", logger: logger
        ).map { try $0.decode(String.self) }
        let candidates = Array(Set(registered + (previous?.deviceIds ?? [])).subtracting(list.deviceIds)).sorted()
        guard !candidates.isEmpty else { return }
        let elsewhere = try await Self.rows(
            connection,
            "SELECT device_id FROM \(unescaped: tables.devices) WHERE device_id = ANY(\(candidates)) AND did <> \(list.did)",
            logger: logger)
        let leftOut = Array(Set(candidates).subtracting(try elsewhere.map { try $0.decode(String.self) })).sorted()
        guard !leftOut.isEmpty else { return }
        try await Self.run(
            connection, "DELETE FROM \(unescaped: tables.devices) WHERE did = \(list.did) AND device_id = ANY(\(leftOut))", logger: logger)
        try await dropQueues(of: leftOut, connection)
    }

    func fetchDeviceList(_ connection: PostgresConnection, did: String) async throws -> DeviceListRecord? {
        let rows = try await Self.rows(
            connection, "SELECT version, device_ids, bytes FROM \(unescaped: tables.deviceLists) WHERE did = \(did)", logger: logger)
        guard let row = rows.first else { return nil }
        let (version, ids, bytes) = try row.decode((Int64, [String], Data).self)
        return DeviceListRecord(did: did, version: UInt64(bitPattern: version), deviceIds: ids, bytes: bytes)
    }

    // MARK: Link channels

    public func openLink(token: CredentialDigest, expiresAt: Date) async throws {
        try await transaction { connection in
            // A token is 128 random bits: an existing channel under it is this one, opened again.
            try await Self.run(
                connection,
                """
                INSERT INTO \(unescaped: tables.links) (token, expires_at, sealed) VALUES (\(token.bytes), \(expiresAt.timeIntervalSince1970), NULL)
                ON CONFLICT (token) DO NOTHING
                """,
                logger: logger)
        }
    }

    public func fillLink(token: CredentialDigest, sealed: Data, at date: Date) async throws -> LinkFillOutcome {
        try await transaction { connection in
            let rows = try await Self.rows(
                connection,
                """
                SELECT sealed IS NOT NULL FROM \(unescaped: tables.links)
                WHERE token = \(token.bytes) AND expires_at > \(date.timeIntervalSince1970) FOR UPDATE
                """,
                logger: logger)
            guard let row = rows.first else { return .unknown }
            guard !(try row.decode(Bool.self)) else { return .alreadyFilled }
            try await Self.run(connection, "UPDATE \(unescaped: tables.links) SET sealed = \(sealed) WHERE token = \(token.bytes)", logger: logger)
            return .filled
        }
    }

    public func takeLink(token: CredentialDigest, at date: Date) async throws -> LinkTakeOutcome {
        try await transaction { connection in
            let rows = try await Self.rows(
                connection,
                """
                SELECT sealed FROM \(unescaped: tables.links)
                WHERE token = \(token.bytes) AND expires_at > \(date.timeIntervalSince1970) FOR UPDATE
                """,
                logger: logger)
            guard let row = rows.first else { return .unknown }
            guard let sealed = try row.decode(Data?.self) else { return .pending }
            try await Self.run(connection, "DELETE FROM \(unescaped: tables.links) WHERE token = \(token.bytes)", logger: logger)
            return .content(sealed)
        }
    }
}
