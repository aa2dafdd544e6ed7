import Foundation
import GRDB

/// The Buds relay's SQLite schema, created by migrations (a change is a new migration, never an
/// edit of an old one, so existing databases upgrade).
///
/// What is kept in place of secrets: phone numbers as their keyed ``PhoneDigest`` (hex TEXT),
/// device credentials and link tokens as a ``CredentialDigest`` (a 32-byte BLOB). Dates are REAL
/// seconds since 1970, so a `Date` reads back equal. Versions are INTEGER holding a `UInt64`'s
/// bit pattern. Tables that hold signed objects or ciphertext (up to 96 KiB) keep their rowid, as
/// SQLite advises for large rows; small lookup tables are `WITHOUT ROWID`.
enum RelaySchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-relay") { db in
            try createSignIn(db)
            try createAccounts(db)
            try createCircles(db)
            try createQueues(db)
        }
        return migrator
    }

    private static func createSignIn(_ db: Database) throws {
        // sign_in_sessions — one phone sign-in attempt each (``PhoneSignIn/Session``); `sends` is a
        // ``TimeList``, `code_digest` the HMAC of the session and its code, never the code.
        // sign_in_numbers — each number's recent sends and failed checks in a row
        // (``PhoneSignIn/NumberRecord``); `last_send_at` is the newest of `sends`, so a purge can
        // find records with nothing left to limit without decoding the lists.
        try db.execute(
            sql: """
                CREATE TABLE sign_in_sessions (
                    id TEXT PRIMARY KEY NOT NULL,
                    number TEXT NOT NULL,
                    last_action_at REAL NOT NULL,
                    sends BLOB NOT NULL,
                    checks INTEGER NOT NULL,
                    code_digest BLOB NOT NULL,
                    code_issued_at REAL NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX sign_in_sessions_idle ON sign_in_sessions(last_action_at);
                CREATE TABLE sign_in_numbers (
                    digest TEXT PRIMARY KEY NOT NULL,
                    sends BLOB NOT NULL,
                    last_send_at REAL,
                    consecutive_failures INTEGER NOT NULL
                ) WITHOUT ROWID;
                """)
    }

    private static func createAccounts(_ db: Database) throws {
        // accounts — a person (their DID) and the phone they verified last; a phone belongs to one
        // account at a time, so verifying it under another DID moves it there.
        // device_lists — each person's newest signed list; `device_ids` is the list's device ids
        // as a JSON array of strings, so the store can decide without decoding the signed bytes.
        // devices — registered devices: the id is unique across people, the credential digest
        // authenticates the device (its credential is never stored).
        // links — link channels by token digest; `sealed` is empty until filled.
        try db.execute(
            sql: """
                CREATE TABLE accounts (
                    did TEXT PRIMARY KEY NOT NULL,
                    phone_digest TEXT UNIQUE,
                    created_at REAL NOT NULL
                ) WITHOUT ROWID;
                CREATE TABLE device_lists (
                    did TEXT PRIMARY KEY NOT NULL REFERENCES accounts(did),
                    version INTEGER NOT NULL,
                    device_ids TEXT NOT NULL,
                    bytes BLOB NOT NULL
                );
                CREATE TABLE devices (
                    device_id TEXT PRIMARY KEY NOT NULL,
                    did TEXT NOT NULL REFERENCES accounts(did),
                    credential BLOB NOT NULL UNIQUE,
                    push_token TEXT,
                    registered_at REAL NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX devices_did ON devices(did);
                CREATE TABLE links (
                    token BLOB PRIMARY KEY NOT NULL,
                    expires_at REAL NOT NULL,
                    sealed BLOB
                );
                CREATE INDEX links_expiry ON links(expires_at);
                """)
    }

    private static func createCircles(_ db: Database) throws {
        // circles — each circle's owner and newest owner-signed roster.
        // circle_members — the roster's member DIDs, in the roster's order (`position`).
        // invites — one-time invitations: `used_at`/`used_by` set by the join that used one.
        // join_requests — a used invitation's signed request, until the owner's roster lists its
        // DID (or it is purged).
        try db.execute(
            sql: """
                CREATE TABLE circles (
                    circle_id BLOB PRIMARY KEY NOT NULL,
                    owner TEXT NOT NULL,
                    version INTEGER NOT NULL,
                    roster BLOB NOT NULL
                );
                CREATE TABLE circle_members (
                    circle_id BLOB NOT NULL REFERENCES circles(circle_id) ON DELETE CASCADE,
                    did TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    PRIMARY KEY (circle_id, did)
                ) WITHOUT ROWID;
                CREATE TABLE invites (
                    invite_id BLOB PRIMARY KEY NOT NULL,
                    circle_id BLOB NOT NULL REFERENCES circles(circle_id),
                    expires_at REAL NOT NULL,
                    used_at REAL,
                    used_by TEXT
                ) WITHOUT ROWID;
                CREATE INDEX invites_expiry ON invites(expires_at);
                CREATE TABLE join_requests (
                    invite_id BLOB PRIMARY KEY NOT NULL,
                    circle_id BLOB NOT NULL,
                    did TEXT NOT NULL,
                    request BLOB NOT NULL,
                    created_at REAL NOT NULL
                );
                CREATE INDEX join_requests_circle ON join_requests(circle_id, created_at);
                CREATE INDEX join_requests_created ON join_requests(created_at);
                """)
    }

    private static func createQueues(_ db: Database) throws {
        // envelopes — every envelope accepted within the retention, by id, so a resubmission is
        // refused; `bytes` is NULL once no queue holds the envelope.
        // queue_entries — one row per (recipient device, envelope); `entry` only grows
        // (AUTOINCREMENT), so a queue reads oldest first in entry order.
        // rate_buckets — one token bucket per key, `tokens` as of `updated_at`.
        try db.execute(
            sql: """
                CREATE TABLE envelopes (
                    id BLOB PRIMARY KEY NOT NULL,
                    circle_id BLOB NOT NULL,
                    sender_device_id TEXT NOT NULL,
                    bytes BLOB,
                    received_at REAL NOT NULL
                );
                CREATE INDEX envelopes_received ON envelopes(received_at);
                CREATE TABLE queue_entries (
                    entry INTEGER PRIMARY KEY AUTOINCREMENT,
                    device_id TEXT NOT NULL,
                    envelope_id BLOB NOT NULL REFERENCES envelopes(id) ON DELETE CASCADE,
                    queued_at REAL NOT NULL
                );
                CREATE INDEX queue_entries_device ON queue_entries(device_id, entry);
                CREATE INDEX queue_entries_envelope ON queue_entries(envelope_id);
                CREATE INDEX queue_entries_queued ON queue_entries(queued_at);
                CREATE TABLE rate_buckets (
                    key TEXT PRIMARY KEY NOT NULL,
                    tokens REAL NOT NULL,
                    updated_at REAL NOT NULL
                ) WITHOUT ROWID;
                """)
    }
}

