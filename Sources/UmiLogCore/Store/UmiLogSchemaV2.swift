import GRDB

/// Migration v2. SQLite cannot relax a `NOT NULL` column in place, so `sites` and `dives` are
/// rebuilt the documented way (new table, copy, drop, rename) with foreign-key checks deferred
/// by the migrator; rows keep their `num`, so nothing that refers to them changes.
enum UmiLogSchemaV2 {
    /// `sites.latitude`/`longitude` become nullable together (a site a dive log named without
    /// a position); the R-tree indexes only sites that have one.
    static func rebuildSites(_ db: Database) throws {
        try db.execute(
            sql: """
                DROP TABLE sites_fts;
                DROP TABLE sites_rtree;
                CREATE TABLE sites_v2 (
                    num INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE CHECK (length(id) > 0),
                    name TEXT NOT NULL CHECK (length(trim(name)) > 0),
                    latitude REAL CHECK (latitude BETWEEN -90 AND 90),
                    longitude REAL CHECK (longitude BETWEEN -180 AND 180),
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
                    license TEXT NOT NULL,
                    CHECK ((latitude IS NULL) = (longitude IS NULL))
                );
                INSERT INTO sites_v2 SELECT num, id, name, latitude, longitude, region, area, country, max_depth_m,
                    typical_depth_m, tags, entry, difficulty, description, source, license FROM sites;
                DROP TABLE sites;
                ALTER TABLE sites_v2 RENAME TO sites;
                CREATE INDEX idx_sites_name ON sites(name COLLATE NOCASE);
                CREATE INDEX idx_sites_region ON sites(region);
                """)
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
        try db.execute(
            sql: """
                CREATE VIRTUAL TABLE sites_rtree USING rtree(num, min_lat, max_lat, min_lon, max_lon);
                INSERT INTO sites_rtree SELECT num, latitude, latitude, longitude, longitude FROM sites
                    WHERE latitude IS NOT NULL;
                CREATE TRIGGER sites_rtree_insert AFTER INSERT ON sites WHEN new.latitude IS NOT NULL BEGIN
                    INSERT INTO sites_rtree VALUES (new.num, new.latitude, new.latitude, new.longitude, new.longitude);
                END;
                CREATE TRIGGER sites_rtree_update AFTER UPDATE OF latitude, longitude ON sites BEGIN
                    DELETE FROM sites_rtree WHERE num = old.num;
                    INSERT INTO sites_rtree SELECT new.num, new.latitude, new.latitude, new.longitude, new.longitude
                        WHERE new.latitude IS NOT NULL;
                END;
                CREATE TRIGGER sites_rtree_delete AFTER DELETE ON sites BEGIN
                    DELETE FROM sites_rtree WHERE num = old.num;
                END;
                """)
    }

    /// `dives.site_id` becomes nullable, and the dive gains the fields logs carry. Cylinders and
    /// weights are JSON arrays: always read and written with their dive, never queried alone.
    /// `import_key` names an imported dive by what it is (start, duration, depth), so importing
    /// the same file again finds it.
    static func rebuildDives(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE dives_v2 (
                    id TEXT PRIMARY KEY NOT NULL,
                    site_id TEXT REFERENCES sites(id) ON DELETE RESTRICT,
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
                    updated_at REAL NOT NULL,
                    number INTEGER,
                    divemaster TEXT,
                    suit TEXT,
                    air_temperature_c REAL CHECK (air_temperature_c BETWEEN -40 AND 70),
                    visibility_rating INTEGER CHECK (visibility_rating BETWEEN 1 AND 5),
                    mode TEXT NOT NULL DEFAULT 'OC' CHECK (mode IN ('OC', 'CCR', 'PSCR', 'Freedive')),
                    cylinders TEXT NOT NULL DEFAULT '[]',
                    weights TEXT NOT NULL DEFAULT '[]',
                    surface_pressure_bar REAL,
                    salinity_g_per_l REAL,
                    dive_computer TEXT,
                    import_key TEXT
                );
                INSERT INTO dives_v2 (id, site_id, start_time, max_depth_m, average_depth_m, bottom_time_s,
                    water_temperature_c, visibility_m, current, oxygen_percent, start_pressure_bar, end_pressure_bar, buddy,
                    notes, rating, created_at, updated_at)
                SELECT id, site_id, start_time, max_depth_m, average_depth_m, bottom_time_s, water_temperature_c,
                    visibility_m, current, oxygen_percent, start_pressure_bar, end_pressure_bar, buddy, notes, rating,
                    created_at, updated_at FROM dives;
                DROP TABLE dives;
                ALTER TABLE dives_v2 RENAME TO dives;
                CREATE INDEX idx_dives_start ON dives(start_time DESC);
                CREATE INDEX idx_dives_site ON dives(site_id, start_time DESC);
                CREATE UNIQUE INDEX idx_dives_import_key ON dives(import_key) WHERE import_key IS NOT NULL;
                """)
    }

    /// dive_samples — the depth profile, one row per point, in time order. dive_signatures —
    /// instructor sign-offs: the signed receipt (DAG-CBOR) and its signature, verifiable
    /// offline against the dive as it is now.
    static func createSamplesAndSignatures(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE dive_samples (
                    dive_id TEXT NOT NULL REFERENCES dives(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    time_s INTEGER NOT NULL,
                    depth_m REAL NOT NULL,
                    temperature_c REAL,
                    tank_pressure_bar REAL,
                    ndl_s INTEGER,
                    stop_depth_m REAL,
                    stop_time_s INTEGER,
                    cns_percent REAL,
                    po2_bar REAL,
                    heart_rate INTEGER,
                    PRIMARY KEY (dive_id, position)
                ) WITHOUT ROWID;
                CREATE TABLE dive_signatures (
                    dive_id TEXT NOT NULL REFERENCES dives(id) ON DELETE CASCADE,
                    cid TEXT NOT NULL,
                    receipt BLOB NOT NULL,
                    signature BLOB NOT NULL,
                    signer_did TEXT NOT NULL,
                    signer_name TEXT,
                    signed_at REAL NOT NULL,
                    PRIMARY KEY (dive_id, cid)
                ) WITHOUT ROWID;
                """)
    }
}
