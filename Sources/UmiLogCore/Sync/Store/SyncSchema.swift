import Foundation
import GRDB

/// Migration `v3-sync`: what end-to-end sync keeps beside the log.
///
/// - `sync_records`: each synced record's merge state (``SyncRecordState``, canonical DAG-CBOR),
///   the truth the `dives` and user `sites` rows are projected from; `site_ref` names the site a
///   dive points at, so a dive whose site arrives later is projected again.
/// - `sync_changes`: every change this device made or received, whole (DAG-CBOR), with its
///   state on the way to the server — `saved` (on this device only), `uploading`, `synced` —
///   which makes it the durable outbox: a local edit and its change commit in one transaction,
///   and nothing the network does rolls either back.
/// - `sync_profiles`: dive profiles as immutable blobs named by the SHA-256 of their canonical
///   bytes, so the same download imported on two devices is one profile.
/// - `sync_device`: this device's sync id, hybrid clock, pull cursor and account.
enum SyncSchema {
    /// Migration `v4-awaited-profiles`: `sync_awaited_profiles`, the dives whose merged state
    /// names a profile this device does not hold yet (its blob missing or unreadable at the
    /// server when the change came). Such a dive shows no samples until the profile arrives and
    /// is then projected again; meanwhile an edit of it keeps the profile it names instead of
    /// writing "no profile" to every device.
    static func createAwaitedProfiles(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE sync_awaited_profiles (
                    dive_id TEXT PRIMARY KEY NOT NULL,
                    digest TEXT NOT NULL
                );
                CREATE INDEX idx_sync_awaited_profiles_digest ON sync_awaited_profiles(digest);
                """)
    }

    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE sync_records (
                    id TEXT PRIMARY KEY NOT NULL,
                    kind TEXT NOT NULL,
                    state BLOB NOT NULL,
                    site_ref TEXT,
                    projection_error TEXT
                );
                CREATE INDEX idx_sync_records_site ON sync_records(site_ref) WHERE site_ref IS NOT NULL;
                CREATE TABLE sync_changes (
                    id TEXT PRIMARY KEY NOT NULL,
                    record_id TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    schema_version INTEGER NOT NULL,
                    hlc TEXT NOT NULL,
                    body BLOB NOT NULL,
                    origin TEXT NOT NULL CHECK (origin IN ('local', 'remote')),
                    status TEXT NOT NULL CHECK (status IN ('saved', 'uploading', 'synced')),
                    seq INTEGER,
                    recorded_at REAL NOT NULL,
                    -- The sealed bytes sent the first time, sent again on every retry: the
                    -- server keeps a change id once and refuses it with other bytes.
                    sealed BLOB
                );
                -- The outbox, oldest first.
                CREATE INDEX idx_sync_changes_outbox ON sync_changes(hlc) WHERE status != 'synced';
                CREATE INDEX idx_sync_changes_record ON sync_changes(record_id, hlc);
                CREATE TABLE sync_profiles (
                    digest TEXT PRIMARY KEY NOT NULL,
                    samples BLOB NOT NULL,
                    uploaded INTEGER NOT NULL DEFAULT 0
                );
                CREATE TABLE sync_device (
                    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
                    device_id TEXT NOT NULL,
                    clock_wall INTEGER NOT NULL DEFAULT 0,
                    clock_counter INTEGER NOT NULL DEFAULT 0,
                    cursor INTEGER NOT NULL DEFAULT 0,
                    account_id TEXT,
                    server_url TEXT,
                    last_sync_at REAL,
                    drift_warning TEXT
                );
                """)
        try db.execute(
            sql: "INSERT INTO sync_device (singleton, device_id) VALUES (1, ?)",
            arguments: [UUID().uuidString.lowercased()])
    }
}
