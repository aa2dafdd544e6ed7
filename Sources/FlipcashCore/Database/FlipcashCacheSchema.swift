import GRDB

/// The local cache's tables. There are no migrations: any change here bumps ``version``, and
/// ``CacheVersionPolicy`` deletes an older cache so it is rebuilt from the server.
///
/// Money is stored as decimal text (`"740741"`, `"1.35"`) — never as a floating-point column —
/// so what is read back is exactly what was written.
public enum FlipcashCacheSchema {
    /// Bump on every schema change.
    public static let version = 1

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("schema-\(version)") { db in
            try db.execute(
                sql: """
                    CREATE TABLE balances (
                        mint TEXT PRIMARY KEY NOT NULL,
                        quarks TEXT NOT NULL,
                        updated_at REAL NOT NULL
                    );
                    CREATE TABLE activity (
                        id TEXT PRIMARY KEY NOT NULL,
                        kind TEXT NOT NULL,
                        state TEXT NOT NULL,
                        mint TEXT NOT NULL,
                        quarks TEXT NOT NULL,
                        native_value TEXT NOT NULL,
                        currency TEXT NOT NULL,
                        fx TEXT NOT NULL,
                        created_at REAL NOT NULL
                    );
                    CREATE INDEX idx_activity_created ON activity(created_at DESC, id);
                    CREATE TABLE rates (
                        currency TEXT PRIMARY KEY NOT NULL,
                        fx TEXT NOT NULL,
                        fetched_at REAL NOT NULL
                    );
                    """)
        }
        return migrator
    }
}
