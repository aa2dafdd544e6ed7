import GRDB

/// The tables of circles (migration `v3-circles`): this device's relay account, the circles it
/// belongs to with their newest verified rosters, the people in them with their pinned device
/// lists, invitations it made, what happened in each circle, the envelopes already taken in, and
/// the memories it shares (with the updates still to send).
enum CircleSchema {
    static func create(_ db: Database) throws {
        // relay_account — one row once this device is registered with a relay: where, as which
        // device, under what name, with the person's newest signed device list. The bearer
        // credential is a key-store secret ("relay_credential"), never a column.
        try db.execute(
            sql: """
                CREATE TABLE relay_account (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    server_url TEXT NOT NULL,
                    device_id TEXT NOT NULL,
                    display_name TEXT NOT NULL,
                    device_list BLOB NOT NULL,
                    registered_at REAL NOT NULL
                );
                """)

        // circles — each circle this person belongs to (or asked to join: roster NULL until the
        // owner adds them). `removed_at` is set when a newer roster no longer lists them.
        try db.execute(
            sql: """
                CREATE TABLE circles (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    roster BLOB,
                    version INTEGER NOT NULL DEFAULT 0,
                    owner_did TEXT,
                    joined_at REAL NOT NULL,
                    removed_at REAL
                );
                CREATE UNIQUE INDEX idx_circles_name ON circles(name);
                """)

        // circle_people — everyone this device has met in a circle: their name and the newest
        // device list accepted for them (pinned). A newer list that changes the key of a device
        // already pinned waits in pending_device_list until the user accepts it; sending to
        // their circles waits too.
        try db.execute(
            sql: """
                CREATE TABLE circle_people (
                    did TEXT PRIMARY KEY NOT NULL,
                    signing_key BLOB NOT NULL,
                    name TEXT,
                    device_list BLOB,
                    device_list_version INTEGER NOT NULL DEFAULT 0,
                    pending_device_list BLOB,
                    updated_at REAL NOT NULL
                );
                """)

        // circle_invites — invitations this person made: the secret never leaves the device but
        // in the code; a join request is accepted only with a MAC under it.
        try db.execute(
            sql: """
                CREATE TABLE circle_invites (
                    invite_id TEXT PRIMARY KEY NOT NULL,
                    circle_id TEXT NOT NULL REFERENCES circles(id) ON DELETE CASCADE,
                    secret BLOB NOT NULL,
                    created_at REAL NOT NULL,
                    used_by_did TEXT
                );
                """)

        // circle_events — what a member sees happen in a circle: joins, removals, devices added,
        // keys changed, entries refused.
        try db.execute(
            sql: """
                CREATE TABLE circle_events (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    circle_id TEXT NOT NULL,
                    did TEXT,
                    kind TEXT NOT NULL,
                    detail TEXT,
                    at REAL NOT NULL
                );
                CREATE INDEX idx_circle_events_circle ON circle_events(circle_id, id);
                """)

        // received_envelopes — envelope ids already taken in, so a replay stores nothing twice.
        try db.execute(
            sql: """
                CREATE TABLE received_envelopes (
                    envelope_id TEXT PRIMARY KEY NOT NULL,
                    received_at REAL NOT NULL
                ) WITHOUT ROWID;
                """)

        // memory_circles — the circles each of this person's memories is shared with; an edit or a
        // deletion of such a memory puts it in share_outbox (in the edit's own transaction), and
        // the next sync sends the chain again.
        try db.execute(
            sql: """
                CREATE TABLE memory_circles (
                    memory_uuid TEXT NOT NULL REFERENCES local_receipts(uuid) ON DELETE CASCADE,
                    circle_id TEXT NOT NULL REFERENCES circles(id) ON DELETE CASCADE,
                    shared_at REAL NOT NULL,
                    PRIMARY KEY (memory_uuid, circle_id)
                ) WITHOUT ROWID;
                CREATE TABLE share_outbox (
                    memory_uuid TEXT NOT NULL,
                    circle_id TEXT NOT NULL,
                    queued_at REAL NOT NULL,
                    PRIMARY KEY (memory_uuid, circle_id)
                ) WITHOUT ROWID;
                """)

        // A memory received from a circle: who shared it (their DID and the name they gave) and
        // where. Such a memory is read-only here: its receipts are signed by its author.
        try db.execute(
            sql: """
                ALTER TABLE local_receipts ADD COLUMN shared_by_did TEXT;
                ALTER TABLE local_receipts ADD COLUMN shared_by_name TEXT;
                ALTER TABLE local_receipts ADD COLUMN shared_circle_id TEXT;
                """)
    }
}
