import PostgresStorage

/// The ledger's PostgreSQL schema, the SQLite store's tables (`LedgerSchema`) in `bigint`: sums
/// and amounts within 2⁶³ − 1 (``Ledger/maximumSum``), dates as `double precision` seconds.
enum PostgresLedgerSchema {
    static let migrator = PostgresMigrator([
        PostgresMigration(id: "v1-ledger") { schema in
            let accounts = schema.qualified("ledger_accounts")
            let transfers = schema.qualified("ledger_transfers")
            let pinned = schema.qualified("ledger_pinned_failures")
            return [
                """
                CREATE TABLE \(accounts) (
                    id text PRIMARY KEY,
                    mint text NOT NULL,
                    kind text NOT NULL,
                    debits bigint NOT NULL DEFAULT 0 CHECK (debits >= 0),
                    credits bigint NOT NULL DEFAULT 0 CHECK (credits >= 0)
                )
                """,
                """
                CREATE TABLE \(transfers) (
                    seq bigserial PRIMARY KEY,
                    id text NOT NULL UNIQUE,
                    debit text NOT NULL REFERENCES \(accounts) (id),
                    credit text NOT NULL REFERENCES \(accounts) (id),
                    mint text NOT NULL,
                    amount bigint NOT NULL CHECK (amount > 0),
                    code text NOT NULL,
                    created_at double precision NOT NULL
                )
                """,
                "CREATE INDEX ledger_transfers_debit ON \(transfers) (debit, seq)",
                "CREATE INDEX ledger_transfers_credit ON \(transfers) (credit, seq)",
                """
                CREATE TABLE \(pinned) (
                    id text PRIMARY KEY,
                    debit text NOT NULL,
                    credit text NOT NULL,
                    mint text NOT NULL,
                    amount bigint NOT NULL,
                    code text NOT NULL,
                    failure text NOT NULL,
                    failure_account text,
                    failure_available bigint
                )
                """,
            ]
        },
        PostgresMigration(id: "v2-payments") { schema in
            let intents = schema.qualified("payment_intents")
            let giftCards = schema.qualified("gift_cards")
            return [
                """
                CREATE TABLE \(intents) (
                    id text PRIMARY KEY,
                    owner text NOT NULL,
                    action text NOT NULL,
                    mint text,
                    quarks bigint,
                    usd_micros bigint,
                    counterparty text,
                    submitted_at double precision NOT NULL,
                    outcome text NOT NULL,
                    refusal_field text,
                    refusal_reason text,
                    refusal_amount bigint
                )
                """,
                "CREATE INDEX payment_intents_owner ON \(intents) (owner, submitted_at)",
                """
                CREATE TABLE \(giftCards) (
                    id text PRIMARY KEY,
                    issuer text NOT NULL,
                    mint text NOT NULL,
                    quarks bigint NOT NULL,
                    funded_at double precision NOT NULL,
                    state text NOT NULL,
                    claimed_by text,
                    claim_intent text
                )
                """,
                "CREATE INDEX gift_cards_open ON \(giftCards) (state, funded_at)",
            ]
        },
        PostgresMigration(id: "v3-owners") { schema in
            // As the SQLite store's v3-owners.
            [
                "CREATE TABLE \(schema.qualified("owners")) (id text PRIMARY KEY, registered_at double precision NOT NULL)",
                "CREATE TABLE \(schema.qualified("shared_secrets")) (name text PRIMARY KEY, value bytea NOT NULL)",
                """
                CREATE TABLE \(schema.qualified("rate_buckets")) (
                    key text PRIMARY KEY, tokens double precision NOT NULL, updated_at double precision NOT NULL
                )
                """,
                """
                CREATE INDEX payment_intents_received ON \(schema.qualified("payment_intents")) (counterparty, submitted_at)
                    WHERE action = 'send_payment' AND outcome = 'settled'
                """,
            ]
        },
        PostgresMigration(id: "v4-sent-index") { schema in
            // As the SQLite store's v4-sent-index.
            [
                """
                CREATE INDEX payment_intents_sent ON \(schema.qualified("payment_intents")) (owner, submitted_at) INCLUDE (usd_micros)
                    WHERE outcome = 'settled' AND action IN ('send_payment', 'send_gift_card')
                """
            ]
        },
        PostgresMigration(id: "v5-running-totals") { schema in
            // As the SQLite store's v5-running-totals.
            let intents = schema.qualified("payment_intents")
            return [
                "ALTER TABLE \(intents) ADD COLUMN sent_running bigint",
                """
                UPDATE \(intents) AS later SET sent_running = (
                    SELECT SUM(earlier.usd_micros) FROM \(intents) AS earlier
                    WHERE earlier.owner = later.owner AND earlier.outcome = 'settled'
                        AND earlier.action IN ('send_payment', 'send_gift_card')
                        AND (earlier.submitted_at < later.submitted_at
                            OR (earlier.submitted_at = later.submitted_at AND earlier.id COLLATE "C" <= later.id COLLATE "C"))
                )
                WHERE later.outcome = 'settled' AND later.action IN ('send_payment', 'send_gift_card')
                """,
                "DROP INDEX \(schema.qualified("payment_intents_sent"))",
                """
                CREATE INDEX payment_intents_running ON \(intents) (owner, submitted_at, id COLLATE "C") INCLUDE (sent_running)
                    WHERE outcome = 'settled' AND action IN ('send_payment', 'send_gift_card')
                """,
            ]
        },
        PostgresMigration(id: "v6-rendezvous") { schema in
            // As the SQLite store's v6-rendezvous: messages delivered in the order they were stored
            // (seq; one rendezvous's inserts are serialised by its row lock, so seq order is commit
            // order). One index leads with the messages' rendezvous for both the pending reads (a
            // rendezvous holds a handful of messages, acked or not) and the purge's cascade, which
            // a partial index on unacked rows could not serve.
            let rendezvous = schema.qualified("rendezvous")
            let messages = schema.qualified("rendezvous_messages")
            return [
                """
                CREATE TABLE \(rendezvous) (
                    key text PRIMARY KEY,
                    holder text,
                    stream_expires_at double precision,
                    grabbed_by text,
                    grab_message bytea,
                    last_message_at double precision NOT NULL
                )
                """,
                """
                CREATE TABLE \(messages) (
                    seq bigserial PRIMARY KEY,
                    id bytea NOT NULL UNIQUE,
                    rendezvous text NOT NULL REFERENCES \(rendezvous) (key) ON DELETE CASCADE,
                    kind text NOT NULL CHECK (kind IN ('give', 'grab')),
                    requestor text,
                    body bytea NOT NULL,
                    sent_at double precision NOT NULL,
                    acked boolean NOT NULL DEFAULT false
                )
                """,
                "CREATE INDEX rendezvous_messages_pending ON \(messages) (rendezvous, seq)",
                "CREATE INDEX rendezvous_last_message ON \(rendezvous) (last_message_at)",
            ]
        },
        PostgresMigration(id: "v7-launchpad") { schema in
            // As the SQLite store's v7-launchpad.
            let intents = schema.qualified("payment_intents")
            return [
                """
                CREATE TABLE \(schema.qualified("launchpad_currencies")) (
                    mint text PRIMARY KEY,
                    symbol text NOT NULL UNIQUE,
                    name text NOT NULL,
                    sell_fee_bps integer NOT NULL CHECK (sell_fee_bps BETWEEN 0 AND 10000),
                    creator text NOT NULL,
                    launched_at double precision NOT NULL
                )
                """,
                "ALTER TABLE \(intents) ADD COLUMN minimum_out bigint",
                "ALTER TABLE \(intents) ADD COLUMN received_quarks bigint",
                // An owner's accounts by prefix (GetBalances), whatever the database's collation.
                "CREATE INDEX ledger_accounts_id_prefix ON \(schema.qualified("ledger_accounts")) (id text_pattern_ops)",
            ]
        },
    ])
}
