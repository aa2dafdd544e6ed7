import PostgresStorage

/// The sync server's PostgreSQL schema (default `umilog`, beside the other clouds' schemas in one
/// database), created by migrations (a change is a new migration, never an edit of an old one).
/// The tables mirror the SQLite store's (`SyncSchema`), so the two answer alike; differences: ids
/// are `uuid`, dates `timestamptz` (microseconds), bytes `bytea`, numbers `bigint`, and rate
/// buckets keep `double precision` seconds as every cloud's do. The change log is append-only:
/// no statement of the store deletes or updates a change.
enum PostgresSyncSchema {
    static let name = "umilog"

    static let migrator = PostgresMigrator([
        PostgresMigration(id: "v1-sync") { schema in
            let accounts = schema.qualified("accounts")
            return [
                """
                CREATE TABLE \(accounts) (
                    id uuid PRIMARY KEY,
                    account_key bytea NOT NULL,
                    created_at timestamptz NOT NULL,
                    last_seq bigint NOT NULL,
                    used_bytes bigint NOT NULL
                )
                """,
                """
                CREATE TABLE \(schema.qualified("devices")) (
                    account_id uuid NOT NULL REFERENCES \(accounts) (id),
                    device_id uuid NOT NULL,
                    public_key bytea NOT NULL,
                    registered_at timestamptz NOT NULL,
                    PRIMARY KEY (account_id, device_id)
                )
                """,
                """
                CREATE TABLE \(schema.qualified("key_slots")) (
                    account_id uuid NOT NULL REFERENCES \(accounts) (id),
                    slot_id text NOT NULL,
                    body bytea NOT NULL,
                    updated_at timestamptz NOT NULL,
                    PRIMARY KEY (account_id, slot_id)
                )
                """,
                """
                CREATE TABLE \(schema.qualified("changes")) (
                    account_id uuid NOT NULL REFERENCES \(accounts) (id),
                    seq bigint NOT NULL,
                    change_id uuid NOT NULL,
                    device_id uuid NOT NULL,
                    record_id uuid NOT NULL,
                    kind text NOT NULL,
                    schema_version bigint NOT NULL,
                    sealed bytea NOT NULL,
                    received_at timestamptz NOT NULL,
                    PRIMARY KEY (account_id, seq),
                    UNIQUE (account_id, change_id)
                )
                """,
                """
                CREATE TABLE \(schema.qualified("blobs")) (
                    account_id uuid NOT NULL REFERENCES \(accounts) (id),
                    name text NOT NULL,
                    cid text NOT NULL,
                    size bigint NOT NULL,
                    created_at timestamptz NOT NULL,
                    PRIMARY KEY (account_id, name)
                )
                """,
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
