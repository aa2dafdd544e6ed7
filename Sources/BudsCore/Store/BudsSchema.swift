public import GRDB

/// The journal's database schema, created by migrations (never edited in place: a new
/// migration is appended for every change, so existing journals upgrade).
public enum BudsSchema {
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try createV1(db)
        }
        migrator.registerMigration("v2") { db in
            // New chain rows enter memories_fts from ReceiptLedger, once per batch, instead of
            // by the insert trigger: a trigger made FTS5 write every row as a segment of its
            // own (see `ReceiptLedger.Batch`). Updates still reach the index by trigger, and
            // every row written before this migration was indexed by the dropped trigger.
            try db.execute(sql: "DROP TRIGGER \"__memories_fts_ai\"")
        }
        migrator.registerMigration("v3-circles") { db in
            try CircleSchema.create(db)
        }
        return migrator
    }

    private static func createV1(_ db: Database) throws {
        // ucr_headers — one row per signed receipt, every version of every chain and every
        // tombstone. Immutable once written: the receipt layer is append-only.
        //   raw_cbor      the canonical DAG-CBOR body; hashed into `cid`, signed by `signature`
        //   signature     Ed25519 over raw_cbor, base64
        //   payload_json  the payload as JSON, for inspection and ad-hoc queries only
        //   received_at   when this device stored the receipt (seconds since 1970), not signed
        try db.execute(
            sql: """
                CREATE TABLE ucr_headers (
                    cid TEXT PRIMARY KEY NOT NULL,
                    did TEXT NOT NULL,
                    device_id TEXT NOT NULL,
                    parent_cid TEXT REFERENCES ucr_headers(cid) ON DELETE SET NULL,
                    root_cid TEXT NOT NULL,
                    receipt_type TEXT NOT NULL,
                    signature TEXT NOT NULL,
                    raw_cbor BLOB NOT NULL,
                    payload_json TEXT NOT NULL,
                    received_at REAL NOT NULL
                );
                CREATE INDEX idx_ucr_headers_did ON ucr_headers(did);
                CREATE INDEX idx_ucr_headers_type ON ucr_headers(receipt_type);
                CREATE INDEX idx_ucr_headers_received ON ucr_headers(received_at DESC);
                CREATE INDEX idx_ucr_headers_root ON ucr_headers(root_cid);
                CREATE INDEX idx_ucr_headers_parent ON ucr_headers(parent_cid);
                """)

        // locations — location records linked from payloads, keyed by their own CID.
        // Coordinates are already snapped to the privacy grid unless is_exact = 1.
        try db.execute(
            sql: """
                CREATE TABLE locations (
                    cid TEXT PRIMARY KEY NOT NULL,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    is_exact INTEGER NOT NULL DEFAULT 0,
                    place_name TEXT,
                    raw_cbor BLOB NOT NULL,
                    created_at REAL NOT NULL
                );
                """)

        // blobs — what the content-addressed blob store holds (photos); the bytes live in files
        // named by CID, so the database stays small and a blob is stored once.
        try db.execute(
            sql: """
                CREATE TABLE blobs (
                    cid TEXT PRIMARY KEY NOT NULL,
                    mime_type TEXT NOT NULL,
                    byte_count INTEGER NOT NULL,
                    created_at REAL NOT NULL
                );
                """)

        // local_receipts — one row per session chain: which receipt is its latest version,
        // whether it is deleted, device-local state (favourite, tags, private notes), and the
        // latest payload's fields copied out so that the timeline, filters and insights are
        // plain indexed queries. Rebuilt from ucr_headers whenever a receipt is stored.
        try db.execute(
            sql: """
                CREATE TABLE local_receipts (
                    uuid TEXT PRIMARY KEY NOT NULL,
                    root_cid TEXT NOT NULL UNIQUE REFERENCES ucr_headers(cid),
                    header_cid TEXT NOT NULL REFERENCES ucr_headers(cid),
                    head_created_at_ms INTEGER NOT NULL,
                    is_deleted INTEGER NOT NULL DEFAULT 0,
                    is_favorited INTEGER NOT NULL DEFAULT 0,
                    tags_json TEXT NOT NULL DEFAULT '[]',
                    local_notes TEXT,
                    image_cid TEXT REFERENCES blobs(cid),
                    location_cid TEXT REFERENCES locations(cid),
                    strain_name TEXT NOT NULL,
                    product_type TEXT NOT NULL,
                    rating INTEGER NOT NULL,
                    notes TEXT,
                    brand TEXT,
                    thc_percent REAL,
                    cbd_percent REAL,
                    amount_grams REAL,
                    effects_json TEXT NOT NULL DEFAULT '[]',
                    consumption_method TEXT,
                    claimed_time_ms INTEGER,
                    session_at REAL NOT NULL,
                    created_at REAL NOT NULL,
                    updated_at REAL NOT NULL
                );
                CREATE INDEX idx_local_receipts_timeline ON local_receipts(is_deleted, session_at DESC, uuid DESC);
                CREATE INDEX idx_local_receipts_header ON local_receipts(header_cid);
                """)

        // memory_effects — the latest version's effects, one row each, for filtering and counts.
        try db.execute(
            sql: """
                CREATE TABLE memory_effects (
                    memory_uuid TEXT NOT NULL REFERENCES local_receipts(uuid) ON DELETE CASCADE,
                    effect TEXT NOT NULL,
                    PRIMARY KEY (memory_uuid, effect)
                ) WITHOUT ROWID;
                CREATE INDEX idx_memory_effects_effect ON memory_effects(effect);
                """)

        // memories_fts — full-text index over strain, brand and notes, case- and
        // diacritic-insensitive. External content: rows are local_receipts' rows, kept in step
        // by triggers, so a write never has to find and delete an index row by a text column.
        try db.create(virtualTable: "memories_fts", using: FTS5()) { table in
            table.synchronize(withTable: "local_receipts")
            table.tokenizer = .unicode61(diacritics: .remove)
            table.column("strain_name")
            table.column("brand")
            table.column("notes")
        }

        // shared_memories — which version of a memory was shared with whom (sealed for the
        // recipient's devices); written by the sharing feature.
        try db.execute(
            sql: """
                CREATE TABLE shared_memories (
                    id TEXT PRIMARY KEY NOT NULL,
                    memory_uuid TEXT NOT NULL REFERENCES local_receipts(uuid) ON DELETE CASCADE,
                    header_cid TEXT NOT NULL REFERENCES ucr_headers(cid),
                    recipient_did TEXT NOT NULL,
                    envelope BLOB,
                    shared_at REAL NOT NULL
                );
                CREATE INDEX idx_shared_memories_memory ON shared_memories(memory_uuid);
                """)

        // app_settings — small device-local values (the device id).
        try db.execute(
            sql: """
                CREATE TABLE app_settings (
                    key TEXT PRIMARY KEY NOT NULL,
                    value TEXT NOT NULL
                );
                """)
    }
}
