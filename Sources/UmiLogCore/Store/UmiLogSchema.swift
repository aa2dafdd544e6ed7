public import GRDB

/// The UmiLog database (`umilog.sqlite`), created and upgraded by migrations.
///
/// Units are SI (metres, seconds, °C, bar); dates are seconds since 1970 (REAL) so indexes order
/// and range them numerically. Tables with full-text or R-tree companions have an explicit
/// `INTEGER PRIMARY KEY` (`num`): the companions key on it, and unlike an implicit rowid it
/// survives `VACUUM`.
public enum UmiLogSchema {
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try createSites(db)
            try createSpecies(db)
            try createDives(db)
            // seed_log — which shipped data set each table holds, so first-launch seeding runs
            // once per table and a partial failure is finished on the next launch.
            try db.execute(
                sql: """
                    CREATE TABLE seed_log (
                        table_name TEXT PRIMARY KEY NOT NULL,
                        version INTEGER NOT NULL,
                        row_count INTEGER NOT NULL,
                        seeded_at REAL NOT NULL
                    );
                    """)
        }
        // v2 — dive logs from other programs: sites without a position, dives without a site,
        // the fields dive computers record, profiles, and instructor sign-offs.
        migrator.registerMigration("v2") { db in
            try UmiLogSchemaV2.rebuildSites(db)
            try UmiLogSchemaV2.rebuildDives(db)
            try UmiLogSchemaV2.createSamplesAndSignatures(db)
        }
        // v3-sync — end-to-end encrypted sync: merge states, the change log and outbox,
        // profiles as blobs, this device's clock and cursor.
        migrator.registerMigration("v3-sync") { db in try SyncSchema.migrate(db) }
        // v4-awaited-profiles — dives whose synced profile has not reached this device yet.
        migrator.registerMigration("v4-awaited-profiles") { db in try SyncSchema.createAwaitedProfiles(db) }
        return migrator
    }

    private static func createSites(_ db: Database) throws {
        // sites — dive sites, shipped and user-added. `tags` is the controlled taxonomy as
        // space-separated words (so full-text search finds "wreck"); the lists are sorted.
        try db.execute(
            sql: """
                CREATE TABLE sites (
                    num INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE CHECK (length(id) > 0),
                    name TEXT NOT NULL CHECK (length(trim(name)) > 0),
                    latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
                    longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
                    region TEXT NOT NULL,
                    area TEXT,
                    country TEXT NOT NULL,
                    max_depth_m REAL,
                    typical_depth_m REAL,
                    tags TEXT NOT NULL,
                    entry TEXT NOT NULL CHECK (entry IN ('shore', 'boat')),
                    difficulty TEXT NOT NULL CHECK (difficulty IN ('beginner', 'intermediate', 'advanced')),
                    description TEXT NOT NULL,
                    source TEXT NOT NULL,
                    license TEXT NOT NULL
                );
                -- The site list, alphabetical.
                CREATE INDEX idx_sites_name ON sites(name COLLATE NOCASE);
                -- Species popularity per region and the region picker.
                CREATE INDEX idx_sites_region ON sites(region);
                """)
        // sites_fts — prefix search over name, area, country, description and tags; accents
        // and case ignored ("curacao" finds "Curaçao").
        try db.create(virtualTable: "sites_fts", using: FTS5()) { table in
            table.synchronize(withTable: "sites")
            table.tokenizer = .unicode61(diacritics: .remove)
            table.prefixes = [2, 3]
            table.column("name")
            table.column("area")
            table.column("country")
            table.column("description")
            table.column("tags")
        }
        // sites_rtree — the viewport index: each site a point box. R-tree bounds are 32-bit
        // floats rounded outwards, so queries re-check the exact coordinates in `sites`.
        try db.execute(
            sql: """
                CREATE VIRTUAL TABLE sites_rtree USING rtree(num, min_lat, max_lat, min_lon, max_lon);
                CREATE TRIGGER sites_rtree_insert AFTER INSERT ON sites BEGIN
                    INSERT INTO sites_rtree VALUES (new.num, new.latitude, new.latitude, new.longitude, new.longitude);
                END;
                CREATE TRIGGER sites_rtree_update AFTER UPDATE OF latitude, longitude ON sites BEGIN
                    UPDATE sites_rtree SET min_lat = new.latitude, max_lat = new.latitude,
                        min_lon = new.longitude, max_lon = new.longitude WHERE num = new.num;
                END;
                CREATE TRIGGER sites_rtree_delete AFTER DELETE ON sites BEGIN
                    DELETE FROM sites_rtree WHERE num = old.num;
                END;
                """)
        // list_state — wishlist / visited / logged, one row per site the diver has marked.
        try db.execute(
            sql: """
                CREATE TABLE list_state (
                    site_id TEXT PRIMARY KEY NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
                    status TEXT NOT NULL CHECK (status IN ('wishlist', 'visited', 'logged')),
                    updated_at REAL NOT NULL
                );
                CREATE INDEX idx_list_state_status ON list_state(status);
                """)
    }

    private static func createSpecies(_ db: Database) throws {
        // species — `regions` as lines of text, in the order given.
        try db.execute(
            sql: """
                CREATE TABLE species (
                    num INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE CHECK (length(id) > 0),
                    common_name TEXT NOT NULL CHECK (length(trim(common_name)) > 0),
                    scientific_name TEXT NOT NULL CHECK (length(trim(scientific_name)) > 0),
                    category TEXT NOT NULL,
                    regions TEXT NOT NULL
                );
                CREATE INDEX idx_species_common_name ON species(common_name COLLATE NOCASE);
                """)
        try db.create(virtualTable: "species_fts", using: FTS5()) { table in
            table.synchronize(withTable: "species")
            table.tokenizer = .unicode61(diacritics: .remove)
            table.prefixes = [2, 3]
            table.column("common_name")
            table.column("scientific_name")
        }
    }

    private static func createDives(_ db: Database) throws {
        // dives — the log. A site is never deleted while dives point at it.
        try db.execute(
            sql: """
                CREATE TABLE dives (
                    id TEXT PRIMARY KEY NOT NULL,
                    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE RESTRICT,
                    start_time REAL NOT NULL,
                    max_depth_m REAL NOT NULL CHECK (max_depth_m BETWEEN 0 AND 330),
                    average_depth_m REAL CHECK (average_depth_m BETWEEN 0 AND 330),
                    bottom_time_s INTEGER NOT NULL CHECK (bottom_time_s > 0),
                    water_temperature_c REAL CHECK (water_temperature_c BETWEEN -2 AND 40),
                    visibility_m REAL CHECK (visibility_m BETWEEN 0 AND 100),
                    current TEXT CHECK (current IN ('none', 'light', 'moderate', 'strong')),
                    oxygen_percent INTEGER NOT NULL DEFAULT 21 CHECK (oxygen_percent BETWEEN 21 AND 100),
                    start_pressure_bar REAL,
                    end_pressure_bar REAL,
                    buddy TEXT,
                    notes TEXT,
                    rating INTEGER CHECK (rating BETWEEN 1 AND 5),
                    created_at REAL NOT NULL,
                    updated_at REAL NOT NULL
                );
                -- History, newest first; the streak and per-year stats read it in order.
                CREATE INDEX idx_dives_start ON dives(start_time DESC);
                -- History filtered by site, and QuickLog's "previous dive at this site".
                CREATE INDEX idx_dives_site ON dives(site_id, start_time DESC);
                -- dive_tags — the diver's free-form tags, one row each, for the tag filter.
                CREATE TABLE dive_tags (
                    dive_id TEXT NOT NULL REFERENCES dives(id) ON DELETE CASCADE,
                    tag TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    PRIMARY KEY (dive_id, tag)
                ) WITHOUT ROWID;
                CREATE INDEX idx_dive_tags_tag ON dive_tags(tag, dive_id);
                -- sightings — species seen on a dive.
                CREATE TABLE sightings (
                    id TEXT PRIMARY KEY NOT NULL,
                    dive_id TEXT NOT NULL REFERENCES dives(id) ON DELETE CASCADE,
                    species_id TEXT NOT NULL REFERENCES species(id) ON DELETE RESTRICT,
                    count INTEGER NOT NULL CHECK (count > 0),
                    note TEXT,
                    position INTEGER NOT NULL
                );
                CREATE INDEX idx_sightings_dive ON sightings(dive_id, position);
                -- Species popularity and the species filter of the history.
                CREATE INDEX idx_sightings_species ON sightings(species_id, dive_id);
                """)
    }
}
