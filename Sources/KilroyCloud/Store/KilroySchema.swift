import GRDB

/// The Kilroy cloud's SQLite schema, created by migrations (a change is a new migration, never
/// an edit of an old one, so existing server databases upgrade).
enum KilroySchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try createV1(db)
        }
        return migrator
    }

    private static func createV1(_ db: Database) throws {
        // images — what the blob store holds; the bytes live in files named by `id` (a CID).
        // A row is written only after its blob, so a row always has its bytes.
        try db.execute(sql: """
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
        try db.execute(sql: """
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
        try db.execute(sql: """
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
        try db.execute(sql: """
            CREATE TABLE device_drops (
                device_id TEXT PRIMARY KEY NOT NULL,
                drop_count INTEGER NOT NULL
            ) WITHOUT ROWID;
            """)
    }
}
