import Foundation
import GRDB

/// The Kilroy cloud's SQLite schema, created by migrations (a change is a new migration, never
/// an edit of an old one, so existing server databases upgrade).
///
/// After `v2-device-digests`, every column naming a device holds a ``DeviceDigest`` (a 32-byte
/// BLOB), never a device's credential or id: `kilroys.owner`, `images.uploader`,
/// `reports.reporter`, `device_drops.owner`, `upload_log.owner`, `legacy_claims.*`. (Columns
/// from v1 keep their declared type TEXT; SQLite stores the BLOBs as they are.)
enum KilroySchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try createV1(db)
        }
        migrator.registerMigration("v2-device-digests") { db in
            try migrateV2(db)
        }
        migrator.registerMigration("v3-rate-buckets") { db in
            try migrateV3(db)
        }
        migrator.registerMigration("v4-slim-geo-index") { db in
            try migrateV4(db)
        }
        migrator.registerMigration("v5-image-leases") { db in
            try migrateV5(db)
        }
        migrator.registerMigration("v6-kilroy-removals") { db in
            try migrateV6(db)
        }
        migrator.registerMigration("v7-kilroy-changes") { db in
            try migrateV7(db)
        }
        migrator.registerMigration("v8-kilroy-change-log") { db in
            try migrateV8(db)
        }
        migrator.registerMigration("v9-kilroy-change-pruning") { db in
            try migrateV9(db)
        }
        return migrator
    }

    private static func createV1(_ db: Database) throws {
        // images — what the blob store holds; the bytes live in files named by `id` (a CID).
        // A row is written only after its blob, so a row always has its bytes.
        try db.execute(
            sql: """
                CREATE TABLE images (
                    id TEXT PRIMARY KEY NOT NULL,
                    format TEXT NOT NULL,
                    byte_count INTEGER NOT NULL,
                    uploader_device_id TEXT NOT NULL,
                    uploaded_at REAL NOT NULL
                );
                """)

        // kilroys — one row per drop. `id` is the client's UUID (upper case), `geohash` the
        // server's 10-character hash of (latitude, longitude). Dates are seconds since 1970.
        // `kilroys_near` is the geohash index of near queries; it also covers every column a
        // query needs to choose rows (position, hiding, author, id), so choosing reads no table
        // pages and only the rows returned are loaded.
        try db.execute(
            sql: """
                CREATE TABLE kilroys (
                    id TEXT PRIMARY KEY NOT NULL,
                    device_id TEXT NOT NULL,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    geohash TEXT NOT NULL,
                    image_id TEXT NOT NULL REFERENCES images(id),
                    place_name TEXT,
                    place_address TEXT,
                    comment TEXT,
                    created_at REAL NOT NULL,
                    received_at REAL NOT NULL,
                    report_count INTEGER NOT NULL DEFAULT 0,
                    hidden INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX kilroys_near ON kilroys(geohash, latitude, longitude, hidden, device_id, id);
                CREATE INDEX kilroys_device ON kilroys(device_id);
                CREATE INDEX kilroys_image ON kilroys(image_id);
                """)

        // reports — who reported what; one row per (kilroy, device), so a repeated report by
        // one device counts once. Gone with their kilroy.
        try db.execute(
            sql: """
                CREATE TABLE reports (
                    kilroy_id TEXT NOT NULL REFERENCES kilroys(id) ON DELETE CASCADE,
                    device_id TEXT NOT NULL,
                    reason TEXT,
                    reported_at REAL NOT NULL,
                    PRIMARY KEY (kilroy_id, device_id)
                ) WITHOUT ROWID;
                """)

        // device_drops — kilroys each device has ever dropped, for the `global` reciprocity
        // policy. Deleting a kilroy does not decrement it.
        try db.execute(
            sql: """
                CREATE TABLE device_drops (
                    device_id TEXT PRIMARY KEY NOT NULL,
                    drop_count INTEGER NOT NULL
                ) WITHOUT ROWID;
                """)
    }

    /// Devices become credentials: every raw device id at rest (v1 stored the `X-Device-ID`
    /// text, which every viewer could read and replay) is replaced by its legacy digest, so the
    /// old id can neither be read from the database nor used as a credential. A device proves
    /// its old id once through `POST /devices/claim` to move its rows to its new credential.
    ///
    /// Also adds what the upload quota (`upload_log`), orphan collection (`images_uploaded`)
    /// and claims (`legacy_claims`) need.
    private static func migrateV2(_ db: Database) throws {
        // Overwrite the bytes of the replaced ids instead of leaving them in free space.
        try db.execute(sql: "PRAGMA secure_delete = ON")
        let digest = DatabaseFunction("kilroy_legacy_digest", argumentCount: 1, pure: true) { values in
            guard let id = String.fromDatabaseValue(values[0]) else { return nil }
            return DeviceDigest(legacyDeviceID: id).databaseValue
        }
        db.add(function: digest)
        defer { db.remove(function: digest) }
        try db.execute(
            sql: """
                ALTER TABLE kilroys RENAME COLUMN device_id TO owner;
                UPDATE kilroys SET owner = kilroy_legacy_digest(owner);
                DROP INDEX kilroys_device;
                CREATE INDEX kilroys_owner ON kilroys(owner);

                ALTER TABLE images RENAME COLUMN uploader_device_id TO uploader;
                UPDATE images SET uploader = kilroy_legacy_digest(uploader);
                CREATE INDEX images_uploaded ON images(uploaded_at);

                ALTER TABLE reports RENAME COLUMN device_id TO reporter;
                UPDATE reports SET reporter = kilroy_legacy_digest(reporter);
                CREATE INDEX reports_reporter ON reports(reporter);

                ALTER TABLE device_drops RENAME COLUMN device_id TO owner;
                UPDATE device_drops SET owner = kilroy_legacy_digest(owner);
                """)

        // upload_log — one row per new image accepted, for the per-device upload quota. Rows
        // older than the quota's window are pruned as new uploads come in.
        try db.execute(
            sql: """
                CREATE TABLE upload_log (
                    owner BLOB NOT NULL,
                    uploaded_at REAL NOT NULL,
                    byte_count INTEGER NOT NULL
                );
                CREATE INDEX upload_log_owner ON upload_log(owner, uploaded_at);
                CREATE INDEX upload_log_time ON upload_log(uploaded_at);
                """)

        // legacy_claims — legacy ids whose rows moved to a credential; the first claim wins.
        try db.execute(
            sql: """
                CREATE TABLE legacy_claims (
                    legacy BLOB PRIMARY KEY NOT NULL,
                    claimed_by BLOB NOT NULL,
                    claimed_at REAL NOT NULL
                ) WITHOUT ROWID;
                """)
    }

    /// Rate limits move from one process's memory into the database, so a device's limits hold
    /// across server processes sharing the file (and across restarts).
    private static func migrateV3(_ db: Database) throws {
        // rate_buckets — one token bucket per (device, action); `tokens` as of `updated_at`.
        try db.execute(
            sql: """
                CREATE TABLE rate_buckets (
                    owner BLOB NOT NULL,
                    action TEXT NOT NULL,
                    tokens REAL NOT NULL,
                    updated_at REAL NOT NULL,
                    PRIMARY KEY (owner, action)
                ) WITHOUT ROWID;
                """)
    }

    /// Near queries choose by position alone and load the rows they keep, so their index need
    /// not carry hiding, owner and id: `kilroys_geo` holds (geohash, latitude, longitude),
    /// about a third of `kilroys_near`'s size, so a query walks a third of the pages. Owner,
    /// hiding and id come from the loaded rows; a device's own drops are read through
    /// `kilroys_owner`.
    private static func migrateV4(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE INDEX kilroys_geo ON kilroys(geohash, latitude, longitude);
                DROP INDEX kilroys_near;
                """)
    }

    /// Image leases move the serialisation of an upload and a deletion of the same bytes from one
    /// process's memory into the database, so it holds across server processes.
    private static func migrateV5(_ db: Database) throws {
        // image_leases — who may write or remove an image's blob and row now, until when.
        try db.execute(
            sql: """
                CREATE TABLE image_leases (
                    image_id TEXT PRIMARY KEY NOT NULL,
                    holder TEXT NOT NULL,
                    expires_at REAL NOT NULL
                ) WITHOUT ROWID;
                """)
    }

    /// Each server process keeps every kilroy's position in memory for near queries (see
    /// `KilroyPositionCache`) and learns new rows from their rowids, which only grow — except that
    /// SQLite may hand a deleted last rowid to the next insert, and a process must also forget
    /// deleted rows. So every deletion (and any change of position) is logged, with the position
    /// it had, under a sequence number SQLite never reuses (`AUTOINCREMENT`). 24 bytes per removal.
    private static func migrateV6(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE kilroy_removals (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    kilroy_rowid INTEGER NOT NULL,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL
                );
                CREATE TRIGGER kilroys_removed AFTER DELETE ON kilroys BEGIN
                    INSERT INTO kilroy_removals (kilroy_rowid, latitude, longitude)
                    VALUES (old.rowid, old.latitude, old.longitude);
                END;
                CREATE TRIGGER kilroys_moved AFTER UPDATE OF latitude, longitude ON kilroys BEGIN
                    INSERT INTO kilroy_removals (kilroy_rowid, latitude, longitude)
                    VALUES (old.rowid, old.latitude, old.longitude);
                END;
                """)
    }

    /// Near queries also keep the records they loaded (see `KilroyRecordCache`), so every change
    /// of a row, not only of its position, must be logged: a report's count and hidden flag, a
    /// claimed owner. The old position is logged as for a move; the cache forgets the row and
    /// reads it again.
    private static func migrateV7(_ db: Database) throws {
        try db.execute(
            sql: """
                DROP TRIGGER kilroys_moved;
                CREATE TRIGGER kilroys_changed AFTER UPDATE ON kilroys BEGIN
                    INSERT INTO kilroy_removals (kilroy_rowid, latitude, longitude)
                    VALUES (old.rowid, old.latitude, old.longitude);
                END;
                """)
    }

    /// Rowids are no high-water mark: after a deletion of the last rows SQLite gives their
    /// rowids to the next inserts, so a process that learnt new rows as "rowid above the highest
    /// learnt" missed a kilroy created in a freed rowid below it (found by a randomised test of
    /// two stores on one file). Inserts are logged too now, and the log, renamed for what it
    /// holds, is the one thing the position caches learn from (`added` tells an insert, logged
    /// with its new position, from an update or deletion, logged with the old one).
    private static func migrateV8(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE kilroy_removals RENAME TO kilroy_changes;
                ALTER TABLE kilroy_changes ADD COLUMN added INTEGER NOT NULL DEFAULT 0;
                CREATE TRIGGER kilroys_added AFTER INSERT ON kilroys BEGIN
                    INSERT INTO kilroy_changes (kilroy_rowid, latitude, longitude, added)
                    VALUES (new.rowid, new.latitude, new.longitude, 1);
                END;
                """)
    }

    /// The change log would otherwise grow by an entry for every insert, update and deletion
    /// ever made. Every 10,000th entry prunes the entries more than 100,000 behind it and
    /// records how far it pruned, so a cache that needed them knows to reload every position
    /// (about 0.4 s for a million kilroys) instead. A trigger, so any writer (any process, any
    /// release from v9 on) prunes the same way; the log stays under 110,000 entries (≈ 3 MB).
    private static func migrateV9(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE kilroy_changes_pruned (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    through INTEGER NOT NULL
                );
                INSERT INTO kilroy_changes_pruned (id, through) VALUES (1, 0);
                CREATE TRIGGER kilroy_changes_pruning AFTER INSERT ON kilroy_changes
                WHEN new.seq % 10000 = 0 AND new.seq > 100000 BEGIN
                    DELETE FROM kilroy_changes WHERE seq <= new.seq - 100000;
                    UPDATE kilroy_changes_pruned SET through = max(through, new.seq - 100000);
                END;
                """)
    }
}
