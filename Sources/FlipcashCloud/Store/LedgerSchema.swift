import GRDB

/// The ledger's SQLite schema. Sums and amounts are INTEGER (signed 64 bits), which
/// ``Ledger/maximumSum`` keeps them within; mints are their base58 addresses.
enum LedgerSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE ledger_accounts (
                        id TEXT PRIMARY KEY NOT NULL,
                        mint TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        debits INTEGER NOT NULL DEFAULT 0 CHECK (debits >= 0),
                        credits INTEGER NOT NULL DEFAULT 0 CHECK (credits >= 0)
                    ) WITHOUT ROWID;

                    -- seq: the order transfers were created in, for history pages.
                    CREATE TABLE ledger_transfers (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT,
                        id TEXT NOT NULL UNIQUE,
                        debit TEXT NOT NULL REFERENCES ledger_accounts(id),
                        credit TEXT NOT NULL REFERENCES ledger_accounts(id),
                        mint TEXT NOT NULL,
                        amount INTEGER NOT NULL CHECK (amount > 0),
                        code TEXT NOT NULL,
                        created_at REAL NOT NULL
                    );
                    CREATE INDEX ledger_transfers_debit ON ledger_transfers(debit, seq);
                    CREATE INDEX ledger_transfers_credit ON ledger_transfers(credit, seq);

                    -- Refusals that stay with their id, with the body refused (see TransferFailure.isPinned).
                    CREATE TABLE ledger_pinned_failures (
                        id TEXT PRIMARY KEY NOT NULL,
                        debit TEXT NOT NULL,
                        credit TEXT NOT NULL,
                        mint TEXT NOT NULL,
                        amount INTEGER NOT NULL,
                        code TEXT NOT NULL,
                        failure TEXT NOT NULL,
                        failure_account TEXT,
                        failure_available INTEGER
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v2-payments") { db in
            // payment_intents: every intent as first answered, under its client-chosen id. The
            // request's amounts are kept bit for bit (a refused one may exceed 2^63 - 1), so a
            // retry is compared with exactly what was asked.
            // gift_cards: every cash link, its state (open, claimed, voided, returned) and who
            // claimed it.
            try db.execute(
                sql: """
                    CREATE TABLE payment_intents (
                        id TEXT PRIMARY KEY NOT NULL,
                        owner TEXT NOT NULL,
                        action TEXT NOT NULL,
                        mint TEXT,
                        quarks INTEGER,
                        usd_micros INTEGER,
                        counterparty TEXT,
                        submitted_at REAL NOT NULL,
                        outcome TEXT NOT NULL,
                        refusal_field TEXT,
                        refusal_reason TEXT,
                        refusal_amount INTEGER
                    ) WITHOUT ROWID;
                    CREATE INDEX payment_intents_owner ON payment_intents(owner, submitted_at);

                    CREATE TABLE gift_cards (
                        id TEXT PRIMARY KEY NOT NULL,
                        issuer TEXT NOT NULL,
                        mint TEXT NOT NULL,
                        quarks INTEGER NOT NULL,
                        funded_at REAL NOT NULL,
                        state TEXT NOT NULL,
                        claimed_by TEXT,
                        claim_intent TEXT
                    ) WITHOUT ROWID;
                    CREATE INDEX gift_cards_open ON gift_cards(state, funded_at);
                    """)
        }
        migrator.registerMigration("v3-owners") { db in
            // owners: the keys registered through the Account service.
            // shared_secrets: what every server process must agree on (the rate-signing key).
            // rate_buckets: the request rate limits' token buckets, by key.
            // The partial index finds the payments an owner received, for their history.
            try db.execute(
                sql: """
                    CREATE TABLE owners (
                        id TEXT PRIMARY KEY NOT NULL,
                        registered_at REAL NOT NULL
                    ) WITHOUT ROWID;

                    CREATE TABLE shared_secrets (
                        name TEXT PRIMARY KEY NOT NULL,
                        value BLOB NOT NULL
                    ) WITHOUT ROWID;

                    CREATE TABLE rate_buckets (
                        key TEXT PRIMARY KEY NOT NULL,
                        tokens REAL NOT NULL,
                        updated_at REAL NOT NULL
                    ) WITHOUT ROWID;

                    CREATE INDEX payment_intents_received ON payment_intents(counterparty, submitted_at)
                        WHERE action = 'send_payment' AND outcome = 'settled';
                    """)
        }
        migrator.registerMigration("v4-sent-index") { db in
            // The daily limit sums an owner's settled sends over 24 hours from this index alone.
            try db.execute(
                sql: """
                    CREATE INDEX payment_intents_sent ON payment_intents(owner, submitted_at, usd_micros)
                        WHERE outcome = 'settled' AND action IN ('send_payment', 'send_gift_card');
                    """)
        }
        migrator.registerMigration("v5-running-totals") { db in
            // sent_running: on each settled send, the owner's total of settled sends up to it in
            // (time, id) order, so the daily limit is two index seeks (see sentInWindow) instead
            // of a sum over every send of the last 24 hours. Existing rows are filled in order.
            try db.execute(
                sql: """
                    ALTER TABLE payment_intents ADD COLUMN sent_running INTEGER;
                    UPDATE payment_intents SET sent_running = (
                        SELECT SUM(earlier.usd_micros) FROM payment_intents earlier
                        WHERE earlier.owner = payment_intents.owner AND earlier.outcome = 'settled'
                            AND earlier.action IN ('send_payment', 'send_gift_card')
                            AND (earlier.submitted_at < payment_intents.submitted_at
                                OR (earlier.submitted_at = payment_intents.submitted_at AND earlier.id <= payment_intents.id))
                    )
                    WHERE outcome = 'settled' AND action IN ('send_payment', 'send_gift_card');
                    DROP INDEX payment_intents_sent;
                    CREATE INDEX payment_intents_running ON payment_intents(owner, submitted_at, id, sent_running)
                        WHERE outcome = 'settled' AND action IN ('send_payment', 'send_gift_card');
                    """)
        }
        migrator.registerMigration("v6-rendezvous") { db in
            // Bills' rendezvous: the stream record (who holds the giver's stream, until when) and
            // the first grab, decided in the row's transaction; messages until acked or purged,
            // delivered in the order they were stored (seq: times may tie, ids are random).
            try db.execute(
                sql: """
                    CREATE TABLE rendezvous (
                        key TEXT PRIMARY KEY,
                        holder TEXT,
                        stream_expires_at REAL,
                        grabbed_by TEXT,
                        grab_message BLOB,
                        last_message_at REAL NOT NULL
                    );
                    CREATE TABLE rendezvous_messages (
                        seq INTEGER PRIMARY KEY,
                        id BLOB NOT NULL UNIQUE,
                        rendezvous TEXT NOT NULL REFERENCES rendezvous(key) ON DELETE CASCADE,
                        kind TEXT NOT NULL CHECK (kind IN ('give', 'grab')),
                        requestor TEXT,
                        body BLOB NOT NULL,
                        sent_at REAL NOT NULL,
                        acked INTEGER NOT NULL DEFAULT 0
                    );
                    CREATE INDEX rendezvous_messages_by_rendezvous ON rendezvous_messages(rendezvous, seq);
                    CREATE INDEX rendezvous_last_message ON rendezvous(last_message_at);
                    """)
        }
        migrator.registerMigration("v7-launchpad") { db in
            // Launchpad currencies (the symbol unique, in the capitals the rules store); a
            // trade's minimum and what it credited, kept with its intent.
            try db.execute(
                sql: """
                    CREATE TABLE launchpad_currencies (
                        mint TEXT PRIMARY KEY,
                        symbol TEXT NOT NULL UNIQUE,
                        name TEXT NOT NULL,
                        sell_fee_bps INTEGER NOT NULL CHECK (sell_fee_bps BETWEEN 0 AND 10000),
                        creator TEXT NOT NULL,
                        launched_at REAL NOT NULL
                    );
                    ALTER TABLE payment_intents ADD COLUMN minimum_out INTEGER;
                    ALTER TABLE payment_intents ADD COLUMN received_quarks INTEGER;
                    """)
        }
        return migrator
    }
}