/// A list of times as one BLOB: each time's seconds since 1970 as the 8 big-endian bytes of its
/// IEEE 754 double, so every `Date` reads back equal (a text form would have to round-trip
/// decimals).
enum TimeList {
    static func encode(_ dates: [Date]) -> Data {
        var data = Data(capacity: dates.count * 8)
        for date in dates {
            withUnsafeBytes(of: date.timeIntervalSince1970.bitPattern.bigEndian) { data.append(contentsOf: $0) }
        }
        return data
    }

    /// The times `data` holds, or `nil` when it is not a whole number of 8-byte times.
    static func decode(_ data: Data) -> [Date]? {
        guard data.count.isMultiple(of: 8) else { return nil }
        let bytes = Array(data)
        return stride(from: 0, to: bytes.count, by: 8).map { start in
            let bits = bytes[start..<start + 8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            return Date(timeIntervalSince1970: Double(bitPattern: bits))
        }
    }
}

/// A device list's ids as the JSON array of strings `device_lists.device_ids` holds.
enum DeviceIDList {
    static func encode(_ ids: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(ids), as: UTF8.self)
    }

    /// The ids `text` holds, or `nil` when it is not a JSON array of strings.
    static func decode(_ text: String) -> [String]? {
        try? JSONDecoder().decode([String].self, from: Data(text.utf8))
    }
}
