import PostgresStorage

/// The Buds relay's PostgreSQL schema (default `buds`, beside the other clouds' schemas in one
/// database), created by migrations (a change is a new migration, never an edit of an old one).
/// The tables mirror the SQLite store's (`RelaySchema`), so the two answer alike; differences:
///
/// - Secrets' digests and binary ids are `bytea`; phone digests `text` (hex), as in SQLite.
/// - Dates are `double precision` seconds since 1970, as in SQLite: a `Date` reads back `==`.
/// - Lists are arrays: a session's and a number's sends `double precision[]`, a device list's
///   ids `text[]`.
/// - Versions are `bigint` holding a `UInt64`'s bit pattern.
/// - Queue entries take their ids from an identity column, which only grows.
enum PostgresRelaySchema {
    static let migrator = PostgresMigrator([
        PostgresMigration(id: "v1-relay") { schema in
            let accounts = schema.qualified("accounts")
            let circles = schema.qualified("circles")
            let envelopes = schema.qualified("envelopes")
            let queueEntries = schema.qualified("queue_entries")
            return [
                """
                CREATE TABLE \(schema.qualified("sign_in_sessions")) (
                    id text PRIMARY KEY,
                    number text NOT NULL,
                    last_action_at double precision NOT NULL,
                    sends double precision[] NOT NULL,
                    checks bigint NOT NULL,
                    code_digest bytea NOT NULL,
                    code_issued_at double precision NOT NULL
                )
                """,
                "CREATE INDEX sign_in_sessions_idle ON \(schema.qualified("sign_in_sessions")) (last_action_at)",
                """
                CREATE TABLE \(schema.qualified("sign_in_numbers")) (
                    digest text PRIMARY KEY,
                    sends double precision[] NOT NULL,
                    last_send_at double precision,
                    consecutive_failures bigint NOT NULL
                )
                """,
                """
                CREATE TABLE \(accounts) (
                    did text PRIMARY KEY,
                    phone_digest text UNIQUE,
                    created_at double precision NOT NULL
                )
                """,
                """
                CREATE TABLE \(schema.qualified("device_lists")) (
                    did text PRIMARY KEY REFERENCES \(accounts) (did),
                    version bigint NOT NULL,
                    device_ids text[] NOT NULL,
                    bytes bytea NOT NULL
                )
                """,
                """
                CREATE TABLE \(schema.qualified("devices")) (
                    device_id text PRIMARY KEY,
                    did text NOT NULL REFERENCES \(accounts) (did),
                    credential bytea NOT NULL UNIQUE,
                    push_token text,
                    registered_at double precision NOT NULL
                )
                """,
                "CREATE INDEX devices_did ON \(schema.qualified("devices")) (did)",
                """
                CREATE TABLE \(schema.qualified("links")) (
                    token bytea PRIMARY KEY,
                    expires_at double precision NOT NULL,
                    sealed bytea
                )
                """,
                "CREATE INDEX links_expiry ON \(schema.qualified("links")) (expires_at)",
                """
                CREATE TABLE \(circles) (
                    circle_id bytea PRIMARY KEY,
                    owner text NOT NULL,
                    version bigint NOT NULL,
                    roster bytea NOT NULL
                )
                """,
                """
                CREATE TABLE \(schema.qualified("circle_members")) (
                    circle_id bytea NOT NULL REFERENCES \(circles) (circle_id) ON DELETE CASCADE,
                    did text NOT NULL,
                    position bigint NOT NULL,
                    PRIMARY KEY (circle_id, did)
                )
                """,
                """
                CREATE TABLE \(schema.qualified("invites")) (
                    invite_id bytea PRIMARY KEY,
                    circle_id bytea NOT NULL REFERENCES \(circles) (circle_id),
                    expires_at double precision NOT NULL,
                    used_at double precision,
                    used_by text
                )
                """,
                "CREATE INDEX invites_expiry ON \(schema.qualified("invites")) (expires_at)",
                """
                CREATE TABLE \(schema.qualified("join_requests")) (
                    invite_id bytea PRIMARY KEY,
                    circle_id bytea NOT NULL,
                    did text NOT NULL,
                    request bytea NOT NULL,
                    created_at double precision NOT NULL
                )
                """,
                "CREATE INDEX join_requests_circle ON \(schema.qualified("join_requests")) (circle_id, created_at)",
                "CREATE INDEX join_requests_created ON \(schema.qualified("join_requests")) (created_at)",
                """
                CREATE TABLE \(envelopes) (
                    id bytea PRIMARY KEY,
                    circle_id bytea NOT NULL,
                    sender_device_id text NOT NULL,
                    bytes bytea,
                    received_at double precision NOT NULL
                )
                """,
                "CREATE INDEX envelopes_received ON \(envelopes) (received_at)",
                """
                CREATE TABLE \(queueEntries) (
                    entry bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    device_id text NOT NULL,
                    envelope_id bytea NOT NULL REFERENCES \(envelopes) (id) ON DELETE CASCADE,
                    queued_at double precision NOT NULL
                )
                """,
                "CREATE INDEX queue_entries_device ON \(queueEntries) (device_id, entry)",
                "CREATE INDEX queue_entries_envelope ON \(queueEntries) (envelope_id)",
                "CREATE INDEX queue_entries_queued ON \(queueEntries) (queued_at)",
                """
                CREATE TABLE \(schema.qualified("rate_buckets")) (
                    key text PRIMARY KEY,
                    tokens double precision NOT NULL,
                    updated_at double precision NOT NULL
                )
                """,
            ]
        }
    ])
}
