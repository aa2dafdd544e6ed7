import PostgresStorage

/// The Kilroy cloud's PostgreSQL schema, created by migrations (a change is a new migration,
/// never an edit of an old one). The tables mirror the SQLite store's (`KilroySchema`) so the
/// two behave the same; differences:
///
/// - Devices are `bytea` holding a `DeviceDigest`'s 32 bytes (never a credential or raw id).
/// - Dates are `double precision` seconds since 1970, as in SQLite: a `Date` reads back `==`.
/// - A kilroy's position is also a PostGIS `geography(Point,4326)`, generated from its latitude
///   and longitude (so it can never disagree with them), with a GiST index for near queries
///   in place of SQLite's geohash.
/// - `upload_owners` has one row per uploading device, locked `FOR UPDATE` while its quota is
///   decided, so the quota holds across server processes.
/// - `kilroys.image_id` references `images`, so no kilroy can point at collected metadata.
///
/// PostGIS must be installed in a schema on the connections' `search_path` (usually `public`).
enum PostgresKilroySchema {
    static let migrator = PostgresMigrator([
        PostgresMigration(id: "v1") { schema in
            let images = schema.qualified("images")
            let kilroys = schema.qualified("kilroys")
            return [
                "CREATE EXTENSION IF NOT EXISTS postgis",
                """
                CREATE TABLE \(images) (
                    id text PRIMARY KEY,
                    format text NOT NULL,
                    byte_count bigint NOT NULL,
                    uploader bytea NOT NULL,
                    uploaded_at double precision NOT NULL
                )
                """,
                "CREATE INDEX images_uploaded ON \(images) (uploaded_at)",
                "CREATE INDEX images_uploader ON \(images) (uploader)",
                """
                CREATE TABLE \(kilroys) (
                    id text PRIMARY KEY,
                    owner bytea NOT NULL,
                    latitude double precision NOT NULL,
                    longitude double precision NOT NULL,
                    position geography(Point, 4326) NOT NULL
                        GENERATED ALWAYS AS (ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)::geography) STORED,
                    image_id text NOT NULL REFERENCES \(images) (id),
                    place_name text,
                    place_address text,
                    comment text,
                    created_at double precision NOT NULL,
                    received_at double precision NOT NULL,
                    report_count bigint NOT NULL DEFAULT 0,
                    hidden boolean NOT NULL DEFAULT false
                )
                """,
                "CREATE INDEX kilroys_position ON \(kilroys) USING GIST (position)",
                "CREATE INDEX kilroys_owner ON \(kilroys) (owner)",
                "CREATE INDEX kilroys_image ON \(kilroys) (image_id)",
                """
                CREATE TABLE \(schema.qualified("reports")) (
                    kilroy_id text NOT NULL REFERENCES \(kilroys) (id) ON DELETE CASCADE,
                    reporter bytea NOT NULL,
                    reason text,
                    reported_at double precision NOT NULL,
                    PRIMARY KEY (kilroy_id, reporter)
                )
                """,
                "CREATE INDEX reports_reporter ON \(schema.qualified("reports")) (reporter)",
                "CREATE TABLE \(schema.qualified("device_drops")) (owner bytea PRIMARY KEY, drop_count bigint NOT NULL)",
                """
                CREATE TABLE \(schema.qualified("upload_log")) (
                    owner bytea NOT NULL,
                    uploaded_at double precision NOT NULL,
                    byte_count bigint NOT NULL
                )
                """,
                "CREATE INDEX upload_log_owner ON \(schema.qualified("upload_log")) (owner, uploaded_at)",
                "CREATE INDEX upload_log_time ON \(schema.qualified("upload_log")) (uploaded_at)",
                "CREATE TABLE \(schema.qualified("upload_owners")) (owner bytea PRIMARY KEY)",
                """
                CREATE TABLE \(schema.qualified("legacy_claims")) (
                    legacy bytea PRIMARY KEY,
                    claimed_by bytea NOT NULL,
                    claimed_at double precision NOT NULL
                )
                """,
                """
                CREATE TABLE \(schema.qualified("rate_buckets")) (
                    owner bytea NOT NULL,
                    action text NOT NULL,
                    tokens double precision NOT NULL,
                    updated_at double precision NOT NULL,
                    PRIMARY KEY (owner, action)
                )
                """,
            ]
        },
        // Who may write or remove an image's blob and row now (see `acquireImageLease`).
        PostgresMigration(id: "v2-image-leases") { schema in
            [
                """
                CREATE TABLE \(schema.qualified("image_leases")) (
                    image_id text PRIMARY KEY,
                    holder text NOT NULL,
                    expires_at double precision NOT NULL
                )
                """
            ]
        },
        // Each app-server's near cache (`PostgresNearCache`): a number and a version per kilroy,
        // and a log of every insert, update and deletion under the writing transaction's id,
        // with how far it has been pruned.
        PostgresMigration(id: "v3-near-cache") { schema in
            let kilroys = schema.qualified("kilroys")
            let changes = schema.qualified("kilroy_changes")
            return [
                "ALTER TABLE \(kilroys) ADD COLUMN num bigint GENERATED ALWAYS AS IDENTITY",
                "CREATE UNIQUE INDEX kilroys_num ON \(kilroys) (num)",
                "ALTER TABLE \(kilroys) ADD COLUMN version bigint NOT NULL DEFAULT 0",
                """
                CREATE TABLE \(changes) (
                    xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
                    num bigint NOT NULL,
                    changed_at timestamptz NOT NULL DEFAULT clock_timestamp()
                )
                """,
                "CREATE INDEX kilroy_changes_xid ON \(changes) (xid)",
                "CREATE INDEX kilroy_changes_time ON \(changes) (changed_at)",
                """
                CREATE TABLE \(schema.qualified("kilroy_changes_pruned")) (
                    id integer PRIMARY KEY CHECK (id = 1),
                    through xid8 NOT NULL
                )
                """,
                "INSERT INTO \(schema.qualified("kilroy_changes_pruned")) (id, through) VALUES (1, '0')",
                """
                CREATE FUNCTION \(schema.qualified("kilroy_next_version"))() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    NEW.version := OLD.version + 1;
                    RETURN NEW;
                END
                $$
                """,
                """
                CREATE TRIGGER kilroys_version BEFORE UPDATE ON \(kilroys)
                FOR EACH ROW EXECUTE FUNCTION \(schema.qualified("kilroy_next_version"))()
                """,
                """
                CREATE FUNCTION \(schema.qualified("kilroy_log_change"))() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    IF TG_OP = 'DELETE' THEN
                        INSERT INTO \(changes) (num) VALUES (OLD.num);
                    ELSE
                        INSERT INTO \(changes) (num) VALUES (NEW.num);
                    END IF;
                    RETURN NULL;
                END
                $$
                """,
                """
                CREATE TRIGGER kilroys_logged AFTER INSERT OR UPDATE OR DELETE ON \(kilroys)
                FOR EACH ROW EXECUTE FUNCTION \(schema.qualified("kilroy_log_change"))()
                """,
            ]
        },
        // TRUNCATE fires no row trigger, so it marks the whole log as pruned: every near cache
        // loads everything again instead of answering with kilroys that are gone.
        PostgresMigration(id: "v4-near-cache-truncate") { schema in
            [
                """
                CREATE FUNCTION \(schema.qualified("kilroy_log_truncate"))() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    UPDATE \(schema.qualified("kilroy_changes_pruned")) SET through = greatest(through, pg_current_xact_id());
                    RETURN NULL;
                END
                $$
                """,
                """
                CREATE TRIGGER kilroys_truncated AFTER TRUNCATE ON \(schema.qualified("kilroys"))
                FOR EACH STATEMENT EXECUTE FUNCTION \(schema.qualified("kilroy_log_truncate"))()
                """,
            ]
        },
    ])
}
