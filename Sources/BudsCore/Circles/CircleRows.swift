import DAGCBOR
import Foundation
import GRDB
import Identity

/// `relay_account`: this device's registration.
struct AccountRow: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "relay_account"

    var id = 1
    var serverURL: String
    var deviceId: String
    var displayName: String
    var deviceListBytes: Data
    var registeredAt: Double

    enum CodingKeys: String, CodingKey {
        case id
        case serverURL = "server_url"
        case deviceId = "device_id"
        case displayName = "display_name"
        case deviceListBytes = "device_list"
        case registeredAt = "registered_at"
    }

    func deviceList() throws -> DeviceList {
        do {
            return try DAGCBORDecoder().decode(DeviceList.self, from: deviceListBytes)
        } catch {
            throw BudsError.corruptStore("the stored device list is unreadable")
        }
    }
}

/// Small device-local values kept as JSON in `app_settings` under a key of their own.
protocol AppSetting: Codable, Sendable {
    static var key: String { get }
}

extension AppSetting {
    static func fetch(_ db: Database) throws -> Self? {
        guard let json = try String.fetchOne(db, sql: "SELECT value FROM app_settings WHERE key = ?", arguments: [key]) else { return nil }
        return try? JSONDecoder().decode(Self.self, from: Data(json.utf8))
    }

    func save(_ db: Database) throws {
        let json = String(decoding: try JSONEncoder().encode(self), as: UTF8.self)
        try db.execute(
            sql: "INSERT INTO app_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            arguments: [Self.key, json])
    }

    static func delete(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM app_settings WHERE key = ?", arguments: [key])
    }
}

/// The sign-in waiting for its code (one at a time) until it completes: the number stays on
/// this device only to ask for another code (the relay keeps a digest).
struct PendingSignInRow: AppSetting {
    static let key = "relay.pending_sign_in"

    var server: String
    var session: String
    var phone: String
    var name: String
}

/// The device link this (new) device waits on; its one-time private key is a key-store secret.
struct PendingLinkRow: AppSetting {
    static let key = "relay.pending_link"

    var server: String
    var token: String
    var name: String
}

/// `circles`: a circle this person belongs to (or waits to join).
struct CircleRow: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "circles"

    var id: String
    var name: String
    var rosterBytes: Data?
    var version: Int64
    var ownerDID: String?
    var joinedAt: Double
    var removedAt: Double?

    enum CodingKeys: String, CodingKey {
        case id, name, version
        case rosterBytes = "roster"
        case ownerDID = "owner_did"
        case joinedAt = "joined_at"
        case removedAt = "removed_at"
    }

    func roster() throws -> CircleRoster? {
        guard let rosterBytes else { return nil }
        do {
            return try DAGCBORDecoder().decode(CircleRoster.self, from: rosterBytes)
        } catch {
            throw BudsError.corruptStore("the stored roster of \(name) is unreadable")
        }
    }

    /// The circle named `reference` (its name, or its id or an id prefix of 4+ characters).
    static func find(_ reference: String, in db: Database) throws -> CircleRow {
        if let row = try CircleRow.filter(Column("name") == reference).fetchOne(db) { return row }
        let lowered = reference.lowercased()
        if lowered.count >= 4, lowered.allSatisfy(\.isHexDigit) {
            let matches = try CircleRow.filter(Column("id").like("\(lowered)%")).fetchAll(db)
            if matches.count == 1 { return matches[0] }
        }
        throw CircleError.noSuchCircle(reference)
    }
}

/// `circle_people`: someone met in a circle, with the device list pinned for them.
struct PersonRow: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "circle_people"

    var did: String
    var signingKey: Data
    var name: String?
    var deviceListBytes: Data?
    var deviceListVersion: Int64
    var pendingDeviceListBytes: Data?
    var updatedAt: Double

    enum CodingKeys: String, CodingKey {
        case did, name
        case signingKey = "signing_key"
        case deviceListBytes = "device_list"
        case deviceListVersion = "device_list_version"
        case pendingDeviceListBytes = "pending_device_list"
        case updatedAt = "updated_at"
    }

    /// Whether `reference` (as typed) names someone: their name in any case, their DID, or a
    /// prefix of it of 12 or more characters.
    static func isNamed(did: String, name: String?, by reference: String) -> Bool {
        name?.lowercased() == reference.lowercased() || did == reference || (reference.count >= 12 && did.hasPrefix(reference))
    }

    func deviceList() -> DeviceList? {
        deviceListBytes.flatMap { try? DAGCBORDecoder().decode(DeviceList.self, from: $0) }
    }

    func pendingDeviceList() -> DeviceList? {
        pendingDeviceListBytes.flatMap { try? DAGCBORDecoder().decode(DeviceList.self, from: $0) }
    }
}

/// `circle_invites`: an invitation this person made.
struct InviteRow: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "circle_invites"

    var inviteId: String
    var circleId: String
    var secret: Data
    var createdAt: Double
    var usedByDID: String?

    enum CodingKeys: String, CodingKey {
        case secret
        case inviteId = "invite_id"
        case circleId = "circle_id"
        case createdAt = "created_at"
        case usedByDID = "used_by_did"
    }
}

/// `circle_events`.
struct EventRow: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "circle_events"

    var id: Int64?
    var circleId: String
    var did: String?
    var kind: String
    var detail: String?
    var at: Double

    enum CodingKeys: String, CodingKey {
        case id, did, kind, detail, at
        case circleId = "circle_id"
    }

    static func record(_ kind: CircleEvent.Kind, circle: String, did: String?, detail: String? = nil, at: Date, in db: Database) throws {
        try EventRow(id: nil, circleId: circle, did: did, kind: kind.rawValue, detail: detail, at: at.timeIntervalSince1970).insert(db)
    }
}
