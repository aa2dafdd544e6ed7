import Foundation
import GRDB

/// The sync server's SQLite schema, created by migrations (a change is a new migration, never an
/// edit of an old one, so existing databases upgrade).
///
/// UUIDs are lowercase TEXT (`UUID.uuidString.lowercased()`, the form PostgreSQL's `uuid` prints);
/// dates are REAL seconds since 1970, so a `Date` reads back equal; keys, slot bodies and sealed
/// bytes are BLOBs kept as given. The change log is append-only: no statement of the store deletes
/// or updates a change (the product promises at least 30 days of history; the server keeps all).
enum SyncSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-sync") { db in
            try createAccounts(db)
            try createLog(db)
        }
        return migrator
    }

    private static func createAccounts(_ db: Database) throws {
        // accounts — one per diver: the account's Ed25519 public key, the last sequence number of
        // its log and the bytes it uses (sealed changes plus blobs), both kept here so a push reads
        // one row to decide.
        // devices — each account's devices and their Ed25519 public keys.
        // key_slots — the master key wrapped per passphrase or recovery code, as the device sent it.
        try db.execute(
            sql: """
                CREATE TABLE accounts (
                    id TEXT PRIMARY KEY NOT NULL,
                    account_key BLOB NOT NULL,
                    created_at REAL NOT NULL,
                    last_seq INTEGER NOT NULL,
                    used_bytes INTEGER NOT NULL
                ) WITHOUT ROWID;
                CREATE TABLE devices (
                    account_id TEXT NOT NULL REFERENCES accounts(id),
                    device_id TEXT NOT NULL,
                    public_key BLOB NOT NULL,
                    registered_at REAL NOT NULL,
                    PRIMARY KEY (account_id, device_id)
                ) WITHOUT ROWID;
                CREATE TABLE key_slots (
                    account_id TEXT NOT NULL REFERENCES accounts(id),
                    slot_id TEXT NOT NULL,
                    body BLOB NOT NULL,
                    updated_at REAL NOT NULL,
                    PRIMARY KEY (account_id, slot_id)
                );
                """)
    }

    private static func createLog(_ db: Database) throws {
        // changes — the append-only log: sequence numbers per account from 1, a change id once per
        // account. Rows hold ciphertext (large), so the table keeps its rowid, as SQLite advises.
        // blobs — each sealed blob's name and the CID of its bytes in the blob storage.
        // rate_buckets — one token bucket per key, `tokens` as of `updated_at`.
        try db.execute(
            sql: """
                CREATE TABLE changes (
                    account_id TEXT NOT NULL REFERENCES accounts(id),
                    seq INTEGER NOT NULL,
                    change_id TEXT NOT NULL,
                    device_id TEXT NOT NULL,
                    record_id TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    schema_version INTEGER NOT NULL,
                    sealed BLOB NOT NULL,
                    received_at REAL NOT NULL,
                    PRIMARY KEY (account_id, seq),
                    UNIQUE (account_id, change_id)
                );
                CREATE TABLE blobs (
                    account_id TEXT NOT NULL REFERENCES accounts(id),
                    name TEXT NOT NULL,
                    cid TEXT NOT NULL,
                    size INTEGER NOT NULL,
                    created_at REAL NOT NULL,
                    PRIMARY KEY (account_id, name)
                ) WITHOUT ROWID;
                CREATE TABLE rate_buckets (
                    key TEXT PRIMARY KEY NOT NULL,
                    tokens REAL NOT NULL,
                    updated_at REAL NOT NULL
                ) WITHOUT ROWID;
                """)
    }
}

extension UUID {
    /// The form the stores keep a UUID in: lowercase, as PostgreSQL prints a `uuid`.
    var storedText: String { uuidString.lowercased() }
}
