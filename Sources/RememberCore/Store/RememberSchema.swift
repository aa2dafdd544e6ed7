public import GRDB

/// The Remember database (`remember.sqlite`), created and upgraded by migrations.
///
/// Dates are stored as seconds since 1970 (REAL), so the due-queue index orders and ranges them
/// numerically.
public enum RememberSchema {
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            // people — one row per person. The keyword columns are PersonKeywords, one column
            // per descriptor (lists as lines of text), so rows decode without a JSON parser and
            // "everyone with glasses" is plain SQL; `keyword_text` is the descriptors as one
            // line, for search.
            // The review columns are the scheduler's state: SM-2's interval and ease, FSRS's
            // stability and difficulty (NULL until the first FSRS review), and both share
            // repetitions, lapses, due and last-reviewed times.
            try db.execute(
                sql: """
                    CREATE TABLE people (
                        id TEXT PRIMARY KEY NOT NULL,
                        name TEXT NOT NULL CHECK (length(trim(name)) > 0),
                        context TEXT,
                        transcript TEXT NOT NULL,
                        hair_color TEXT,
                        hair_length TEXT,
                        hair_style TEXT,
                        eyewear TEXT,
                        facial_hair TEXT,
                        height TEXT,
                        build TEXT,
                        approximate_age TEXT,
                        accessories TEXT NOT NULL,
                        clothing_colors TEXT NOT NULL,
                        profession TEXT,
                        origin TEXT,
                        interests TEXT NOT NULL,
                        keyword_text TEXT NOT NULL,
                        sketch_file TEXT,
                        photo_file TEXT,
                        created_at REAL NOT NULL,
                        interval_days INTEGER NOT NULL CHECK (interval_days >= 0),
                        ease_factor REAL NOT NULL,
                        repetitions INTEGER NOT NULL CHECK (repetitions >= 0),
                        lapses INTEGER NOT NULL CHECK (lapses >= 0),
                        due_at REAL NOT NULL,
                        last_reviewed_at REAL,
                        stability REAL,
                        difficulty REAL
                    );
                    -- The due queue and the due count: a range scan, oldest due first.
                    CREATE INDEX idx_people_due ON people(due_at, created_at);
                    -- The home screen's context filter and the list of contexts in use.
                    CREATE INDEX idx_people_context ON people(context COLLATE NOCASE) WHERE context IS NOT NULL;
                    -- The home screen's list, most recently met first.
                    CREATE INDEX idx_people_created ON people(created_at DESC);
                    """)

            // people_fts — full-text search over name, context, keywords and transcript, case-
            // and diacritic-insensitive ("zoe" finds "Zoë"). External content kept in step with
            // `people` by triggers.
            try db.create(virtualTable: "people_fts", using: FTS5()) { table in
                table.synchronize(withTable: "people")
                table.tokenizer = .unicode61(diacritics: .remove)
                table.column("name")
                table.column("context")
                table.column("keyword_text")
                table.column("transcript")
            }

            // review_log — every answer, append-only: what was rated when, and the interval it
            // gave. Kept for statistics and for fitting FSRS parameters to this user later.
            try db.execute(
                sql: """
                    CREATE TABLE review_log (
                        person_id TEXT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
                        reviewed_at REAL NOT NULL,
                        rating TEXT NOT NULL,
                        scheduler TEXT NOT NULL,
                        interval_days INTEGER NOT NULL
                    );
                    CREATE INDEX idx_review_log_person ON review_log(person_id, reviewed_at);
                    """)

            // app_settings — small device-local values (the chosen scheduler).
            try db.execute(
                sql: """
                    CREATE TABLE app_settings (
                        key TEXT PRIMARY KEY NOT NULL,
                        value TEXT NOT NULL
                    ) WITHOUT ROWID;
                    """)
        }

        migrator.registerMigration("v2") { db in
            // contact_imports — how each imported card is recognised when it is imported again
            // (ContactImportKey: its UID, or a hash of its name and identifying fields). A
            // mapping table rather than a column: a person may be known by several keys, and
            // people added by hand have none. Deleting a person forgets their keys, so
            // importing them again brings them back.
            try db.execute(
                sql: """
                    CREATE TABLE contact_imports (
                        import_key TEXT PRIMARY KEY NOT NULL,
                        person_id TEXT NOT NULL REFERENCES people(id) ON DELETE CASCADE
                    ) WITHOUT ROWID;
                    CREATE INDEX idx_contact_imports_person ON contact_imports(person_id);
                    """)
        }
        return migrator
    }
}
