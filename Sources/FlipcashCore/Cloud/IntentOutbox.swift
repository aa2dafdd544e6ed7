public import FlipcashAPI
public import Foundation
import GRDB
import SQLiteStorage
import Storage
import SwiftProtobuf

/// The intents this device has decided to send, saved **before** the first attempt with their
/// ids, so that a crash, a lost reply or a double tap re-sends the same intent under the same id
/// and the server answers the first result again: money never moves twice and the person never
/// sees an error for a payment that went through. A cash link's URL is saved with the intent that
/// funds it, so a link whose reply was lost can still be shared or cancelled.
///
/// Unlike the cache (rebuilt from the server on any schema change), the outbox holds what only
/// this device knows, so it has real migrations.
public struct IntentOutbox: Sendable {
    /// An intent as saved.
    public struct Entry: Sendable {
        public enum State: String, Hashable, Sendable {
            case pending, settled, refused
        }

        public let id: Data
        public let action: Flipcash_V1_SubmitIntentRequest.OneOf_Action
        /// The cash link this intent funds, for a link send.
        public let link: CashLink?
        public let createdAt: Date
        public let state: State
    }

    let database: any DatabaseWriter

    /// The outbox in `url`, created or migrated.
    public static func open(at url: URL) throws -> IntentOutbox {
        IntentOutbox(database: try DatabaseOpener.openFile(at: url, migrator: migrator))
    }

    /// An outbox in memory, for tests.
    public static func inMemory() throws -> IntentOutbox {
        IntentOutbox(database: try DatabaseOpener.openInMemory(migrator: migrator))
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE intents (
                        id BLOB PRIMARY KEY NOT NULL,
                        action BLOB NOT NULL,
                        link TEXT,
                        created_at REAL NOT NULL,
                        state TEXT NOT NULL
                    );
                    CREATE INDEX intents_pending ON intents(state, created_at);
                    CREATE UNIQUE INDEX intents_link ON intents(link) WHERE link IS NOT NULL;
                    """)
        }
        return migrator
    }

    /// Saves a new intent as pending (again with the same id: the saved one is kept).
    public func save(id: Data, action: Flipcash_V1_SubmitIntentRequest.OneOf_Action, link: CashLink? = nil, at date: Date) throws {
        let body = try Self.encode(action)
        try database.write { db in
            try db.execute(
                sql: "INSERT INTO intents (id, action, link, created_at, state) VALUES (?, ?, ?, ?, 'pending') ON CONFLICT (id) DO NOTHING",
                arguments: [id, body, link?.absoluteString, date.timeIntervalSince1970])
        }
    }

    /// Records how the server answered the intent under `id`.
    public func finish(_ id: Data, as state: Entry.State) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE intents SET state = ? WHERE id = ?", arguments: [state.rawValue, id])
        }
    }

    /// The intent under `id`, if saved.
    public func entry(_ id: Data) throws -> Entry? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT id, action, link, created_at, state FROM intents WHERE id = ?", arguments: [id]).map(Self.entry)
        }
    }

    /// Intents not answered yet, oldest first.
    public func pending() throws -> [Entry] {
        try database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT id, action, link, created_at, state FROM intents WHERE state = 'pending' ORDER BY created_at, id"
            ).map(Self.entry)
        }
    }

    /// The saved intent that funds the cash link `link`, if this device sent it.
    public func entry(funding link: CashLink) throws -> Entry? {
        try database.read { db in
            try Row.fetchOne(
                db, sql: "SELECT id, action, link, created_at, state FROM intents WHERE link = ?", arguments: [link.absoluteString]
            ).map(Self.entry)
        }
    }

    static func encode(_ action: Flipcash_V1_SubmitIntentRequest.OneOf_Action) throws -> Data {
        var holder = Flipcash_V1_SubmitIntentRequest()
        holder.action = action
        return try holder.deterministicData()
    }

    static func entry(_ row: Row) throws -> Entry {
        let body: Data = row[1]
        guard let action = try Flipcash_V1_SubmitIntentRequest(serializedBytes: body).action,
            let state = Entry.State(rawValue: row[4])
        else { throw StorageError.readFailed(path: "outbox intents", reason: "an intent without its action") }
        let link = try (row[2] as String?).map { text in try CashLink(parsing: text) }
        return Entry(id: row[0], action: action, link: link, createdAt: Date(timeIntervalSince1970: row[3]), state: state)
    }
}
